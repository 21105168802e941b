// What RMs disclose (availability per time frame, GridARS §2.3) and what a planner returns (a
// reservation plan, Fig. 2), with a checker that is independent of every planner.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/request.hpp"
#include "model/resource_graph.hpp"
#include "model/time.hpp"

namespace arsim::model {

// The minimum free capacity of every resource over one frame.
struct Availability {
  TimeFrame frame;
  std::vector<int> free_cores;         // per vertex id (0 for exchange points)
  std::vector<double> free_bandwidth;  // per edge id, Gbit/s

  // What a user of service level `level` is shown (option C): every capacity times level, cores
  // rounded down.
  Availability scaled(double level) const;
};

// Everything free: the whole capacity of the graph over `frame`.
Availability full_availability(const ResourceGraph& g, TimeFrame frame);

struct Plan {
  TimeFrame frame;
  std::vector<int> sites;                // per component: the vertex id it runs on
  std::vector<std::vector<int>> routes;  // per request pair: edge ids in order from the site of
                                         // pair.a to the site of pair.b; empty if bandwidth is 0
  double cost = 0;                       // the planner's objective value
};

// Checks a plan against the request and the availability of its frame: the frame has the
// request's duration and lies in [EST, LST + D]; each component on its own compute site with
// enough free cores; every pair with bandwidth joined by a simple chain of edges between its two
// sites; every route's latency (route_latency) at most its pair's max_latency (within 1e-9 s); no
// edge carries more than its free bandwidth. Returns the first violation, or nothing.
std::optional<std::string> check_plan(const ResourceGraph& g, const Request& r,
                                      const Availability& avail, const Plan& p);

// Whether every pinned component of `r` (Component::site) is on a compute site of `g`: a planner
// has no plan for a request pinned anywhere else.
bool pins_on_sites(const ResourceGraph& g, const Request& r);
// Whether every pinned component of `r` has its cores free on its site in `avail` (its pins on
// sites of `g`): a frame where one has not holds no plan.
bool pins_fit(const Request& r, const Availability& avail);

// The latency of a route: the sum of its edges' latencies, added in route order (the auditor adds
// them in the same order).
double route_latency(const ResourceGraph& g, const std::vector<int>& route);

// Sum of unit values times reserved amounts (objective (3) of GridARS for this plan).
double plan_value(const ResourceGraph& g, const Request& r, const Plan& p);

}  // namespace arsim::model
