// The simulator adapters "ctaap" and "ctaap-ip" (planner.hpp): the frame's CTAAP instance, the
// widest-path bandwidth between sites, routing, one component per site; registration; and the
// offline experiments' determinism.
#include <gtest/gtest.h>

#include <numeric>
#include <random>

#include <fmt/format.h>

#include "schedulers/builtins.hpp"
#include "schedulers/ctaap/planner.hpp"
#include "schedulers/greedy/greedy.hpp"
#include "tests/unit/schedulers/ctaap/planner_cases.hpp"

namespace ct = arsim::schedulers::ctaap;
namespace model = arsim::model;
using arsim::schedulers::PlannerStats;
using namespace arsim::schedulers::testing_fixtures;

TEST(CtaapPlanner, WidestBandwidthsMatchTheWidestPath) {
  std::mt19937_64 rng(3);
  for (int t = 0; t < 100; ++t) {
    model::ResourceGraph g;
    const int v = 2 + static_cast<int>(rng() % 6);
    for (int i = 0; i < v; ++i)
      rng() % 3 ? add_site(g, "s" + std::to_string(i), 4)
                : add_exchange(g, "x" + std::to_string(i));
    for (int e = 0, edges = static_cast<int>(rng() % 12); e < edges; ++e) {
      const int a = static_cast<int>(rng() % v), b = static_cast<int>(rng() % v);
      if (a != b) add_link(g, a, b, 5);
    }
    std::vector<double> free;  // 0 allowed: an edge with nothing free this frame
    for (int e = 0; e < g.edge_count(); ++e) free.push_back(static_cast<double>(rng() % 5));
    std::vector<int> all(v);
    std::iota(all.begin(), all.end(), 0);
    const ct::Matrix w = ct::widest_bandwidths(g, free, all);
    for (int a = 0; a < v; ++a)
      for (int b = 0; b < v; ++b) {
        if (a == b) continue;
        const auto path = arsim::schedulers::routing::widest_path(g, free, a, b, 0);
        double bottleneck = 0;
        if (path) {
          bottleneck = 1e300;
          for (int e : *path) bottleneck = std::min(bottleneck, free[e]);
        }
        ASSERT_DOUBLE_EQ(w(a, b), bottleneck) << "graph " << t << " " << a << "-" << b;
      }
  }
}

TEST(CtaapPlanner, SiteProblemOfOneFrame) {
  const auto g = star(1);
  auto avail = model::full_availability(g, {0, 10});
  avail.free_cores[1] = 0;  // B busy
  const auto r = make_request({2, 3}, {{0, 1, 1.5}});
  const ct::SiteProblem p = ct::site_problem(g, r, avail);
  EXPECT_EQ(p.site_of_cluster, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(p.instance.cpu, (std::vector<double>{2, 3}));
  EXPECT_EQ(p.instance.bandwidth(0, 1), 1.5);
  EXPECT_EQ(p.instance.capacity, (std::vector<int>{1, 0, 1}));  // one component per site
  EXPECT_EQ(p.instance.cluster_cpu, (std::vector<double>{4, 0, 2}));
  EXPECT_EQ(p.instance.cluster_bandwidth(0, 1), 4);  // A–X–B, wider than A–B
  EXPECT_EQ(p.instance.cluster_bandwidth(0, 2), 1);  // bottleneck C–X
}

TEST(CtaapPlanner, WidestBandwidthsAmongSomeVerticesInTheirOrder) {
  const auto g = star(1);  // A 0, B 1, C 2, X 3
  const ct::Matrix w = ct::widest_bandwidths(g, {1, 1, 1, 1}, {2, 0});
  ASSERT_EQ(w.rows(), 2);
  EXPECT_EQ(w(0, 0), 0);
  EXPECT_EQ(w(0, 1), 1);  // C–X–A
  const ct::Matrix wide = ct::widest_bandwidths(g, {2, 4, 4, 1}, {0, 1, 2});
  EXPECT_EQ(wide(0, 1), 4);  // A–X–B, wider than A–B
  EXPECT_EQ(wide(1, 2), 1);  // bottleneck C–X
}

// 40 sites joined by a star; site i has i + 1 free cores: the 32 candidates are sites 8..39, in id
// order, and a request of more components than candidates gets as many clusters as components.
TEST(CtaapPlanner, CandidatesAreTheSitesWithTheMostFreeCores) {
  model::ResourceGraph g;
  const int x = add_exchange(g, "X");
  for (int i = 0; i < 40; ++i) add_link(g, add_site(g, fmt::format("s{}", i), i + 1), x, 10);
  const auto avail = model::full_availability(g, {0, 10});
  const auto r = make_request({1, 1}, {{0, 1, 1}});
  const ct::SiteProblem all = ct::site_problem(g, r, avail);
  EXPECT_EQ(all.site_of_cluster, g.sites());
  const ct::SiteProblem some = ct::site_problem(g, r, avail, 32);
  std::vector<int> expected;
  for (int i = 8; i < 40; ++i) expected.push_back(g.sites()[i]);
  EXPECT_EQ(some.site_of_cluster, expected);
  EXPECT_EQ(some.instance.clusters(), 32);
  EXPECT_EQ(some.instance.cluster_cpu.front(), 9);
  EXPECT_EQ(some.instance.cluster_bandwidth(0, 1), 10);
  const auto wide = make_request(std::vector<int>(35, 1), {});
  EXPECT_EQ(ct::site_problem(g, wide, avail, 32).instance.clusters(), 35);
  // The planner with its default of 32 candidates places the request on two of them.
  const auto plans = plan_with("ctaap", g, r, avail);
  ASSERT_EQ(plans.size(), 1u);
  for (int s : plans[0].sites) EXPECT_GE(g.vertex(s).cores, 9) << g.vertex(s).name;
}

TEST(CtaapPlanner, TopologyKeepsTheNarrowSiteOut) {
  // C has the cores but only 1 Gbit/s to the rest: a pair asking 3 must use A and B, routed
  // through X (A–B direct carries 2).
  const auto g = star(1);
  const auto avail = model::full_availability(g, {0, 10});
  const auto r = make_request({2, 2}, {{0, 1, 3}});
  for (const char* name : {"ctaap", "ctaap-ip"}) {
    const auto plans = plan_with(name, g, r, avail);
    ASSERT_EQ(plans.size(), 1u) << name;
    EXPECT_NE(plans[0].sites[0], 2);
    EXPECT_NE(plans[0].sites[1], 2);
    EXPECT_EQ(plans[0].routes[0].size(), 2u) << name;
  }
}

TEST(CtaapPlanner, SharedEdgeRoutingFailureGivesNoPlan) {
  // Component 0 talks to 1 and 2 at 2.5 each; every site reaches X by one 4 Gbit/s edge (A–B
  // removed). Eq. (4) holds pair by pair (4 >= 2.5), but the two paths share 0's edge to X.
  model::ResourceGraph g;
  const int a = add_site(g, "A", 4), b = add_site(g, "B", 4), c = add_site(g, "C", 4);
  const int x = add_exchange(g, "X");
  for (int s : {a, b, c}) add_link(g, s, x, 4);
  const auto avail = model::full_availability(g, {0, 10});
  const auto r = make_request({1, 1, 1}, {{0, 1, 2.5}, {0, 2, 2.5}});
  EXPECT_TRUE(plan_with("ctaap", g, r, avail).empty());
  EXPECT_TRUE(plan_with("ctaap-ip", g, r, avail).empty());
  const auto ok = make_request({1, 1, 1}, {{0, 1, 2}, {0, 2, 2}});
  EXPECT_EQ(plan_with("ctaap", g, ok, avail).size(), 1u);
}

TEST(CtaapPlanner, OneComponentPerSite) {
  const auto g = star(4);
  const auto avail = model::full_availability(g, {0, 10});
  const auto plans = plan_with("ctaap", g, make_request({1, 1, 1}, {}), avail);
  ASSERT_EQ(plans.size(), 1u);
}

// More components than sites: no frame can place them, and no instance is built or solved, so a
// request of thousands of components costs nothing (its n × n instance took gigabytes).
TEST(CtaapPlanner, MoreComponentsThanSitesIsAnsweredWithoutASolve) {
  const auto g = star(4);
  const auto avail = model::full_availability(g, {0, 10});
  arsim::schedulers::Registries reg;
  arsim::schedulers::register_builtins(reg);
  for (const char* name : {"ctaap", "ctaap-ip"}) {
    auto planner = reg.planners.create(name, {});
    for (int n : {4, 5001}) {
      PlannerStats stats;
      const auto r = make_request(std::vector<int>(n, 1), {{0, n - 1, 1}});
      EXPECT_TRUE(planner->plan(g, r, {avail, avail}, stats).empty()) << name << " " << n;
      EXPECT_EQ(stats.solves, 0) << name << " " << n;
    }
  }
}

TEST(CtaapPlanner, RandomFramesGiveCheckedPlans) {
  std::mt19937_64 rng(11);
  arsim::schedulers::Registries reg;
  arsim::schedulers::register_builtins(reg);
  auto heuristic = reg.planners.create("ctaap", {});
  auto exact = reg.planners.create("ctaap-ip", {});
  int found = 0;
  for (int t = 0; t < 150; ++t) {
    const auto g = star(1 + static_cast<double>(rng() % 4));
    auto avail = model::full_availability(g, {0, 10});
    for (auto& c : avail.free_cores) c = static_cast<int>(rng() % 5);
    for (auto& b : avail.free_bandwidth) b = static_cast<double>(rng() % 5);
    std::vector<int> cpus(1 + rng() % 3);
    for (int& c : cpus) c = 1 + static_cast<int>(rng() % 3);
    std::vector<model::Pair> pairs;
    for (int i = 0; i < static_cast<int>(cpus.size()); ++i)
      for (int k = i + 1; k < static_cast<int>(cpus.size()); ++k)
        if (rng() % 2) pairs.push_back({i, k, static_cast<double>(rng() % 3)});
    const auto r = make_request(cpus, pairs);
    PlannerStats stats;
    const auto h = heuristic->plan(g, r, {avail}, stats);  // each plan checked inside (throws)
    const auto e = exact->plan(g, r, {avail}, stats);
    found += !h.empty();
    for (const auto& p : e) EXPECT_EQ(model::check_plan(g, r, avail, p), std::nullopt);
  }
  EXPECT_GT(found, 10);
}

// Two sites A and B (4 cores each) joined by W: A–X1–B (9 Gbit/s, 10 ms per edge) and the direct
// edge N (3 Gbit/s, 2 ms). Two components of 4 cores take both sites; component 0 goes where the
// mapping puts it, and the pair is routed from its site. Without a bound: W, the widest; a bound
// of 5 ms excludes W (20 ms): N; a bound of 1 ms excludes both: no plan.
TEST(CtaapPlanner, LatencyBoundChangesTheRouteOrLeavesNoPlan) {
  model::ResourceGraph g;
  const int a = add_site(g, "A", 4), b = add_site(g, "B", 4), x = add_exchange(g, "X1");
  const int w0 = add_link(g, a, x, 9, "d1", 1, 0.010), w1 = add_link(g, x, b, 9, "d1", 1, 0.010);
  const int n = add_link(g, a, b, 3, "d1", 1, 0.002);
  const auto full = model::full_availability(g, {0, 10});
  for (const char* name : {"ctaap", "ctaap-ip"}) {
    const auto free = plan_with(name, g, make_request({4, 4}, {{0, 1, 2}}), full);
    ASSERT_EQ(free.size(), 1u) << name;
    const bool from_a = free[0].sites[0] == a;
    EXPECT_EQ(free[0].routes[0], from_a ? (std::vector<int>{w0, w1}) : (std::vector<int>{w1, w0}));
    const auto bounded =
        plan_with(name, g, make_request({4, 4}, {bounded_pair(0, 1, 2, 0.005)}), full);
    ASSERT_EQ(bounded.size(), 1u) << name;
    EXPECT_EQ(bounded[0].routes[0], (std::vector<int>{n}));
    EXPECT_TRUE(
        plan_with(name, g, make_request({4, 4}, {bounded_pair(0, 1, 2, 0.001)}), full).empty())
        << name;
  }
}

TEST(CtaapRegistry, PlannersByName) {
  arsim::schedulers::Registries reg;
  arsim::schedulers::register_builtins(reg);
  EXPECT_NO_THROW(reg.planners.create("ctaap", {{"compatibility", "signed"}, {"fill", "true"}}));
  EXPECT_NO_THROW(reg.planners.create("ctaap-ip", {{"linearisation", "star"}}));
  EXPECT_THROW(reg.planners.create("ctaap", {{"beta", "1"}}), arsim::schedulers::ParamError);
  EXPECT_THROW(reg.planners.create("ctaap-ip", {{"cbc_args", "-bogus 1"}}),
               arsim::schedulers::ParamError);
}
