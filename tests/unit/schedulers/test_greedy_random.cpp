// Greedy on random small instances, against two independent certificates:
//  - model::check_plan accepts every plan it returns;
//  - a brute-force reference of the specification (placement by the stated rule, routing by
//    enumerating every simple path and taking the best (bottleneck, hops, edge ids)) produces the
//    same plan, or the same absence of one, for every frame.
// Capacities and demands are multiples of 0.5, so every sum and comparison is exact.
#include <algorithm>
#include <random>
#include <tuple>

#include <gtest/gtest.h>

#include "schedulers/builtins.hpp"
#include "schedulers/greedy/greedy.hpp"
#include "tests/unit/schedulers/fixtures.hpp"

namespace arsim::schedulers::greedy {
namespace {

using namespace testing_fixtures;
using model::Availability;
using model::Plan;

struct Instance {
  model::ResourceGraph graph;
  model::Request request;
  std::vector<Availability> frames;
};

Instance random_instance(std::mt19937_64& rng) {
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Instance in;
  const int n = uniform(2, 8);
  for (int v = 0; v < n; ++v) {
    const std::string name = "v" + std::to_string(v);
    if (uniform(0, 2) == 0)
      add_exchange(in.graph, name);
    else
      add_site(in.graph, name, uniform(1, 16), "d" + std::to_string(v % 2), uniform(1, 6) / 2.0);
  }
  const int edges = uniform(1, 14);
  for (int k = 0; k < edges; ++k) {
    const int a = uniform(0, n - 1), b = uniform(0, n - 1);
    if (a != b)
      add_link(in.graph, a, b, uniform(1, 20) / 2.0, "d" + std::to_string(k % 3),
               uniform(0, 4) / 2.0);
  }
  std::vector<int> cpus(uniform(1, 4));
  for (auto& c : cpus) c = uniform(1, 10);
  std::vector<model::Pair> pairs;
  for (int a = 0; a < static_cast<int>(cpus.size()); ++a)
    for (int b = a + 1; b < static_cast<int>(cpus.size()); ++b)
      if (uniform(0, 9) < 7) {
        const double bw = uniform(0, 8) / 2.0;  // 0 = no path needed
        pairs.push_back(uniform(0, 1) ? model::Pair{a, b, bw} : model::Pair{b, a, bw});
      }
  in.request = make_request(cpus, pairs, 0, uniform(0, 100), 10);
  for (const auto& f : model::laddered_frames(0, in.request.lst, 10, uniform(1, 4))) {
    Availability av = model::full_availability(in.graph, f);
    // Mostly full capacity, partly reserved: both feasible and infeasible frames occur.
    for (auto& c : av.free_cores)
      if (uniform(0, 2) == 0) c = uniform(0, c);
    for (auto& b : av.free_bandwidth)
      if (uniform(0, 2) == 0) b = uniform(0, static_cast<int>(2 * b)) / 2.0;
    in.frames.push_back(std::move(av));
  }
  return in;
}

// Every simple path from `at` to `to`, as edge sequences (DFS over the graph).
void all_paths(const model::ResourceGraph& g, int at, int to, std::vector<bool>& seen,
               std::vector<int>& path, std::vector<std::vector<int>>& out) {
  if (at == to) {
    out.push_back(path);
    return;
  }
  for (int e = 0; e < g.edge_count(); ++e) {
    const auto& edge = g.edge(e);
    if (edge.a != at && edge.b != at) continue;
    const int next = edge.a == at ? edge.b : edge.a;
    if (seen[next]) continue;
    seen[next] = true;
    path.push_back(e);
    all_paths(g, next, to, seen, path, out);
    path.pop_back();
    seen[next] = false;
  }
}

std::optional<std::vector<int>> reference_route(const model::ResourceGraph& g,
                                                const std::vector<double>& free, int from, int to,
                                                double bw, int max_hops) {
  std::vector<bool> seen(g.vertex_count(), false);
  seen[from] = true;
  std::vector<int> path;
  std::vector<std::vector<int>> paths;
  all_paths(g, from, to, seen, path, paths);
  std::optional<std::tuple<double, std::size_t, std::vector<int>>>
      best;  // (-bottleneck, hops, ids)
  for (const auto& p : paths) {
    if (max_hops > 0 && static_cast<int>(p.size()) > max_hops) continue;
    double bottleneck = 1e300;
    for (int e : p) bottleneck = std::min(bottleneck, free[e]);
    if (bottleneck < bw) continue;
    auto key = std::make_tuple(-bottleneck, p.size(), p);
    if (!best || key < *best) best = key;
  }
  if (!best) return std::nullopt;
  return std::get<2>(*best);
}

std::optional<Plan> reference_plan(const model::ResourceGraph& g, const model::Request& r,
                                   const Availability& av, int max_hops) {
  Plan plan{av.frame, std::vector<int>(r.components.size(), -1), {}, 0};
  std::vector<bool> placed(r.components.size(), false), taken(g.vertex_count(), false);
  for (std::size_t round = 0; round < r.components.size(); ++round) {
    int j = -1;  // the largest unplaced component, lowest index on ties
    for (std::size_t k = 0; k < r.components.size(); ++k)
      if (!placed[k] && (j < 0 || r.components[k].cpus > r.components[j].cpus))
        j = static_cast<int>(k);
    std::optional<std::pair<int, int>> best;  // (-free cores, vertex id)
    for (int v = 0; v < g.vertex_count(); ++v)
      if (g.vertex(v).role == model::VertexRole::Site && !taken[v] &&
          av.free_cores[v] >= r.components[j].cpus &&
          (!best || std::pair{-av.free_cores[v], v} < *best))
        best = std::pair{-av.free_cores[v], v};
    if (!best) return std::nullopt;
    placed[j] = taken[best->second] = true;
    plan.sites[j] = best->second;
  }
  std::vector<double> free = av.free_bandwidth;
  for (const auto& pair : r.pairs) {
    plan.routes.emplace_back();
    if (pair.bandwidth <= 0) continue;
    auto route =
        reference_route(g, free, plan.sites[pair.a], plan.sites[pair.b], pair.bandwidth, max_hops);
    if (!route) return std::nullopt;
    for (int e : *route) free[e] -= pair.bandwidth;
    plan.routes.back() = *route;
  }
  return plan;
}

void check_instances(std::uint64_t seed, int count, bool with_max_hops) {
  std::mt19937_64 rng(seed);
  Registries registries;
  register_builtins(registries);
  int plans_seen = 0, frames_seen = 0, multi_hop = 0;
  for (int i = 0; i < count; ++i) {
    SCOPED_TRACE(testing::Message() << "instance " << i << " of seed " << seed);
    const Instance in = random_instance(rng);
    const int max_hops = with_max_hops ? std::uniform_int_distribution<int>(0, 3)(rng) : 0;
    auto planner = registries.planners.create("greedy", {{"max_hops", std::to_string(max_hops)}});
    PlannerStats stats;
    const auto plans = planner->plan(in.graph, in.request, in.frames, stats);
    std::size_t next = 0;
    for (const auto& av : in.frames) {
      ++frames_seen;
      const auto expected = reference_plan(in.graph, in.request, av, max_hops);
      if (!expected) continue;
      ASSERT_LT(next, plans.size()) << "greedy missed the plan of frame " << av.frame.start;
      const Plan& got = plans[next++];
      ASSERT_EQ(got.frame, av.frame);
      EXPECT_EQ(model::check_plan(in.graph, in.request, av, got), std::nullopt);
      EXPECT_EQ(got.sites, expected->sites);
      EXPECT_EQ(got.routes, expected->routes);
      EXPECT_DOUBLE_EQ(got.cost, model::plan_value(in.graph, in.request, got));
      ++plans_seen;
      multi_hop += std::any_of(got.routes.begin(), got.routes.end(),
                               [](const auto& route) { return route.size() > 1; });
    }
    EXPECT_EQ(next, plans.size()) << "greedy returned a plan the reference has not";
  }
  // Guard against a generator that makes every instance trivial or infeasible.
  EXPECT_GT(plans_seen, frames_seen / 10);
  EXPECT_LT(plans_seen, frames_seen);
  EXPECT_GT(multi_hop, plans_seen / 10);
}

TEST(GreedyRandom, MatchesBruteForceReferenceAndPassesCheckPlan) {
  check_instances(20240601, 1000, false);
}

TEST(GreedyRandom, MatchesBruteForceReferenceWithMaxHops) {
  check_instances(77, 600, true);
}

}  // namespace
}  // namespace arsim::schedulers::greedy
