// gridars-ip/full-run/<variant>: every back-end and constraint set on the same instances, the ones
// of one full ELGL run (GridARS Table 1 workload, seed 1, UserA and UserB). The run is replayed
// without SimGrid through the GRC's own decision logic (sim/kinds/coallocation/coordinator.hpp):
// requests in submit order, N = 10 laddered frames, the availability of every frame read from
// reservation tables, the default gridars-ip planner (CBC, (10)(11)) deciding and its first plan
// in the "time" order committed. Each variant then solves every recorded
// frame of every 4th request on its own (no reuse of identical frames), so all variants see the
// same ~1,100 0-1 IPs in one benchmark run. Counters: median, mean and max wall ms per plan
// (building, solving, decoding and checking), and the median of the solver's time alone.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "model/reservation_table.hpp"
#include "schedulers/builtins.hpp"
#include "sim/kinds/coallocation/coordinator.hpp"
#include "workloads/gridars_generator.hpp"

namespace arsim::bench {
model::ResourceGraph elgl_graph();  // bench_gridars_ip.cpp
}

namespace {

using namespace arsim;

struct Instance {
  model::Request request;
  std::vector<model::Availability> frames;
};

void commit(const model::Request& r, const model::Plan& p,
            std::vector<model::ReservationTable>& cores,
            std::vector<model::ReservationTable>& bandwidth) {
  const double forever = std::numeric_limits<double>::infinity();
  for (std::size_t j = 0; j < p.sites.size(); ++j) {
    cores[p.sites[j]].hold(p.frame, r.components[j].cpus, r.id, forever, r.submit);
    cores[p.sites[j]].commit(r.id, r.submit);
  }
  std::map<int, double> per_edge;
  for (std::size_t l = 0; l < p.routes.size(); ++l)
    for (int e : p.routes[l]) per_edge[e] += r.pairs[l].bandwidth;
  for (const auto& [e, bw] : per_edge) {
    bandwidth[e].hold(p.frame, bw, r.id, forever, r.submit);
    bandwidth[e].commit(r.id, r.submit);
  }
}

const std::vector<Instance>& full_run(const model::ResourceGraph& g) {
  static const std::vector<Instance> instances = [&] {
    schedulers::Registries reg;
    schedulers::register_builtins(reg);
    const kinds::coallocation::Coordinator grc(reg.planners.create("gridars-ip", {}), {10, "time"});
    std::vector<model::ReservationTable> cores, bandwidth;
    for (const auto& v : g.vertices()) cores.emplace_back(v.cores);
    for (const auto& e : g.edges()) bandwidth.emplace_back(e.bandwidth);
    std::vector<Instance> out;
    for (const auto& r : workloads::generate_gridars(workloads::GridarsConfig{}, 1, 0)) {
      const auto frames = grc.frames(r);
      Instance inst{
          r, kinds::coallocation::availability_from_tables(frames, cores, bandwidth, r.submit)};
      const auto planning = grc.plan(g, r, inst.frames);
      if (!planning.plans.empty()) commit(r, planning.plans.front(), cores, bandwidth);
      out.push_back(std::move(inst));
    }
    return out;
  }();
  return instances;
}

void bm_full_run(benchmark::State& state, std::map<std::string, std::string> params) {
  const auto g = bench::elgl_graph();
  const auto& instances = full_run(g);
  schedulers::Registries reg;
  schedulers::register_builtins(reg);
  params["reuse_identical_frames"] = "false";
  auto planner = reg.planners.create("gridars-ip", params);
  std::vector<double> ms, solve_ms;
  std::size_t plans = 0;
  for (auto _ : state) {
    for (std::size_t i = 0; i < instances.size(); i += 4)
      for (const auto& frame : instances[i].frames) {
        schedulers::PlannerStats stats;
        const auto start = std::chrono::steady_clock::now();
        plans += planner->plan(g, instances[i].request, {frame}, stats).size();
        ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
        solve_ms.push_back(stats.solve_seconds * 1e3);
      }
  }
  std::sort(ms.begin(), ms.end());
  std::sort(solve_ms.begin(), solve_ms.end());
  state.counters["median_solve_ms"] = solve_ms[solve_ms.size() / 2];
  state.counters["solves"] = static_cast<double>(ms.size());
  state.counters["plans"] = static_cast<double>(plans);
  state.counters["median_ms"] = ms[ms.size() / 2];
  state.counters["mean_ms"] =
      std::accumulate(ms.begin(), ms.end(), 0.0) / static_cast<double>(ms.size());
  state.counters["max_ms"] = ms.back();
}

const bool registered = [] {
  const std::vector<std::pair<std::string, std::map<std::string, std::string>>> variants = {
      {"cbc", {{"extra_constraints", "false"}}},
      {"cbc-st", {}},
      {"glpk", {{"backend", "glpk"}, {"extra_constraints", "false"}}},
      {"glpk-st", {{"backend", "glpk"}}},
      {"cbc-st-1", {{"first_feasible", "true"}}},
  };
  for (const auto& [name, params] : variants)
    benchmark::RegisterBenchmark(("gridars-ip/full-run/" + name).c_str(), bm_full_run, params)
        ->Iterations(1)
        ->Unit(benchmark::kSecond);
  return true;
}();

}  // namespace
