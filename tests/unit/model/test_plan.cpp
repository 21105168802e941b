// check_plan (the certificate every planner's output goes through), plan_value and Availability.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <limits>

#include "model/plan.hpp"

namespace arsim::model {
namespace {

using ::testing::HasSubstr;

// A(8) -e0- X -e2- C(6), B(4) -e1- X, A -e3- B. X is an exchange point.
class CheckPlanTest : public ::testing::Test {
 protected:
  void SetUp() override {
    a_ = g_.add_vertex({"A", VertexRole::Site, "d1", 8, 1e9, 0, 1});
    b_ = g_.add_vertex({"B", VertexRole::Site, "d1", 4, 1e9, 0, 2});
    x_ = g_.add_vertex({"X", VertexRole::Exchange, "", 0, 0, 0, 0});
    c_ = g_.add_vertex({"C", VertexRole::Site, "d2", 6, 1e9, 0, 3});
    ax_ = g_.add_edge({"ax", a_, x_, "d1", 10, 1});
    bx_ = g_.add_edge({"bx", b_, x_, "d1", 5, 1});
    xc_ = g_.add_edge({"xc", x_, c_, "d2", 10, 2});
    ab_ = g_.add_edge({"ab", a_, b_, "d1", 2, 1});
    req_.id = 1;
    req_.user = "u";
    req_.est = 100;
    req_.lst = 200;
    req_.duration = 50;
    req_.components = {{4}, {2}};
    req_.pairs = {{0, 1, 3}};
    avail_ = full_availability(g_, {150, 200});
    plan_ = Plan{{150, 200}, {a_, c_}, {{ax_, xc_}}, 0};
  }
  void expect_rejected(const std::string& needle) {
    const auto err = check_plan(g_, req_, avail_, plan_);
    ASSERT_TRUE(err.has_value()) << "accepted; expected '" << needle << "'";
    EXPECT_THAT(*err, HasSubstr(needle));
  }

