// Interval baselines and the repaired SCS . Uniform synthetic tasks as in
// bench_spectral.cpp, T = 1, one activation; the trace benchmark runs the periodic driver on the
// KTH SP2 log of the Parallel Workloads Archive (data/traces/, run from the source root).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <random>

#include "schedulers/interval/periodic.hpp"
#include "schedulers/interval/register.hpp"
#include "schedulers/spectral/register.hpp"
#include "tests/support/interval_tasks.hpp"
#include "workloads/intervals/swf.hpp"

using namespace arsim::schedulers;

using arsim::testing::uniform_tasks;

namespace {

const IntervalRegistry& registry() {
  static const IntervalRegistry r = [] {
    IntervalRegistry reg{"interval scheduler"};
    interval::register_schedulers(reg);
    spectral::register_schedulers(reg);
    return reg;
  }();
  return r;
}

void BM_Interval(benchmark::State& state, std::string name,
                 std::map<std::string, std::string> params) {
  const int n = static_cast<int>(state.range(0)), m = static_cast<int>(state.range(1));
  const auto tasks = uniform_tasks(n, 0.01);
  double d = 0;
  for (auto _ : state) {
    auto s = registry().create(name, params);
    d = interval::run_periodic(*s, tasks, m, 1).deviation;
  }
  state.counters["D"] = d;
}

void BM_Trace(benchmark::State& state, std::string name) {
  const std::string path = "data/traces/KTH-SP2-1996-2.1-cln.swf";
  if (!std::filesystem::exists(path)) {
    state.SkipWithError("data/traces/ not found: run from the source root");
    return;
  }
  const auto trace = arsim::workloads::read_swf(path);
  const std::vector<IntervalTask>& tasks = trace.tasks;
  double mean = 0;
  for (const auto& r : tasks) mean += r.duration() / tasks.size();
  const double period = mean / 0.01;  // g = 0.01
  interval::PeriodicRun run;
  for (auto _ : state) {
    auto s = registry().create(name, {});
    run = interval::run_periodic(*s, tasks, static_cast<int>(state.range(0)), period,
                                 tasks.front().start);
  }
  state.counters["D"] = run.deviation;
  state.counters["activations"] = run.activations;
}

}  // namespace

#define ARSIM_INTERVAL_BENCH(NAME, PARAMS, N, M)  \
  BENCHMARK_CAPTURE(BM_Interval, x, NAME, PARAMS) \
      ->Name(NAME)                                \
      ->ArgNames({"N", "M"})                      \
      ->Args({N, M})                              \
      ->Unit(benchmark::kMillisecond)

ARSIM_INTERVAL_BENCH("est-ect", {}, 10000, 100);
ARSIM_INTERVAL_BENCH("ect", {}, 10000, 100);
ARSIM_INTERVAL_BENCH("soft-maxima-is", {}, 10000, 100);
ARSIM_INTERVAL_BENCH("maxima-is", {}, 10000, 100);
ARSIM_INTERVAL_BENCH("llf-ect", {}, 10000, 100);
ARSIM_INTERVAL_BENCH("metis", {}, 2000, 20);
ARSIM_INTERVAL_BENCH("scotch", {}, 2000, 20);
BENCHMARK_CAPTURE(BM_Interval, ls, "scs-ls", {{"init", "round-robin"}})
    ->Name("scs-ls/init:round-robin")
    ->ArgNames({"N", "M"})
    ->Args({10000, 100})
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Trace, est, "est-ect")
    ->Name("est-ect/trace:KTH")
    ->ArgName("M")
    ->Arg(20)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Trace, soft, "soft-maxima-is")
    ->Name("soft-maxima-is/trace:KTH")
    ->ArgName("M")
    ->Arg(20)
    ->Unit(benchmark::kMillisecond);
