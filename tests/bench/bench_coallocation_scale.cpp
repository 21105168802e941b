// coallocation/replay/<family>/<requests>: the co-allocation core of a run (the GRC's Coordinator
// and the RMs' reservation tables, sim/kinds/coallocation/coordinator.hpp) on 10^3, 10^4 and 10^5
// requests of the GridARS workload on ELGL, with the greedy planner, without SimGrid. Requests are
// replayed in submit order, each at its submit time: N = 10 laddered frames, their availability
// read from the tables, the plans tried in the "time" order with hold (expiring after 60 s) on
// every table, then commit, or abort of the holds already granted. Two ways to scale:
//   dense  the default day of arrivals, both users' mean_interarrival divided so the expected
//          count is <requests>: the tables fill up and most requests are rejected;
//   long   the default rate, arrival_end, window_start and window_end multiplied instead: the
//          accepted reservations, hence the tables, grow with the requests.
// Counter "per_request" is the time per request (the figure that must stay flat), "accepted" the
// accepted share. The workload is drawn before timing. docs/studies/performance.md has the figures.
#include <benchmark/benchmark.h>

#include <map>
#include <string>
#include <vector>

#include "model/reservation_table.hpp"
#include "schedulers/builtins.hpp"
#include "sim/kinds/coallocation/coordinator.hpp"
#include "tests/bench/replay.hpp"
#include "workloads/gridars_generator.hpp"

namespace arsim::bench {
model::ResourceGraph elgl_graph();  // bench_gridars_ip.cpp

namespace {
constexpr double kHoldTimeout = 60;
}  // namespace

Tables empty_tables(const model::ResourceGraph& g) {
  Tables t;
  for (const auto& v : g.vertices()) t.cores.emplace_back(v.cores);
  for (const auto& e : g.edges()) t.bandwidth.emplace_back(e.bandwidth);
  return t;
}

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
  std::map<int, double> per_edge;
  for (std::size_t l = 0; l < p.routes.size(); ++l)
    for (int e : p.routes[l]) per_edge[e] += r.pairs[l].bandwidth;
  for (auto it = per_edge.begin(); ok && it != per_edge.end(); ++it)
    ok = hold(t.bandwidth[it->first], it->second);
  for (auto* table : held) ok ? (void)table->commit(id, r.submit) : (void)table->abort(id);
  return ok;
}

}  // namespace arsim::bench

namespace {

using namespace arsim;
using bench::empty_tables;
using bench::reserve;
using bench::Tables;

// Accepted requests.
std::size_t replay(const model::ResourceGraph& g, const kinds::coallocation::Coordinator& grc,
                   const std::vector<model::Request>& requests) {
  Tables t = empty_tables(g);
  model::ReservationId next_id = 1;
  std::size_t accepted = 0;
  for (const auto& r : requests) {
    const auto frames = grc.frames(r);
    auto plans = grc.plans(
        g, r,
        kinds::coallocation::availability_from_tables(frames, t.cores, t.bandwidth, r.submit));
    while (auto p = plans.next_plan())  // as the GRC tries them (actors/grc.cpp)
      if (reserve(r, *p, next_id++, t)) {
        ++accepted;
        break;
      }
  }
  return accepted;
}

// The GridARS workload (Table 1 defaults) scaled to about `requests` requests.
std::vector<model::Request> workload(const std::string& family, double requests) {
  workloads::GridarsConfig c;
  const double per_day = c.users.size() * c.arrival_end / c.users[0].mean_interarrival;
  const double k = requests / per_day;
  if (family == "dense") {
    for (auto& u : c.users) u.mean_interarrival /= k;
  } else {
    c.arrival_end *= k;
    c.window_start *= k;
    c.window_end *= k;
  }
  return workloads::generate_gridars(c, 1, 0);
}

void bm_replay(benchmark::State& state, std::string family) {
  const auto g = bench::elgl_graph();
  const auto requests = workload(family, static_cast<double>(state.range(0)));
  schedulers::Registries reg;
  schedulers::register_builtins(reg);
  const kinds::coallocation::Coordinator grc(reg.planners.create("greedy", {}), {10, "time"});
  std::size_t accepted = 0;
  for (auto _ : state) accepted = replay(g, grc, requests);
  const auto n = static_cast<double>(requests.size());
  state.counters["requests"] = n;
  state.counters["accepted"] = static_cast<double>(accepted) / n;
  state.counters["per_request"] = benchmark::Counter(
      n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

const bool registered = [] {
  for (const char* family : {"dense", "long"})
    benchmark::RegisterBenchmark((std::string("coallocation/replay/") + family).c_str(), bm_replay,
                                 std::string(family))
        ->Arg(1000)
        ->Arg(10000)
        ->Arg(100000)
        ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace
