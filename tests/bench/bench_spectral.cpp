// SCS benchmarks (speed lives here, never in unit tests). Names: registry name and
// sizes. Uniform synthetic tasks (§6.1.1, durations g T (0.5 .. 1.5)), T = 1, one activation.
//
// - scs/N:10000/M:100          the paper's algorithm, converged, g = 0.01 (the 2 s target)
// - scs/scaling/N:n/M:100      converged, fixed overlap density B = N g = 100, N = 10^3 .. 10^5
// - scs-capped/N:n/M:100       plain Lanczos stopped after 20 restarts, one k-means start (not
//                              converged: it shows the cost per iteration, linear in N)
// - scs-operator/{implicit,dense}/N:5000   one product with A = L^{-1/2} Sigma L^{-1/2}
// - scs-partition/N:5000       plain Lanczos on the implicit and on the dense operator, the same
//                              restart budget: wall times and whether the partitions agree
#include <benchmark/benchmark.h>

#include <random>

#include "schedulers/spectral/scs.hpp"
#include "tests/support/interval_tasks.hpp"

using namespace arsim::schedulers;
using namespace arsim::schedulers::spectral;

using arsim::testing::uniform_tasks;

namespace {

void report(benchmark::State& state, const IntervalStats& st) {
  for (const char* key :
       {"eigen_seconds", "kmeans_seconds", "kmeans_rounds", "lanczos_restarts", "operator_products",
        "eigen_converged", "largest_cluster", "overlapping_pairs"})
    if (st.values.count(key)) state.counters[key] = st.values.at(key);
}

void run_scs(benchmark::State& state, double g, const ScsOptions& o) {
  const int n = static_cast<int>(state.range(0)), m = static_cast<int>(state.range(1));
  const IntervalProblem p{uniform_tasks(n, g), m, {}, 0, 1};
  IntervalStats st;
  for (auto _ : state) {
    ScsScheduler scs(o);
    benchmark::DoNotOptimize(scs.schedule(p, st));
  }
  report(state, st);
}

void BM_Scs(benchmark::State& state) {
  run_scs(state, 0.01, {});
}
void BM_ScsScaling(benchmark::State& state) {
  run_scs(state, 100.0 / state.range(0), {});
}
void BM_ScsCapped(benchmark::State& state) {
  ScsOptions o;
  o.eigen.shift_invert = false;  // plain Lanczos: the cost of one restart cycle
  o.eigen.max_restarts = 20;
  o.restarts = 1;
  run_scs(state, 100.0 / state.range(0), o);
}

void BM_Operator(benchmark::State& state, bool dense) {
  const int n = static_cast<int>(state.range(0));
  const SigmaGraph g(uniform_tasks(n, 0.01));
  const Eigen::VectorXd x = Eigen::VectorXd::Random(n);
  Eigen::VectorXd y(n);
  Eigen::MatrixXd a;
  if (dense) a = g.dense_normalized();
  for (auto _ : state) {
    if (dense)
      y.noalias() = a.selfadjointView<Eigen::Lower>() * x;
    else
      g.multiply_normalized(x.data(), y.data());
    benchmark::DoNotOptimize(y.data());
  }
}

void BM_SamePartition(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const auto tasks = uniform_tasks(n, 0.01);
  ScsOptions implicit, dense;
  for (ScsOptions* o : {&implicit, &dense}) {
    o->eigen.shift_invert = false;
    o->eigen.max_restarts = 10;
    o->restarts = 1;
  }
  dense.dense = true;
  double t_implicit = 0, t_dense = 0;
  bool same = true;
  for (auto _ : state) {
    const auto a = spectral_clusters(tasks, 20, implicit);
    const auto b = spectral_clusters(tasks, 20, dense);
    t_implicit = a.stats.values.at("eigen_seconds");
    t_dense = b.stats.values.at("eigen_seconds");
    same = a.cluster == b.cluster;
  }
  state.counters["implicit_eigen_s"] = t_implicit;
  state.counters["dense_eigen_s"] = t_dense;
  state.counters["speedup"] = t_dense / t_implicit;
  state.counters["same_partition"] = same ? 1 : 0;
}

}  // namespace

BENCHMARK(BM_Scs)
    ->Name("scs")
    ->ArgNames({"N", "M"})
    ->Args({10000, 100})
    ->Unit(benchmark::kSecond)
    ->Iterations(1);
BENCHMARK(BM_ScsScaling)
    ->Name("scs/scaling")
    ->ArgNames({"N", "M"})
    ->Args({1000, 100})
    ->Args({2000, 100})
    ->Args({5000, 100})
    ->Args({10000, 100})
    ->Args({20000, 100})
    ->Args({50000, 100})
    ->Args({100000, 100})
    ->Unit(benchmark::kSecond)
    ->Iterations(1);
BENCHMARK(BM_ScsCapped)
    ->Name("scs-capped")
    ->ArgNames({"N", "M"})
    ->Args({1000, 100})
    ->Args({10000, 100})
    ->Args({100000, 100})
    ->Unit(benchmark::kSecond)
    ->Iterations(1);
BENCHMARK_CAPTURE(BM_Operator, implicit, false)
    ->Name("scs-operator/implicit")
    ->ArgName("N")
    ->Arg(5000)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Operator, dense, true)
    ->Name("scs-operator/dense")
    ->ArgName("N")
    ->Arg(5000)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SamePartition)
    ->Name("scs-partition")
    ->ArgName("N")
    ->Arg(5000)
    ->Unit(benchmark::kSecond)
    ->Iterations(1);
