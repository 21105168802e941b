// coallocation/scale/<planner>/<sites>/<domains>: a planner's cost per request against the size
// of a multi-domain network, the GRC's Coordinator and the RMs' reservation tables as in
// bench_coallocation_scale.cpp (no SimGrid). The graph (multi_domain_graph below) has `domains`
// domains of sites/domains sites each; the workload is the GridARS generator's (Table 1) with
// its arrival rate multiplied by the network's cores over ELGL's 248, so that every size sees
// ELGL's load, and its arrival span and windows scaled alike so that at least about 2,000
// requests arrive.
// Counters: "per_request" the time per request, of which "planner_us" the planner's CPU time
// (what GridARS' GRC spends) and "rms_us" the reading of every table's availability (what the
// RMs spend, each its own tables, in parallel in a real grid); "accepted" the accepted share.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <ctime>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "model/reservation_table.hpp"
#include "schedulers/builtins.hpp"
#include "sim/kinds/coallocation/coordinator.hpp"
#include "workloads/gridars_generator.hpp"

namespace arsim::bench {

// A seeded multi-domain network: in each domain, routers (exchange points, one per two sites, at
// least two) on a ring with one chord per four routers, each site joined to a router of its domain
// (40 Gbit/s, unit value 1); domains joined into a tree (each to a random earlier one) plus one
// link per two domains between random routers of two random domains (100 Gbit/s, unit value 3).
// Router-router links inside a domain are 100 Gbit/s, unit value 1. Cores per site from 8, 16, 32,
// 64, CPU unit value 1.
model::ResourceGraph multi_domain_graph(int sites, int domains, unsigned seed) {
  std::mt19937_64 rng(seed);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  model::ResourceGraph g;
  std::vector<std::vector<int>> routers(domains);
  int edges = 0;
  auto link = [&](int a, int b, const std::string& domain, double bw, double value) {
    g.add_edge({fmt::format("e{}", edges++), a, b, domain, bw, value});
  };
  for (int d = 0; d < domains; ++d) {
    const std::string name = fmt::format("D{}", d);
    const int in_domain = sites / domains + (d < sites % domains ? 1 : 0);
    const int r = std::max(2, in_domain / 2);
    for (int i = 0; i < r; ++i)
      routers[d].push_back(
          g.add_vertex({fmt::format("{}R{}", name, i), model::VertexRole::Exchange, name, 0}));
    for (int i = 0; i < r && r > 2; ++i) link(routers[d][i], routers[d][(i + 1) % r], name, 100, 1);
    if (r == 2) link(routers[d][0], routers[d][1], name, 100, 1);
    for (int c = 0; c < r / 4; ++c) {
      const int a = pick(r), b = pick(r);
      if (a != b) link(routers[d][a], routers[d][b], name, 100, 1);
    }
    for (int s = 0; s < in_domain; ++s) {
      const int v = g.add_vertex(
          {fmt::format("{}S{}", name, s), model::VertexRole::Site, name, 8 << pick(4)});
      link(v, routers[d][pick(r)], name, 40, 1);
    }
  }
  auto inter = [&](int d, int e) {
    link(routers[d][pick(static_cast<int>(routers[d].size()))],
         routers[e][pick(static_cast<int>(routers[e].size()))], fmt::format("D{}", d), 100, 3);
  };
  for (int d = 1; d < domains; ++d) inter(d, pick(d));
  for (int k = 0; k < domains / 2; ++k) {
    const int d = pick(domains), e = pick(domains);
    if (d != e) inter(d, e);
  }
  return g;
}

}  // namespace arsim::bench

