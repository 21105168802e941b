// Resource matchers of Garbacki & Naik (schedulers/matching/) on generated batches
// (workloads/matching/generator.hpp, Table 1 resources, §5.1 jobs):
//   matching/lp[-glpk|-weighted]/OBJ/jobs:40/p:0.5/res:200   the exact lp on kLpInstances batches,
//       one solve per iteration: median_s, p95_s, max_s of the wall time, proven (batches proved
//       optimal). -weighted: load balance as one weighted objective instead of two solves;
//       -direct: the direct CBC settings of schedulers/milp (kCbcDirectArgs) with a
//       kDirectLimit-second limit.
//   matching/lns/reach/OBJ/jobs:40   lns with a 1 s limit on kReachInstances batches: reached
//       (batches where it reached 99.5 % of the optimum, proven by lp, within the second),
//       median_s and max_s of the time it took.
//   matching/anytime/OBJ/jobs:400/res:2000   lns and hybrid (its iteration limits lifted) for
//       kAnytimeSeconds each on kAnytimeInstances batches; their incumbents compared on a
//       logarithmic grid of times from 0.02 s: above (grid points where lns >= hybrid, over all
//       batches), points, below (both have a solution and lns's is worse), unstarted (hybrid has
//       one, lns none yet), first_lns_s / first_hybrid_s (time of the first solution, median),
//       lns_at_1s / hybrid_at_1s and lns_at_end / hybrid_at_end (incumbent / best known, mean).
// Every matching is verified by model/matching/check.hpp. Wall times depend on the machine.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/matching/check.hpp"
#include "schedulers/matching/register.hpp"
#include "schedulers/milp/solve.hpp"
#include "workloads/matching/generator.hpp"

namespace {

namespace mm = arsim::model::matching;
using arsim::schedulers::MatchResult;

constexpr int kLpInstances = 40;
constexpr int kReachInstances = 20;
constexpr int kAnytimeInstances = 2;
constexpr double kAnytimeSeconds = 5;
constexpr double kDirectLimit = 2;

mm::Instance batch(std::uint64_t k, int jobs, double p, int per_type) {
  mm::Instance inst = arsim::workloads::matching::table1_resources(2024, k, per_type);
  arsim::workloads::matching::add_jobs(inst, 2024, k, jobs, p);
  return inst;
}

MatchResult run(const std::string& name, const std::map<std::string, std::string>& params,
                const mm::Instance& inst, const mm::Policy& policy) {
  arsim::schedulers::MatcherRegistry reg("resource matcher");
  arsim::schedulers::matching::register_matchers(reg);
  MatchResult r = reg.create(name, params)->match(inst, policy, 1);
  if (auto v = mm::check_matching(inst, r.matching, policy, r.objective))
    throw std::logic_error(name + ": " + *v);
  return r;
}

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return std::nan("");
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(std::ceil(q * v.size())) - 1)];
}

void lp_bench(benchmark::State& state, mm::Objective obj,
              std::map<std::string, std::string> params) {
  std::vector<mm::Instance> insts;
  for (int k = 0; k < kLpInstances; ++k) insts.push_back(batch(k, 40, 0.5, 50));
  std::vector<double> secs;
  int proven = 0, k = 0;
  for (auto _ : state) {
    const MatchResult r = run("lp", params, insts[k++ % kLpInstances], {obj});
    secs.push_back(r.stats.seconds);
    proven += r.optimal;
  }
  state.counters["median_s"] = quantile(secs, 0.5);
  state.counters["p95_s"] = quantile(secs, 0.95);
  state.counters["max_s"] = quantile(secs, 1.0);
  state.counters["proven"] = proven;
}

void lns_reach(benchmark::State& state, mm::Objective obj) {
  std::vector<double> reach;
  int reached = 0, k = 0;
  for (auto _ : state) {
    const mm::Instance inst = batch(k++, 40, 0.5, 50);
    state.PauseTiming();
    const MatchResult opt = run("lp", {}, inst, {obj});
    state.ResumeTiming();
    const MatchResult r = run("lns", {{"time_limit", "1"}}, inst, {obj});
    for (const auto& p : r.stats.trace)
      if (opt.optimal && p.objective >= 0.995 * opt.objective) {
        reach.push_back(p.seconds);
        ++reached;
        break;
      }
  }
  state.counters["reached"] = reached;
  state.counters["median_s"] = quantile(reach, 0.5);
  state.counters["max_s"] = quantile(reach, 1.0);
}

