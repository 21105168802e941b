// Test instances for gridars-ip: a hand-built graph in the shape of GridARS Fig. 4, random tiny
// instances, and an independent brute-force optimum (enumerating site assignments and simple
// paths, sharing no code with the IP) that serves as the optimality certificate.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "model/plan.hpp"
#include "model/request.hpp"
#include "model/resource_graph.hpp"
#include "schedulers/gridars_ip/gridars_ip.hpp"
#include "schedulers/milp/solve.hpp"
#include "schedulers/planner.hpp"

namespace arsim::test {

struct Instance {
  model::ResourceGraph graph;
  model::Request request;
  model::Availability avail;
};

// A request at time frame [0, 100): components with the given cores, pairs (a, b, bandwidth).
model::Request make_request(const std::vector<int>& cpus, const std::vector<model::Pair>& pairs);

// Two domains D1, D2 joined by two exchange points X, Y (Fig. 4's shape):
//   sites A (D1, 4 cores, vc 1), B (D1, 8 cores, vc 2), C (D2, 16 cores, vc 1), D (D2, 2, vc 3);
//   edges (domain, Gbit/s, vb): e0 A-B (D1, 1, 5), e1 A-X (D1, 10, 1), e2 B-X (D1, 10, 2),
//   e3 A-Y (D1, 10, 2), e4 X-C (D2, 10, 1), e5 Y-C (D2, 10, 1), e6 C-D (D2, 10, 4),
//   e7 X-D (D2, 10, 3).
model::ResourceGraph fig4_graph();

// 3–5 sites and 0–2 exchange points, random edges (some parallel), small capacities and unit
// values, a request of 2–3 components with 0–3 pairs, and random free capacities.
Instance random_instance(std::mt19937_64& rng);

// The instance with a latency of 0–3 ms on every edge and, on most pairs, a latency bound of
// 0–6 ms (the other pairs keep none); the draws come from `rng` after random_instance's.
Instance with_latencies(const Instance& inst, std::mt19937_64& rng);

// The instance with about half of its components pinned to distinct random compute sites, some of
// them without the component's cores free; the draws come from `rng` after random_instance's.
Instance with_pins(const Instance& inst, std::mt19937_64& rng);

// The least objective over every plan check_plan would accept (each component on its own site
// with enough free cores, a pinned one on its pin, each pair with bandwidth on a simple path within
// its latency bound, no edge over its free bandwidth), where a site's unit value is vc_i + balance
// · used_i / wc_i. Nothing if none.
std::optional<double> brute_force_optimum(const Instance& inst, double balance = 0);

}  // namespace arsim::test

// The names the tests of gridars-ip use.
namespace gip = arsim::schedulers::gridars_ip;
namespace model = arsim::model;
using arsim::schedulers::PlannerStats;
using arsim::schedulers::milp::Backend;
using arsim::test::Instance;