namespace {

using namespace arsim;

constexpr double kHoldTimeout = 60;
constexpr double kElglCores = 248;
constexpr double kRequests = 2000;

struct Tables {
  std::vector<model::ReservationTable> cores, bandwidth;
};

bool reserve(const model::Request& r, const model::Plan& p, model::ReservationId id, Tables& t) {
  std::vector<model::ReservationTable*> held;
  auto hold = [&](model::ReservationTable& table, double amount) {
    if (!table.hold(p.frame, amount, id, r.submit + kHoldTimeout, r.submit)) return false;
    held.push_back(&table);
    return true;
  };
  bool ok = true;
  for (std::size_t j = 0; ok && j < p.sites.size(); ++j)
    ok = hold(t.cores[p.sites[j]], r.components[j].cpus);
  std::vector<double> per_edge(t.bandwidth.size(), 0.0);
  for (std::size_t l = 0; l < p.routes.size(); ++l)
    for (int e : p.routes[l]) per_edge[e] += r.pairs[l].bandwidth;
  for (std::size_t e = 0; ok && e < per_edge.size(); ++e)
    if (per_edge[e] > 0) ok = hold(t.bandwidth[e], per_edge[e]);
  for (auto* table : held) ok ? (void)table->commit(id, r.submit) : (void)table->abort(id);
  return ok;
}

double thread_cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

void bm_scale(benchmark::State& state, std::string planner,
              std::map<std::string, std::string> params) {
  const int sites = static_cast<int>(state.range(0)), domains = static_cast<int>(state.range(1));
  const auto g = bench::multi_domain_graph(sites, domains, 1);
  double cores = 0;
  for (const auto& v : g.vertices()) cores += v.cores;
  workloads::GridarsConfig c;
  const double rate = cores / kElglCores;  // ELGL's load on every size
  const double per_day = c.users.size() * c.arrival_end / c.users[0].mean_interarrival * rate;
  // Arrivals and windows over the same fraction of a day keep the load; at least a third of one,
  // so that the longest request (7,200 s, LST = EST + 3 D) fits in the window.
  const double f = std::max(kRequests / per_day, 1.0 / 3);
  for (auto& u : c.users) u.mean_interarrival /= rate;
  c.arrival_end *= f;
  c.window_start *= f;
  c.window_end *= f;
  const auto requests = workloads::generate_gridars(c, 1, 0);
  schedulers::Registries reg;
  schedulers::register_builtins(reg);
  const kinds::coallocation::Coordinator grc(reg.planners.create(planner, params), {10, "time"});
  std::size_t accepted = 0;
  double planner_cpu = 0, rms = 0;  // CPU seconds in the planner and reading the tables
  for (auto _ : state) {
    Tables t;
    for (const auto& v : g.vertices()) t.cores.emplace_back(v.cores);
    for (const auto& e : g.edges()) t.bandwidth.emplace_back(e.bandwidth);
    model::ReservationId next_id = 1;
    accepted = 0;
    planner_cpu = rms = 0;
    for (const auto& r : requests) {
      const double read = thread_cpu_seconds();
      auto availability = kinds::coallocation::availability_from_tables(grc.frames(r), t.cores,
                                                                        t.bandwidth, r.submit);
      rms += thread_cpu_seconds() - read;
      auto plans = grc.plans(g, r, std::move(availability));
      while (auto p = plans.next_plan())
        if (reserve(r, *p, next_id++, t)) {
          ++accepted;
          break;
        }
      planner_cpu += plans.tally().cpu;
    }
  }
  const auto n = static_cast<double>(requests.size());
  state.counters["requests"] = n;
  state.counters["edges"] = g.edge_count();
  state.counters["accepted"] = static_cast<double>(accepted) / n;
  state.counters["per_request"] = benchmark::Counter(
      n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["planner_us"] = planner_cpu / n * 1e6;  // the planner's part of per_request
  state.counters["rms_us"] = rms / n * 1e6;              // the RMs' tables' part
}

const bool registered = [] {
  const std::vector<std::pair<std::string, std::map<std::string, std::string>>> planners = {
      {"greedy", {}},
      {"ctaap", {}},
      {"ctaap", {{"candidates", "16"}}},
      {"ctaap", {{"candidates", "8"}}},
      {"gridars-ip", {}}};
  for (const auto& [planner, params] : planners) {
    std::string name = "coallocation/scale/" + planner;
    for (const auto& [key, value] : params) name += "/" + key + "=" + value;
    benchmark::RegisterBenchmark(name.c_str(), bm_scale, planner, params)
        ->Args({10, 2})
        ->Args({30, 3})
        ->Args({100, 10})
        ->Args({300, 20})
        ->Args({1000, 50})
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
  }
  return true;
}();

}  // namespace