// The incumbent at time t (NaN before the first solution).
double at(const std::vector<arsim::schedulers::MatchTracePoint>& trace, double t) {
  double v = std::nan("");
  for (const auto& p : trace)
    if (p.seconds <= t) v = p.objective;
  return v;
}

void anytime(benchmark::State& state, mm::Objective obj) {
  const std::string limit = std::to_string(kAnytimeSeconds);
  int above = 0, below = 0, unstarted = 0, points = 0, k = 0;
  std::vector<double> first_lns, first_hybrid, lns1, hyb1, lns_end, hyb_end;
  for (auto _ : state) {
    const mm::Instance inst = batch(100 + k++, 400, 0.5, 500);
    const MatchResult l = run("lns", {{"time_limit", limit}}, inst, {obj});
    const MatchResult h = run("hybrid",
                              {{"time_limit", limit},
                               {"max_iterations", "2000000000"},
                               {"stall_iterations", "2000000000"}},
                              inst, {obj});
    const double best = std::max(l.objective, h.objective);
    for (double t = 0.02; t <= kAnytimeSeconds; t *= 1.25) {
      const double a = at(l.stats.trace, t), b = at(h.stats.trace, t);
      ++points;
      above += !std::isnan(a) && (std::isnan(b) || a >= b);
      below += !std::isnan(a) && !std::isnan(b) && a < b;
      unstarted += std::isnan(a) && !std::isnan(b);
    }
    first_lns.push_back(l.stats.trace.front().seconds);
    first_hybrid.push_back(h.stats.trace.front().seconds);
    lns1.push_back(at(l.stats.trace, 1) / best);
    hyb1.push_back(at(h.stats.trace, 1) / best);
    lns_end.push_back(l.objective / best);
    hyb_end.push_back(h.objective / best);
  }
  auto mean = [](const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x;
    return v.empty() ? std::nan("") : s / v.size();
  };
  state.counters["above"] = above;
  state.counters["points"] = points;
  state.counters["below"] = below;
  state.counters["unstarted"] = unstarted;
  state.counters["first_lns_s"] = quantile(first_lns, 0.5);
  state.counters["first_hybrid_s"] = quantile(first_hybrid, 0.5);
  state.counters["lns_at_1s"] = mean(lns1);
  state.counters["hybrid_at_1s"] = mean(hyb1);
  state.counters["lns_at_end"] = mean(lns_end);
  state.counters["hybrid_at_end"] = mean(hyb_end);
}

const std::map<std::string, mm::Objective> kObjectives = {
    {"throughput", mm::Objective::Throughput},
    {"prioritized", mm::Objective::Prioritized},
    {"load_balance", mm::Objective::LoadBalance}};

int register_all() {
  for (const auto& [name, obj] : kObjectives) {
    benchmark::RegisterBenchmark(("matching/lp/" + name + "/jobs:40/p:0.5/res:200").c_str(),
                                 lp_bench, obj, std::map<std::string, std::string>{})
        ->Iterations(kLpInstances)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("matching/lp-glpk/" + name + "/jobs:40/p:0.5/res:200").c_str(),
                                 lp_bench, obj,
                                 std::map<std::string, std::string>{{"backend", "glpk"}})
        ->Iterations(kLpInstances)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("matching/lns/reach/" + name + "/jobs:40").c_str(), lns_reach,
                                 obj)
        ->Iterations(kReachInstances)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("matching/anytime/" + name + "/jobs:400/res:2000").c_str(),
                                 anytime, obj)
        ->Iterations(kAnytimeInstances)
        ->Unit(benchmark::kSecond);
  }
  benchmark::RegisterBenchmark("matching/lp-weighted/load_balance/jobs:40/p:0.5/res:200", lp_bench,
                               mm::Objective::LoadBalance,
                               std::map<std::string, std::string>{{"lexicographic", "false"}})
      ->Iterations(kLpInstances)
      ->Unit(benchmark::kMillisecond);
  for (const auto& [name, obj] : kObjectives)
    benchmark::RegisterBenchmark(
        ("matching/lp-direct/" + name + "/jobs:40/p:0.5/res:200").c_str(), lp_bench, obj,
        std::map<std::string, std::string>{{"cbc_args", arsim::schedulers::milp::kCbcDirectArgs},
                                           {"time_limit", std::to_string(kDirectLimit)}})
        ->Iterations(kLpInstances)
        ->Unit(benchmark::kMillisecond);
  return 0;
}

const int kRegistered = register_all();

}  // namespace