  ResourceGraph g_;
  int a_, b_, x_, c_, ax_, bx_, xc_, ab_;
  Request req_;
  Availability avail_;
  Plan plan_;
};

TEST_F(CheckPlanTest, AcceptsValidPlan) {
  EXPECT_EQ(check_plan(g_, req_, avail_, plan_), std::nullopt);
  plan_.sites = {c_, a_};  // reversed: the route must run from C to A
  plan_.routes = {{xc_, ax_}};
  EXPECT_EQ(check_plan(g_, req_, avail_, plan_), std::nullopt);
}

TEST_F(CheckPlanTest, PlanValueIsObjective3) {
  // 4 cores x 1 + 2 cores x 3 + 3 Gbit/s x (1 + 2).
  EXPECT_DOUBLE_EQ(plan_value(g_, req_, plan_), 19);
}

TEST_F(CheckPlanTest, RejectsTwoComponentsOnOneSite) {
  plan_.sites = {a_, a_};
  plan_.routes = {{ab_, ab_}};
  expect_rejected("holds two components");
}

TEST_F(CheckPlanTest, RejectsAPinnedComponentElsewhere) {
  req_.components[1].site = c_;
  EXPECT_EQ(check_plan(g_, req_, avail_, plan_), std::nullopt);  // component 1 is on C
  req_.components[1].site = b_;
  expect_rejected("component 1 is pinned to vertex 1, the plan puts it on 'C'");
}

// What a planner asks of the pins before it plans (ctaap, gridars-ip): on compute sites, and
// with their cores free in the frame.
TEST_F(CheckPlanTest, PinsOnSitesWithTheirCoresFree) {
  EXPECT_TRUE(pins_on_sites(g_, req_));  // nothing pinned
  EXPECT_TRUE(pins_fit(req_, avail_));
  req_.components[0].site = x_;  // an exchange point
  EXPECT_FALSE(pins_on_sites(g_, req_));
  req_.components[0].site = b_;  // 4 cores, all free
  EXPECT_TRUE(pins_on_sites(g_, req_));
  EXPECT_TRUE(pins_fit(req_, avail_));
  avail_.free_cores[b_] = 3;
  EXPECT_FALSE(pins_fit(req_, avail_));
  req_.components[0].site = kUnpinned;  // only pins count
  EXPECT_TRUE(pins_fit(req_, avail_));
}

TEST(RequestValidation, PinsAreVertexIdsOnDistinctSites) {
  Request r;
  r.id = 1;
  r.user = "u";
  r.duration = 1;
  r.components = {{1, 3}, {1, kUnpinned}};
  EXPECT_NO_THROW(validate(r));
  r.components[1].site = 3;
  EXPECT_THROW(validate(r), std::invalid_argument);
  r.components[1].site = -2;
  EXPECT_THROW(validate(r), std::invalid_argument);
}

TEST_F(CheckPlanTest, RejectsSiteOverItsFreeCores) {
  avail_.free_cores[a_] = 3;  // the graph has 8, the frame only 3
  expect_rejected("needs 4 cores");
  avail_.free_cores[a_] = 4;
  EXPECT_EQ(check_plan(g_, req_, avail_, plan_), std::nullopt);
}

TEST_F(CheckPlanTest, RejectsExchangePointAsSite) {
  plan_.sites = {x_, c_};
  plan_.routes = {{xc_}};
  expect_rejected("not on a compute site");
  plan_.sites = {a_, 17};
  expect_rejected("not on a compute site");
  plan_.sites = {-1, c_};
  expect_rejected("not on a compute site");
}

TEST_F(CheckPlanTest, RejectsBrokenPath) {
  plan_.routes = {{ax_, ab_}};  // ax ends at X, ab does not touch X
  expect_rejected("does not start at");
  plan_.routes = {{xc_}};  // does not leave A
  expect_rejected("does not start at");
}

TEST_F(CheckPlanTest, RejectsPathEndingAtWrongSite) {
  plan_.routes = {{ax_, bx_}};  // A -> X -> B, but component 1 is on C
  expect_rejected("ends at 'B'");
}

TEST_F(CheckPlanTest, RejectsPathVisitingAVertexTwice) {
  plan_.routes = {{ab_, bx_, ax_, ax_, xc_}};
  expect_rejected("twice");
  plan_.routes = {{ax_, ax_, ax_, xc_}};  // back and forth on one edge
  expect_rejected("twice");
}

TEST_F(CheckPlanTest, RejectsMissingUnknownAndSuperfluousRoutes) {
  plan_.routes = {{}};
  expect_rejected("no path");
  plan_.routes = {{ax_, 99}};
  expect_rejected("unknown edge");
  plan_.routes = {};
  expect_rejected("routes for");
  req_.pairs[0].bandwidth = 0;
  plan_.routes = {{ax_, xc_}};
  expect_rejected("needs no path");
  plan_.routes = {{}};
  EXPECT_EQ(check_plan(g_, req_, avail_, plan_), std::nullopt);
}

TEST_F(CheckPlanTest, RejectsWrongSiteCount) {
  plan_.sites = {a_};
  expect_rejected("1 sites for 2 components");
}

TEST_F(CheckPlanTest, RejectsOverUsedEdge) {
  // Components on A, B, C; both networks to C share xc (10): 6 + 5 > 10 although each fits.
  req_.components = {{2}, {2}, {2}};
  req_.pairs = {{0, 2, 6}, {1, 2, 5}};
  plan_.sites = {a_, b_, c_};
  plan_.routes = {{ax_, xc_}, {bx_, xc_}};
  expect_rejected("edge 'xc'");
  req_.pairs[1].bandwidth = 4;  // 6 + 4 = 10 exactly
  EXPECT_EQ(check_plan(g_, req_, avail_, plan_), std::nullopt);
  avail_.free_bandwidth[xc_] = 9.5;  // the frame's availability counts, not the graph capacity
  expect_rejected("edge 'xc'");
}

TEST_F(CheckPlanTest, SumsOfFractionsFitWithinTolerance) {
  req_.components = {{2}, {2}, {2}};
  req_.pairs = {{0, 2, 0.1}, {1, 2, 0.2}};
  plan_.sites = {a_, b_, c_};
  plan_.routes = {{ax_, xc_}, {bx_, xc_}};
  avail_.free_bandwidth[xc_] = 0.3;  // 0.1 + 0.2 = 0.30000000000000004
  EXPECT_EQ(check_plan(g_, req_, avail_, plan_), std::nullopt);
}

TEST_F(CheckPlanTest, RejectsFrameOutsideEstLst) {
  plan_.frame = {90, 140};
  expect_rejected("outside");
  plan_.frame = {210, 260};
  expect_rejected("outside");
  plan_.frame = {100, 150};  // starts at EST
  EXPECT_EQ(check_plan(g_, req_, avail_, plan_), std::nullopt);
  plan_.frame = {200, 250};  // starts at LST, ends at LST + D
  EXPECT_EQ(check_plan(g_, req_, avail_, plan_), std::nullopt);
}

TEST_F(CheckPlanTest, RejectsWrongDuration) {
  plan_.frame = {150, 190};
  expect_rejected("frame length");
  plan_.frame = {150, 210};
  expect_rejected("frame length");
}

TEST_F(CheckPlanTest, RejectsAvailabilityOfAnotherGraph) {
  avail_.free_bandwidth.pop_back();
  expect_rejected("availability does not match");
}

TEST(Availability, ScaledFloorsCores) {
  Availability a{{0, 10}, {10, 7, 0, 3, 100}, {10, 3}};
  const Availability half = a.scaled(0.5);
  EXPECT_EQ(half.free_cores, (std::vector<int>{5, 3, 0, 1, 50}));
  EXPECT_EQ(half.free_bandwidth, (std::vector<double>{5, 1.5}));
  EXPECT_EQ(half.frame, a.frame);
  EXPECT_EQ(a.scaled(1).free_cores, a.free_cores);
  EXPECT_EQ(a.scaled(1).free_bandwidth, a.free_bandwidth);
  // 100 x 0.29 is 28.999999999999996 in binary: still 29 cores, not 28.
  EXPECT_EQ(a.scaled(0.29).free_cores[4], 29);
  EXPECT_EQ(a.scaled(0.3).free_cores, (std::vector<int>{3, 2, 0, 0, 30}));
  EXPECT_EQ(a.free_cores[0], 10);  // the original is untouched
}

TEST(Availability, FullAvailabilityIsCapacity) {
  ResourceGraph g;
  g.add_vertex({"A", VertexRole::Site, "d", 8, 1, 0, 1});
  g.add_vertex({"X", VertexRole::Exchange, "", 0, 0, 0, 1});
  g.add_edge({"ax", 0, 1, "d", 2.5, 1});
  const Availability a = full_availability(g, {3, 9});
  EXPECT_EQ(a.frame, (TimeFrame{3, 9}));
  EXPECT_EQ(a.free_cores, (std::vector<int>{8, 0}));
  EXPECT_EQ(a.free_bandwidth, (std::vector<double>{2.5}));
}

// A(4) -f- B with 3 ms of latency. A pair bounded by 3 ms is met (within 1e-9 s); 2 ms is not,
// and the message names the request, the pair and both numbers.
TEST(CheckPlanLatency, RefusesARouteOverItsPairsBound) {
  ResourceGraph g;
  const int a = g.add_vertex({"A", VertexRole::Site, "d", 4, 1e9, 0, 1});
  const int b = g.add_vertex({"B", VertexRole::Site, "d", 4, 1e9, 0, 1});
  const int f = g.add_edge({"f", a, b, "d", 10, 1, 0.003});
  Request r;
  r.id = 5;
  r.user = "u";
  r.duration = 10;
  r.components = {{1}, {1}};
  r.pairs = {{0, 1, 1, 0.003}};
  const Availability avail = full_availability(g, {0, 10});
  const Plan p{{0, 10}, {a, b}, {{f}}, 0};
  EXPECT_DOUBLE_EQ(route_latency(g, {f}), 0.003);
  EXPECT_EQ(check_plan(g, r, avail, p), std::nullopt);
  r.pairs[0].max_latency = 0.003 - 1e-10;  // within the tolerance
  EXPECT_EQ(check_plan(g, r, avail, p), std::nullopt);
  r.pairs[0].max_latency = 0.002;
  const auto err = check_plan(g, r, avail, p);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(*err, "request 5 pair 0 (0-1): route latency 0.003 s exceeds its bound 0.002 s");
  r.pairs[0].max_latency = kNoLatencyBound;
  EXPECT_EQ(check_plan(g, r, avail, p), std::nullopt);
}

TEST(CheckPlanLatency, ValidationOfBoundsAndLatencies) {
  Request r;
  r.id = 2;
  r.user = "u";
  r.duration = 10;
  r.components = {{1}, {1}};
  r.pairs = {{0, 1, 1, 0}};  // a bound of 0: only routes without latency
  EXPECT_NO_THROW(validate(r));
  for (double bad : {-0.001, std::numeric_limits<double>::quiet_NaN(),
                     -std::numeric_limits<double>::infinity()}) {
    r.pairs[0].max_latency = bad;
    try {
      validate(r);
      ADD_FAILURE() << bad << " accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()),
                "request 2: pair 0-1: max_latency must be >= 0 seconds (or none)");
    }
  }
  ResourceGraph g;
  const int a = g.add_vertex({"A", VertexRole::Site, "d", 4, 1e9, 0, 1});
  const int b = g.add_vertex({"B", VertexRole::Site, "d", 4, 1e9, 0, 1});
  for (double bad : {-1.0, std::numeric_limits<double>::infinity()})
    EXPECT_THROW(g.add_edge({"f", a, b, "d", 10, 1, bad}), std::invalid_argument);
}

}  // namespace
}  // namespace arsim::model
