// Routing under a latency bound (schedulers/routing/latency_path.hpp) and greedy with bounded
// pairs, on hand-built graphs whose answers are worked out in the comments.
#include <algorithm>

#include <gtest/gtest.h>

#include "schedulers/greedy/greedy.hpp"
#include "schedulers/routing/latency_path.hpp"
#include "tests/unit/schedulers/fixtures.hpp"

namespace arsim::schedulers::routing {
namespace {

using namespace testing_fixtures;

// A and B joined three ways: W, a wide slow route A–X1–B (9 Gbit/s, 10 + 10 ms); M, a middle
// route A–X2–B (6 Gbit/s, 4 + 4 ms); N, a narrow fast direct edge A–B (3 Gbit/s, 2 ms).
class LatencyRouting : public ::testing::Test {
 protected:
  void SetUp() override {
    a_ = add_site(g_, "A", 8);
    b_ = add_site(g_, "B", 8);
    x1_ = add_exchange(g_, "X1");
    x2_ = add_exchange(g_, "X2");
    w0_ = add_link(g_, a_, x1_, 9, "d1", 1, 0.010);
    w1_ = add_link(g_, x1_, b_, 9, "d1", 1, 0.010);
    m0_ = add_link(g_, a_, x2_, 6, "d1", 1, 0.004);
    m1_ = add_link(g_, x2_, b_, 6, "d1", 1, 0.004);
    n_ = add_link(g_, a_, b_, 3, "d1", 1, 0.002);
    free_ = model::full_availability(g_, {0, 1}).free_bandwidth;
  }
  std::optional<std::vector<int>> within(double bw, double bound, int max_hops = 0) {
    return widest_path_within(g_, free_, a_, b_, bw, bound, max_hops);
  }
  model::ResourceGraph g_;
  std::vector<double> free_;
  int a_, b_, x1_, x2_, w0_, w1_, m0_, m1_, n_;
};

TEST_F(LatencyRouting, BoundForcesANarrowerButFasterRoute) {
  EXPECT_EQ(widest_path(g_, free_, a_, b_, 1), (std::vector<int>{w0_, w1_}));  // 9 Gbit/s, 20 ms
  EXPECT_EQ(within(1, 0.020), (std::vector<int>{w0_, w1_}));  // the bound admits W exactly
  EXPECT_EQ(within(1, 0.019), (std::vector<int>{m0_, m1_}));  // W is too slow: M (6, 8 ms)
  EXPECT_EQ(within(1, 0.005), (std::vector<int>{n_}));        // only N (3, 2 ms) is fast enough
  EXPECT_EQ(within(4, 0.005), std::nullopt);  // N is too narrow for 4, M too slow: none
  EXPECT_EQ(within(1, 0.001), std::nullopt);  // no route has 1 ms or less
  EXPECT_EQ(within(7, 0.019), std::nullopt);  // only W carries 7 Gbit/s
}

TEST_F(LatencyRouting, WithoutABoundRoutePairIsWidestPath) {
  const model::Pair pair{0, 1, 1};
  EXPECT_FALSE(pair.has_latency_bound());
  EXPECT_EQ(route_pair(g_, free_, a_, b_, pair), widest_path(g_, free_, a_, b_, 1));
  EXPECT_EQ(route_pair(g_, free_, a_, b_, bounded_pair(0, 1, 1, 0.005)), (std::vector<int>{n_}));
  // An infinite bound given to widest_path_within admits every path: the widest one again.
  EXPECT_EQ(within(1, model::kNoLatencyBound), (std::vector<int>{w0_, w1_}));
}

// Among paths of the largest bottleneck meeting the bound: fewest edges, then smallest edge ids.
// A parallel direct edge D (6 Gbit/s, 9 ms) ties M's bottleneck with one edge; under a 8 ms bound
// only M qualifies, under 9 ms D wins on edges.
TEST_F(LatencyRouting, TiesAmongPathsMeetingTheBound) {
  const int d = add_link(g_, a_, b_, 6, "d1", 1, 0.009);
  free_ = model::full_availability(g_, {0, 1}).free_bandwidth;
  EXPECT_EQ(within(1, 0.008), (std::vector<int>{m0_, m1_}));
  EXPECT_EQ(within(1, 0.009), (std::vector<int>{d}));
  // A second route A–X2 of the same width and latency but a larger id loses to m0.
  add_link(g_, a_, x2_, 6, "d1", 1, 0.004);
  free_ = model::full_availability(g_, {0, 1}).free_bandwidth;
  EXPECT_EQ(within(1, 0.008), (std::vector<int>{m0_, m1_}));
}

// Fewer edges may need more latency: at equal bottleneck, the 2-edge route within the bound beats
// a 3-edge one only if the 2-edge one meets the bound. Route F: A–X1'–X2'–B (5 Gbit/s, 1 ms each)
// against G: A–Y–B (5 Gbit/s, 5 + 5 ms); with max_hops 2, F is not allowed.
TEST(LatencyRoutingHops, FewestEdgesMeetingTheBoundAndMaxHops) {
  model::ResourceGraph g;
  const int a = add_site(g, "A", 1), b = add_site(g, "B", 1);
  const int p = add_exchange(g, "P"), q = add_exchange(g, "Q"), y = add_exchange(g, "Y");
  const int f0 = add_link(g, a, p, 5, "d1", 1, 0.001), f1 = add_link(g, p, q, 5, "d1", 1, 0.001),
            f2 = add_link(g, q, b, 5, "d1", 1, 0.001);
  const int g0 = add_link(g, a, y, 5, "d1", 1, 0.005), g1 = add_link(g, y, b, 5, "d1", 1, 0.005);
  const auto free = model::full_availability(g, {0, 1}).free_bandwidth;
  EXPECT_EQ(widest_path_within(g, free, a, b, 1, 0.010), (std::vector<int>{g0, g1}));
  EXPECT_EQ(widest_path_within(g, free, a, b, 1, 0.009), (std::vector<int>{f0, f1, f2}));
  EXPECT_EQ(widest_path_within(g, free, a, b, 1, 0.009, 2), std::nullopt);
  EXPECT_EQ(widest_path_within(g, free, a, b, 1, 0.010, 2), (std::vector<int>{g0, g1}));
  EXPECT_EQ(widest_path_within(g, free, a, a, 1, 1), std::nullopt);
  EXPECT_THROW(widest_path_within(g, free, a, b, 1, -1), std::invalid_argument);
}

// Greedy on the graph of LatencyRouting: components of 4 cores on A and B (both 8 free, ties go to
// the lowest id, so component 0 on A). Without a bound the pair takes W; with 10 ms it takes M;
// with 1 ms nothing meets the bound and the frame has no plan.
TEST_F(LatencyRouting, GreedyRespectsTheBound) {
  greedy::GreedyPlanner planner(0);
  const model::Availability full = model::full_availability(g_, {0, 10});
  auto plan = [&](const model::Pair& pair) {
    const auto r = make_request({4, 4}, {pair});
    PlannerStats stats;
    auto plans = planner.plan(g_, r, {full}, stats);
    for (const auto& p : plans) EXPECT_EQ(model::check_plan(g_, r, full, p), std::nullopt);
    return plans;
  };
  auto free = plan({0, 1, 2});
  ASSERT_EQ(free.size(), 1u);
  EXPECT_EQ(free[0].sites, (std::vector<int>{a_, b_}));
  EXPECT_EQ(free[0].routes[0], (std::vector<int>{w0_, w1_}));
  auto bounded = plan(bounded_pair(0, 1, 2, 0.010));
  ASSERT_EQ(bounded.size(), 1u);
  EXPECT_EQ(bounded[0].routes[0], (std::vector<int>{m0_, m1_}));
  EXPECT_TRUE(plan(bounded_pair(0, 1, 2, 0.001)).empty());
}

}  // namespace
}  // namespace arsim::schedulers::routing
