// routing/<kind>/<vertices>: one pair routed by widest_path (kind "widest") against
// widest_path_within under a latency bound (kind "bounded"), on a random connected graph of
// <vertices> vertices and 3 edges per vertex (free bandwidths 1–10 Gbit/s in 0.1 steps, latencies
// 1–10 ms), 64 fixed pairs of distinct vertices per iteration. Each pair's bound is 1.2 × its least
// latency over the edges wide enough, so it binds on most pairs. Counter "per_pair" is the time per
// routed pair; the ratio bounded / widest is the cost of the bound (docs/guide/coallocation.md).
#include <benchmark/benchmark.h>

#include <fmt/format.h>

#include <limits>
#include <random>
#include <string>
#include <vector>

#include "schedulers/routing/latency_path.hpp"
#include "schedulers/routing/widest_path.hpp"

namespace {

using namespace arsim;

struct Case {
  model::ResourceGraph graph;
  std::vector<double> free;
  std::vector<std::pair<int, int>> pairs;
  std::vector<double> bounds;
};

Case make_case(int vertices) {
  Case c;
  std::mt19937_64 rng(42);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  for (int v = 0; v < vertices; ++v)
    c.graph.add_vertex({fmt::format("v{}", v), model::VertexRole::Site, "d", 1});
  auto add = [&](int a, int b) {
    c.graph.add_edge(
        {fmt::format("e{}", c.graph.edge_count()), a, b, "d", 10, 1, uniform(1, 10) * 1e-3});
    c.free.push_back(uniform(10, 100) / 10.0);
  };
  for (int v = 1; v < vertices; ++v) add(uniform(0, v - 1), v);  // a spanning tree, then chords
  while (c.graph.edge_count() < 3 * vertices) {
    const int a = uniform(0, vertices - 1), b = uniform(0, vertices - 1);
    if (a != b) add(a, b);
  }
  while (c.pairs.size() < 64) {
    const int a = uniform(0, vertices - 1), b = uniform(0, vertices - 1);
    if (a == b) continue;
    // The least latency from a to b over edges of at least 1 Gbit/s: a bound of 0 admits none,
    // and widest_path_within with an infinite bound is the least-latency-blind widest path.
    double lo = 0, hi = 1;  // seconds: binary search for the least feasible bound
    for (int k = 0; k < 40; ++k) {
      const double mid = (lo + hi) / 2;
      (schedulers::routing::widest_path_within(c.graph, c.free, a, b, 1, mid) ? hi : lo) = mid;
    }
    c.pairs.push_back({a, b});
    c.bounds.push_back(1.2 * hi);
  }
  return c;
}

void run(benchmark::State& state, bool bounded) {
  const Case c = make_case(static_cast<int>(state.range(0)));
  for (auto _ : state)
    for (std::size_t i = 0; i < c.pairs.size(); ++i) {
      const auto [a, b] = c.pairs[i];
      auto path =
          bounded ? schedulers::routing::widest_path_within(c.graph, c.free, a, b, 1, c.bounds[i])
                  : schedulers::routing::widest_path(c.graph, c.free, a, b, 1);
      benchmark::DoNotOptimize(path);
    }
  state.counters["per_pair"] =
      benchmark::Counter(static_cast<double>(state.iterations() * c.pairs.size()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_Widest(benchmark::State& state) {
  run(state, false);
}
void BM_Bounded(benchmark::State& state) {
  run(state, true);
}

}  // namespace

BENCHMARK(BM_Widest)
    ->Name("routing/widest")
    ->Arg(50)
    ->Arg(200)
    ->Arg(1000)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Bounded)
    ->Name("routing/bounded")
    ->Arg(50)
    ->Arg(200)
    ->Arg(1000)
    ->Unit(benchmark::kMicrosecond);
