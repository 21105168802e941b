// gridars-ip: the time to make one plan (one frame, one 0-1 IP) on the ELGL testbed of GridARS
// Table 1 / Fig. 5, for the four request types, as Table 2 of the paper compares solvers:
//   gridars-ip/cbc, gridars-ip/glpk          eqs. (1)–(9)
//   gridars-ip/cbc-st, gridars-ip/glpk-st    with the extra constraints (10)(11), N_max = 4
//   gridars-ip/cbc-st-1, gridars-ip/glpk-st-1  with (10)(11), first feasible solution only
//   ...-tight                                 each of these with the valid inequalities of
//                                              formulation.hpp added (not in the paper)
//   gridars-ip/cbc-st-cbcdefaults              as cbc-st but with CBC's default settings
// CBC runs with gridars-ip's default cbc_args unless stated.
// Requests: cores per component uniform in {1, 2, 4, 8}, 1 Gbit/s per requested pair, on an empty
// grid (every capacity free), the slowest case (solve times fall as resources fill, Fig. 9).
// Each iteration plans the next of 64 pre-drawn requests of the type, so the time is an average
// over request sizes. Counter "nodes" is branch-and-bound nodes per plan; "median_ms" the median
// wall time of one plan (the mean hides that a few large requests dominate), "median_cpu_ms" the
// same in thread CPU time (robust when other processes load the machine).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "model/plan.hpp"
#include "schedulers/builtins.hpp"

namespace arsim::bench {

// ELGL (platforms/elgl.xml, GridARS Table 1 and Fig. 5): domains N, S, U; exchange point X1 in N,
// S, U and X2 in N, S. Inside a domain its sites and exchange points form a complete graph:
// site–site paths 5 Gbit/s, unit value 5; paths touching an exchange point 10 Gbit/s, unit value 3;
// each path belongs to the domain it lies in (so X1–X2 exists twice, once in N and once in S). CPU
// unit value 1.
model::ResourceGraph elgl_graph() {
  model::ResourceGraph g;
  const std::map<std::string, std::vector<int>> sites = {
      {"N", {8, 16, 32, 64}}, {"S", {8, 16, 32}}, {"U", {8, 16, 32}}};
  std::map<std::string, std::vector<int>> members;
  for (const auto& [domain, cores] : sites)
    for (std::size_t i = 0; i < cores.size(); ++i)
      members[domain].push_back(g.add_vertex(
          {fmt::format("{}{}", domain, i), model::VertexRole::Site, domain, cores[i]}));
  const int x1 = g.add_vertex({"X1", model::VertexRole::Exchange, "", 0});
  const int x2 = g.add_vertex({"X2", model::VertexRole::Exchange, "", 0});
  for (const char* d : {"N", "S", "U"}) members[d].push_back(x1);
  for (const char* d : {"N", "S"}) members[d].push_back(x2);
  for (const auto& [domain, vs] : members)
    for (std::size_t i = 0; i < vs.size(); ++i)
      for (std::size_t j = i + 1; j < vs.size(); ++j) {
        const bool exchange = vs[i] == x1 || vs[i] == x2 || vs[j] == x1 || vs[j] == x2;
        g.add_edge({fmt::format("{}:{}-{}", domain, g.vertex(vs[i]).name, g.vertex(vs[j]).name),
                    vs[i], vs[j], domain, exchange ? 10.0 : 5.0, exchange ? 3.0 : 5.0});
      }
  return g;
}

}  // namespace arsim::bench

namespace {

using namespace arsim;
using bench::elgl_graph;

// Type1: 2 components, 1 pair; Type2: 3 in a line; Type3: triangle; Type4: ring of 4.
model::Request elgl_request(int type, int id, std::mt19937_64& rng) {
  static const std::map<int, std::pair<int, std::vector<std::pair<int, int>>>> shapes = {
      {1, {2, {{0, 1}}}},
      {2, {3, {{0, 1}, {1, 2}}}},
      {3, {3, {{0, 1}, {1, 2}, {0, 2}}}},
      {4, {4, {{0, 1}, {1, 2}, {2, 3}, {0, 3}}}}};
  const auto& [n, pairs] = shapes.at(type);
  model::Request r;
  r.id = id;
  r.user = "bench";
  r.type = type;
  r.duration = 3600;
  const int cpus[] = {1, 2, 4, 8};
  for (int j = 0; j < n; ++j)
    r.components.push_back({cpus[std::uniform_int_distribution<int>(0, 3)(rng)]});
  for (const auto& [a, b] : pairs) r.pairs.push_back({a, b, 1.0});
  return r;
}

// This thread's CPU time: unlike wall time, not inflated when other processes share the cores.
double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double median(std::vector<double>& v) {
  auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  return *mid;
}

void bm_plan(benchmark::State& state, std::map<std::string, std::string> params, int type) {
  schedulers::Registries regs;
  schedulers::register_builtins(regs);
  const auto planner = regs.planners.create("gridars-ip", params);
  const auto graph = elgl_graph();
  const std::vector<model::Availability> frame = {model::full_availability(graph, {0, 3600})};
  std::mt19937_64 rng(1000 + type);
  std::vector<model::Request> requests;
  for (int i = 0; i < 64; ++i) requests.push_back(elgl_request(type, i, rng));
  schedulers::PlannerStats stats;
  std::size_t next = 0, planned = 0;
  std::vector<double> seconds, cpu_seconds;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    const double cpu_start = thread_cpu_seconds();
    auto plans = planner->plan(graph, requests[next++ % requests.size()], frame, stats);
    cpu_seconds.push_back(thread_cpu_seconds() - cpu_start);
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    planned += plans.size();
    benchmark::DoNotOptimize(plans);
  }
  if (planned != static_cast<std::size_t>(state.iterations()))
    state.SkipWithError("a request on the empty ELGL grid got no plan");
  state.counters["nodes"] =
      benchmark::Counter(static_cast<double>(stats.nodes), benchmark::Counter::kAvgIterations);
  if (!seconds.empty()) {
    state.counters["median_ms"] = median(seconds) * 1e3;
    state.counters["median_cpu_ms"] = median(cpu_seconds) * 1e3;
  }
}

struct Variant {
  std::string suffix;
  std::map<std::string, std::string> params;
};

const bool registered = [] {
  const std::vector<Variant> variants = {
      {"", {{"extra_constraints", "false"}}},
      {"-st", {}},
      {"-st-1", {{"first_feasible", "true"}}},
  };
  for (const char* backend : {"cbc", "glpk"})
    for (const auto& v : variants)
      for (const bool tight : {false, true})  // "-tight": the inequalities of formulation.hpp
        for (int type = 1; type <= 4; ++type) {
          auto params = v.params;
          params["backend"] = backend;
          params["tighten"] = tight ? "true" : "false";
          benchmark::RegisterBenchmark(fmt::format("gridars-ip/{}{}{}/type:{}", backend, v.suffix,
                                                   tight ? "-tight" : "", type)
                                           .c_str(),
                                       bm_plan, params, type)
              ->Unit(benchmark::kMillisecond);
        }
  // CBC with its own default settings instead of gridars-ip's cbc_args, for comparison.
  for (int type = 1; type <= 4; ++type)
    benchmark::RegisterBenchmark(fmt::format("gridars-ip/cbc-st-cbcdefaults/type:{}", type).c_str(),
                                 bm_plan, std::map<std::string, std::string>{{"cbc_args", ""}},
                                 type)
        ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace
