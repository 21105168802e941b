// Greedy planner on hand-built graphs whose plans are worked out in the comments.
#include <algorithm>
#include <random>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "schedulers/greedy/greedy.hpp"
#include "tests/unit/schedulers/fixtures.hpp"

namespace arsim::schedulers::greedy {
namespace {

using namespace testing_fixtures;
using model::Availability;
using model::Plan;
using routing::widest_path;

std::vector<Plan> run(const model::ResourceGraph& g, const model::Request& r,
                      const std::vector<Availability>& frames, int max_hops = 0) {
  GreedyPlanner planner(max_hops);
  PlannerStats stats;
  auto plans = planner.plan(g, r, frames, stats);
  EXPECT_EQ(stats.solves, static_cast<int>(frames.size()));
  for (const auto& p : plans) {
    const auto& avail = *std::find_if(frames.begin(), frames.end(),
                                      [&](const auto& a) { return a.frame == p.frame; });
    EXPECT_EQ(model::check_plan(g, r, avail, p), std::nullopt);
  }
  return plans;
}

// Like GridARS Fig. 4: Domain1 holds S0(16) and S1(8), Domain2 holds S4(32) and S5(4); X2 and X3
// are exchange points joined by an inter-domain path.
class Fig4Test : public ::testing::Test {
 protected:
  void SetUp() override {
    s0_ = add_site(g_, "S0", 16, "d1", 1);
    s1_ = add_site(g_, "S1", 8, "d1", 2);
    x2_ = add_exchange(g_, "X2");
    x3_ = add_exchange(g_, "X3");
    s4_ = add_site(g_, "S4", 32, "d2", 0.5);
    s5_ = add_site(g_, "S5", 4, "d2", 1);
    e_ = {add_link(g_, s0_, x2_, 10),      add_link(g_, s1_, x2_, 5),
          add_link(g_, s0_, s1_, 2),       add_link(g_, x2_, x3_, 10, "x", 2),
          add_link(g_, x3_, s4_, 8, "d2"), add_link(g_, x3_, s5_, 10, "d2"),
          add_link(g_, s4_, s5_, 3, "d2"), add_link(g_, x2_, s4_, 1, "d2")};
  }
  model::ResourceGraph g_;
  int s0_, s1_, x2_, x3_, s4_, s5_;
  std::vector<int> e_;
};

TEST_F(Fig4Test, HandComputedPlan) {
  // Order: c1 (20) -> S4, the only site with 20; c0 (8) -> S0 (16 free beats S1's 8);
  // c2 (4) -> S1 (8 beats S5's 4).
  // Pair c0-c1 (4): S0-X2-X3-S4 is the only path with >= 4 everywhere: bottleneck 8 (e4).
  // After it: e0 6, e3 6, e4 4. Pair c1-c2 (2) from S4 to S1: S4-X3-X2-S1 has bottleneck 4,
  // S4-S5-X3-X2-S1 3, S4-X3-X2-S0-S1 2, S4-X2 only 1: the first.
  const auto r = make_request({8, 20, 4}, {{0, 1, 4}, {1, 2, 2}, {0, 2, 0}}, 0, 50, 10);
  const auto frames = model::laddered_frames(r.est, r.lst, r.duration, 2);
  const std::vector<Availability> avail{model::full_availability(g_, frames[0]),
                                        model::full_availability(g_, frames[1])};
  const auto plans = run(g_, r, avail);
  ASSERT_EQ(plans.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(plans[i].frame, frames[i]);
    EXPECT_EQ(plans[i].sites, (std::vector<int>{s0_, s4_, s1_}));
    ASSERT_EQ(plans[i].routes.size(), 3u);
    EXPECT_EQ(plans[i].routes[0], (std::vector<int>{e_[0], e_[3], e_[4]}));
    EXPECT_EQ(plans[i].routes[1], (std::vector<int>{e_[4], e_[3], e_[1]}));
    EXPECT_TRUE(plans[i].routes[2].empty());
    // Cores 8x1 + 20x0.5 + 4x2 = 26; networks 4x(1+2+1) + 2x(1+2+1) = 24.
    EXPECT_DOUBLE_EQ(plans[i].cost, 50);
  }
}

TEST_F(Fig4Test, PinnedComponentStaysOnItsSite) {
  // c0 (8) pinned to S1 (8 free, enough). Then c1 (20) -> S4, the only site with 20; c2 (4) -> S0
  // (16 free beats S5's 4; S1 is taken by the pin).
  // Pair c0-c1 (4) from S1 to S4: S1-X2-X3-S4 (bottleneck 5 on e1) is the only path with >= 4.
  // After it: e1 1, e3 6, e4 4. Pair c1-c2 (2) from S4 to S0: S4-X3-X2-S0 (bottleneck 4) beats
  // S4-S5-X3-X2-S0 (3).
  auto r = make_request({8, 20, 4}, {{0, 1, 4}, {1, 2, 2}, {0, 2, 0}});
  r.components[0].site = s1_;
  const auto plans = run(g_, r, {model::full_availability(g_, {0, 10})});
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_EQ(plans[0].sites, (std::vector<int>{s1_, s4_, s0_}));
  EXPECT_EQ(plans[0].routes[0], (std::vector<int>{e_[1], e_[3], e_[4]}));
  EXPECT_EQ(plans[0].routes[1], (std::vector<int>{e_[4], e_[3], e_[0]}));
}

TEST_F(Fig4Test, PinnedComponentThatDoesNotFitGivesNoPlan) {
  auto r = make_request({8, 20}, {{0, 1, 4}});
  r.components[1].site = s1_;  // 20 cores on an 8-core site
  EXPECT_TRUE(run(g_, r, {model::full_availability(g_, {0, 10})}).empty());
  r.components[1].site = s4_;  // fits, but not with 31 of its 32 cores busy
  auto busy = model::full_availability(g_, {0, 10});
  busy.free_cores[s4_] = 1;
  EXPECT_TRUE(run(g_, r, {busy}).empty());
  EXPECT_EQ(run(g_, r, {model::full_availability(g_, {0, 10})}).at(0).sites[1], s4_);
  r.components[0].site = s4_;  // two components pinned to one site (eq. 5)
  EXPECT_FALSE(place_components(g_, r, model::full_availability(g_, {0, 10}).free_cores));
}

TEST_F(Fig4Test, ReversedPairRunsFromItsFirstComponent) {
  const auto r = make_request({8, 20}, {{1, 0, 4}});
  const auto plans = run(g_, r, {model::full_availability(g_, {0, 10})});
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_EQ(plans[0].routes[0], (std::vector<int>{e_[4], e_[3], e_[0]}));  // S4 to S0
}

TEST(Greedy, PathAcrossTwoDomainsThroughExchangePoint) {
  model::ResourceGraph g;
  const int a = add_site(g, "A", 8, "d1");
  const int a2 = add_site(g, "A2", 2, "d1");
  const int x = add_exchange(g, "X");
  const int b = add_site(g, "B", 8, "d2");
  add_link(g, a, a2, 10, "d1");
  const int ax = add_link(g, a, x, 10, "d1");
  const int xb = add_link(g, x, b, 10, "d2");
  const auto r = make_request({8, 8}, {{0, 1, 5}});
  const auto plans = run(g, r, {model::full_availability(g, {0, 10})});
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_EQ(plans[0].sites, (std::vector<int>{a, b}));  // equal cores: lowest id first
  EXPECT_EQ(plans[0].routes[0], (std::vector<int>{ax, xb}));
  EXPECT_NE(g.edge(ax).domain, g.edge(xb).domain);
}

TEST(Greedy, FrameWithoutEnoughCoresOrBandwidthIsSkipped) {
  model::ResourceGraph g;
  const int a = add_site(g, "A", 8);
  const int b = add_site(g, "B", 4);
  const int x = add_exchange(g, "X");
  add_link(g, a, x, 10);
  const int xb = add_link(g, x, b, 10);
  const auto r = make_request({6, 4}, {{0, 1, 1}}, 0, 30, 10);
  const auto frames = model::laddered_frames(r.est, r.lst, r.duration, 4);  // starts 0, 10, 20, 30
  std::vector<Availability> avail;
  for (const auto& f : frames) avail.push_back(model::full_availability(g, f));
  avail[1].free_cores[a] = 5;         // c0 (6) fits nowhere
  avail[2].free_bandwidth[xb] = 0.5;  // the network does not fit
  const auto plans = run(g, r, avail);
  ASSERT_EQ(plans.size(), 2u);
  EXPECT_EQ(plans[0].frame, frames[0]);
  EXPECT_EQ(plans[1].frame, frames[3]);
  EXPECT_TRUE(run(g, r, {}).empty());
}

TEST(Greedy, PlacementOrderAndTies) {
  model::ResourceGraph g;
  const int a = add_site(g, "A", 8);
  const int b = add_site(g, "B", 8);
  const int x = add_exchange(g, "X");  // plenty of "cores" on an exchange point never count
  const int c = add_site(g, "C", 8);
  Availability avail = model::full_availability(g, {0, 10});
  avail.free_cores[x] = 100;
  // c2 (6) first -> A; then c0 (4) and c1 (4) in index order -> B, C.
  auto sites = place_components(g, make_request({4, 4, 6}, {}), avail.free_cores);
  ASSERT_TRUE(sites);
  EXPECT_EQ(*sites, (std::vector<int>{b, c, a}));
  // Most free cores wins over lowest id; one component per site even on a huge site.
  avail.free_cores = {2, 100, 100, 3};
  sites = place_components(g, make_request({2, 2}, {}), avail.free_cores);
  ASSERT_TRUE(sites);
  EXPECT_EQ(*sites, (std::vector<int>{b, c}));
  EXPECT_FALSE(place_components(g, make_request({3, 3, 3}, {}), avail.free_cores));
}

TEST(Greedy, RoutesThroughAnotherSite) {
  model::ResourceGraph g;
  const int a = add_site(g, "A", 8);
  const int b = add_site(g, "B", 2);
  const int c = add_site(g, "C", 8);
  const int ab = add_link(g, a, b, 5);
  const int bc = add_link(g, b, c, 5);
  const auto plans =
      run(g, make_request({8, 8}, {{0, 1, 5}}), {model::full_availability(g, {0, 10})});
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_EQ(plans[0].sites, (std::vector<int>{a, c}));
  EXPECT_EQ(plans[0].routes[0], (std::vector<int>{ab, bc}));
}

// Two sites A and B joined by several candidate routes.
class WidestTest : public ::testing::Test {
 protected:
  void SetUp() override {
    a_ = add_site(g_, "A", 8);
    b_ = add_site(g_, "B", 8);
    x1_ = add_exchange(g_, "X1");
    x2_ = add_exchange(g_, "X2");
    y_ = add_exchange(g_, "Y");
  }
  std::optional<std::vector<int>> widest(double bw, int max_hops = 0) {
    return widest_path(g_, model::full_availability(g_, {0, 1}).free_bandwidth, a_, b_, bw,
                       max_hops);
  }
  model::ResourceGraph g_;
  int a_, b_, x1_, x2_, y_;
};

TEST_F(WidestTest, PrefersLargerBottleneckOverFewerHops) {
  const int direct = add_link(g_, a_, b_, 4);
  const int p0 = add_link(g_, a_, x1_, 9), p1 = add_link(g_, x1_, y_, 9),
            p2 = add_link(g_, y_, b_, 9);
  EXPECT_EQ(widest(3), (std::vector<int>{p0, p1, p2}));
  EXPECT_EQ(widest(3, 2), (std::vector<int>{direct}));  // the wide route has 3 hops
  EXPECT_EQ(widest(5, 2), std::nullopt);
  EXPECT_EQ(widest(9.5), std::nullopt);
}

TEST_F(WidestTest, BottleneckDecidesBetweenTwoRoutes) {
  add_link(g_, a_, x1_, 5);
  add_link(g_, x1_, b_, 5);
  const int p0 = add_link(g_, a_, x2_, 8), p1 = add_link(g_, x2_, b_, 6);
  EXPECT_EQ(widest(1), (std::vector<int>{p0, p1}));
}

TEST_F(WidestTest, EqualBottleneckFewestEdgesThenSmallestIds) {
  const int ax1 = add_link(g_, a_, x1_, 5);
  const int ax2 = add_link(g_, a_, x2_, 5);
  const int x2b = add_link(g_, x2_, b_, 5);
  const int x1b = add_link(g_, x1_, b_, 5);
  EXPECT_EQ(widest(1), (std::vector<int>{ax1, x1b}));  // [0, 3] < [1, 2]
  (void)ax2, (void)x2b;
  const int direct = add_link(g_, a_, b_, 5);
  EXPECT_EQ(widest(1), (std::vector<int>{direct}));
}

TEST_F(WidestTest, ParallelEdges) {
  const int e0 = add_link(g_, a_, b_, 5);
  const int e1 = add_link(g_, b_, a_, 5);
  EXPECT_EQ(widest(1), (std::vector<int>{e0}));
  const int e2 = add_link(g_, a_, b_, 7);
  EXPECT_EQ(widest(1), (std::vector<int>{e2}));
  (void)e1;
}

TEST_F(WidestTest, ToleranceLikeCheckPlan) {
  const int e0 = add_link(g_, a_, b_, 5);
  const int e1 = add_link(g_, a_, b_, 5 + 1e-12);  // a tie within 1e-9: lowest id wins
  EXPECT_EQ(widest(1), (std::vector<int>{e0}));
  (void)e1;
  std::vector<double> free{0.3, 0.1};
  EXPECT_EQ(widest_path(g_, free, a_, b_, 0.1 + 0.2), (std::vector<int>{e0}));
  EXPECT_EQ(widest_path(g_, free, a_, a_, 0.1), std::nullopt);
  EXPECT_THROW(widest_path(g_, {1.0}, a_, b_, 0.1), std::invalid_argument);
}

TEST_F(WidestTest, LaterPairsSeeWhatEarlierOnesLeft) {
  const int ax1 = add_link(g_, a_, x1_, 5), x1b = add_link(g_, x1_, b_, 5);
  const int ax2 = add_link(g_, a_, x2_, 6), x2b = add_link(g_, x2_, b_, 6);
  // Pair 0 takes X2 (6), leaving 2; pair 1 (B to A) then needs X1; pair 2 (2) fits X2 again.
  const auto r = make_request({4, 4}, {{0, 1, 4}, {1, 0, 4}, {0, 1, 2}});
  const auto plans = run(g_, r, {model::full_availability(g_, {0, 10})});
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_EQ(plans[0].routes[0], (std::vector<int>{ax2, x2b}));
  EXPECT_EQ(plans[0].routes[1], (std::vector<int>{x1b, ax1}));
  EXPECT_EQ(plans[0].routes[2], (std::vector<int>{ax2, x2b}));
  // A fourth network of 1.5 no longer fits anywhere (X1 has 1 left, X2 none).
  const auto r2 = make_request({4, 4}, {{0, 1, 4}, {1, 0, 4}, {0, 1, 2}, {0, 1, 1.5}});
  EXPECT_TRUE(run(g_, r2, {model::full_availability(g_, {0, 10})}).empty());
}

TEST_F(WidestTest, MaxHopsParameterOfThePlanner) {
  add_link(g_, a_, x1_, 9);
  add_link(g_, x1_, b_, 9);
  const auto r = make_request({1, 1}, {{0, 1, 1}});
  const std::vector<Availability> avail{model::full_availability(g_, {0, 10})};
  EXPECT_EQ(run(g_, r, avail, 2).size(), 1u);
  EXPECT_TRUE(run(g_, r, avail, 1).empty());
}

// Without a hop limit the bottleneck comes from a max-min Dijkstra; with one, from a binary search
// over the free values. A limit of V edges binds no simple path, so both must give the same path,
// also when free values differ by less than the 1e-9 tolerance (ties chained above the widest).
TEST(WidestPathRandom, DijkstraBottleneckMatchesTheSearchOverLevels) {
  std::mt19937_64 rng(7);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const std::vector<double> near{0, 1e-12, 4e-10, 8e-10, 1.2e-9, 3e-9};
  int found = 0;
  for (int trial = 0; trial < 400; ++trial) {
    model::ResourceGraph g;
    const int n = uniform(2, 9);
    for (int v = 0; v < n; ++v) add_site(g, fmt::format("v{}", v), 1);
    std::vector<double> free;
    for (int k = uniform(1, 3 * n); k > 0; --k) {
      const int a = uniform(0, n - 1), b = uniform(0, n - 1);
      if (a == b) continue;
      add_link(g, a, b, 10);
      free.push_back(uniform(1, 4) + near[uniform(0, static_cast<int>(near.size()) - 1)]);
    }
    for (int from = 0; from < n; ++from)
      for (int to = 0; to < n; ++to) {
        const double need = uniform(0, 4) + near[uniform(0, 2)];
        const auto fast = widest_path(g, free, from, to, need);
        EXPECT_EQ(fast, widest_path(g, free, from, to, need, n))
            << trial << " " << from << "-" << to;
        found += fast.has_value();
      }
  }
  EXPECT_GT(found, 1000);  // the comparison covered many paths, not only absences
}

TEST(Greedy, InvalidInputThrows) {
  model::ResourceGraph g;
  add_site(g, "A", 8);
  add_site(g, "B", 8);
  GreedyPlanner planner;
  PlannerStats stats;
  auto bad = make_request({1, 1}, {{0, 2, 1}});  // pair end out of range
  EXPECT_THROW(planner.plan(g, bad, {model::full_availability(g, {0, 10})}, stats),
               std::invalid_argument);
  Availability short_avail{{0, 10}, {8}, {}};
  EXPECT_THROW(planner.plan(g, make_request({1}, {}), {short_avail}, stats), std::invalid_argument);
}

}  // namespace
}  // namespace arsim::schedulers::greedy
