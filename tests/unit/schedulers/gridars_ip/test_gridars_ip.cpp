// gridars-ip on hand-computed cases (the Fig. 4-shaped graph of instances.hpp), its parameters,
// and the verifier it relies on.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "schedulers/gridars_ip/formulation.hpp"
#include "schedulers/gridars_ip/gridars_ip.hpp"
#include "tests/unit/schedulers/gridars_ip/instances.hpp"

using arsim::test::fig4_graph;
using arsim::test::make_request;

namespace {

std::vector<model::Plan> run(const model::ResourceGraph& g, const model::Request& r,
                             const std::vector<model::Availability>& frames, gip::Options o = {}) {
  gip::GridarsIpPlanner planner(o);
  PlannerStats stats;
  auto plans = planner.plan(g, r, frames, stats);
  // One solve per frame, or per distinct availability when identical frames share a solve, or
  // fewer when frame shortcuts answer some frames without the solver.
  std::set<std::pair<std::vector<int>, std::vector<double>>> distinct;
  for (const auto& a : frames) distinct.emplace(a.free_cores, a.free_bandwidth);
  if (!o.reuse_identical_frames)
    EXPECT_EQ(stats.solves, static_cast<int>(frames.size()));
  else if (!o.frame_shortcuts)
    EXPECT_EQ(stats.solves, static_cast<int>(distinct.size()));
  else
    EXPECT_LE(stats.solves, static_cast<int>(distinct.size()));
  for (const auto& p : plans) {
    auto it = std::find_if(frames.begin(), frames.end(),
                           [&](const auto& a) { return a.frame == p.frame; });
    EXPECT_NE(it, frames.end());
    if (it != frames.end()) {
      EXPECT_EQ(model::check_plan(g, r, *it, p), std::nullopt);
    }
  }
  return plans;
}

int edge(const model::ResourceGraph& g, const char* name) {
  return *g.find_edge(name);
}
int vertex(const model::ResourceGraph& g, const char* name) {
  return *g.find_vertex(name);
}

class Fig4 : public testing::TestWithParam<std::string> {
 protected:
  gip::Options options() const {
    gip::Options o;
    o.backend = arsim::schedulers::milp::parse_backend(GetParam());
    return o;
  }
  model::ResourceGraph g_ = fig4_graph();
  model::Availability full_ = model::full_availability(g_, {0, 100});
};

}  // namespace

// Components of 4 and 8 cores joined by 2 Gbit/s. c1 (8 cores) fits only B or C; c0 fits A, B, C.
// Sites cost vc·rc: c0 on A 4, B 8, C 4; c1 on B 16, C 8. Cheapest route per Gbit/s: A–C via X
// 1+1 = 2 (via Y 2+1 = 3); A–B direct e0 has only 1 Gbit/s, so A–X–B 1+2 = 3; B–C via X 2+1 = 3.
// Plans: c0@A c1@C 4+8+2·2 = 16; c0@A c1@B 4+16+2·3 = 26; c0@B c1@C 8+8+2·3 = 22;
// c0@C c1@B 4+16+2·3 = 26. Optimum 16: A and C across the two domains through X (e1, e4).
TEST_P(Fig4, HandComputedOptimumCrossesDomainsThroughAnExchangePoint) {
  const auto r = make_request({4, 8}, {{0, 1, 2}});
  testing::internal::CaptureStdout();
  const auto plans = run(g_, r, {full_}, options());
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");  // the solvers print nothing
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_DOUBLE_EQ(plans[0].cost, 16);
  EXPECT_EQ(plans[0].sites, (std::vector<int>{vertex(g_, "A"), vertex(g_, "C")}));
  EXPECT_EQ(plans[0].routes[0], (std::vector<int>{edge(g_, "e1"), edge(g_, "e4")}));
  EXPECT_DOUBLE_EQ(model::plan_value(g_, r, plans[0]), 16);
}

// With X–C down to 1 Gbit/s free, every route into C through X is closed (B reaches C only via
// X). Left: c0@A c1@C via Y, 4+8+2·(2+1) = 18, or c0@A c1@B via X, 26. Optimum 18 on e3, e5.
TEST_P(Fig4, ReroutesThroughTheOtherExchangePointWhenALinkIsFull) {
  auto avail = full_;
  avail.free_bandwidth[edge(g_, "e4")] = 1;
  const auto r = make_request({4, 8}, {{0, 1, 2}});
  const auto plans = run(g_, r, {avail}, options());
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_DOUBLE_EQ(plans[0].cost, 18);
  EXPECT_EQ(plans[0].routes[0], (std::vector<int>{edge(g_, "e3"), edge(g_, "e5")}));
}

// The route is listed from the site of pair.a to the site of pair.b, whichever way the IP's
// arcs point: swapping the pair's ends reverses the route.
TEST_P(Fig4, RouteRunsFromPairAToPairB) {
  const auto r = make_request({4, 8}, {{1, 0, 2}});
  const auto plans = run(g_, r, {full_}, options());
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_EQ(plans[0].routes[0], (std::vector<int>{edge(g_, "e4"), edge(g_, "e1")}));
}

// Two 4-core components and a pair with no bandwidth: they need two sites but no path (eq. 7).
// Cheapest sites: A 4 and C 4 (B costs 8, D has 2 cores): 8, with an empty route.
TEST_P(Fig4, PairWithoutBandwidthGetsNoRoute) {
  const auto r = make_request({4, 4}, {{0, 1, 0}});
  const auto plans = run(g_, r, {full_}, options());
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_DOUBLE_EQ(plans[0].cost, 8);
  EXPECT_TRUE(plans[0].routes[0].empty());
}

// The request of the first case with c0 pinned to B (a modification, GridARS §5): B costs
// 4·2 = 8, c1 (8 cores) then fits only C, 8, and B–C runs through X at 2+1 per Gbit/s, 6. The
// optimum 22 replaces the unpinned 16 (c0@A).
TEST_P(Fig4, PinnedComponentStaysOnItsSite) {
  auto r = make_request({4, 8}, {{0, 1, 2}});
  r.components[0].site = vertex(g_, "B");
  const auto plans = run(g_, r, {full_}, options());
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_DOUBLE_EQ(plans[0].cost, 22);
  EXPECT_EQ(plans[0].sites, (std::vector<int>{vertex(g_, "B"), vertex(g_, "C")}));
  EXPECT_EQ(plans[0].routes[0], (std::vector<int>{edge(g_, "e2"), edge(g_, "e4")}));
}

// A pin on D (2 cores) for a 4-core component, or on the exchange point X, leaves no plan,
// whether the solver proves it or the frame shortcuts do (frames.hpp).
TEST_P(Fig4, PinOnASiteWithoutTheCoresGivesNoPlan) {
  for (const char* pin : {"D", "X"})
    for (const bool shortcuts : {false, true}) {
      auto r = make_request({4, 8}, {{0, 1, 2}});
      r.components[0].site = vertex(g_, pin);
      auto o = options();
      o.frame_shortcuts = shortcuts;
      PlannerStats stats;
      EXPECT_TRUE(gip::GridarsIpPlanner(o).plan(g_, r, {full_}, stats).empty()) << pin;
      EXPECT_EQ(stats.solves, shortcuts ? 0 : 1) << pin;
    }
}

TEST_P(Fig4, InfeasibleRequestsGiveNoPlan) {
  EXPECT_TRUE(run(g_, make_request({32}, {}), {full_}, options()).empty());  // no site has 32
  EXPECT_TRUE(run(g_, make_request({1, 1, 1, 1, 1}, {}), {full_}, options()).empty());  // 4 sites
  // Every route between the domains has 2 paths; N_max = 1 forbids them all, and the only
  // same-domain pair with room for 8 and 4 cores (B and A) has e0 at 1 Gbit/s only.
  auto o = options();
  o.n_max = 1;
  EXPECT_TRUE(run(g_, make_request({4, 8}, {{0, 1, 2}}), {full_}, o).empty());
}

// One plan per frame that has room, in frame order, each carrying its frame.
TEST_P(Fig4, IdenticalFramesShareOneSolveAndGiveTheSamePlans) {
  model::Request r = make_request({8}, {});
  r.lst = 200;
  const std::vector<model::Availability> frames = {full_, model::full_availability(g_, {100, 200}),
                                                   model::full_availability(g_, {200, 300})};
  auto plain = options();
  plain.reuse_identical_frames = false;
  const auto reused = run(g_, r, frames, options());
  const auto solved = run(g_, r, frames, plain);
  ASSERT_EQ(reused.size(), solved.size());
  for (std::size_t i = 0; i < reused.size(); ++i) {
    EXPECT_EQ(reused[i].frame, solved[i].frame);
    EXPECT_EQ(reused[i].sites, solved[i].sites);
    EXPECT_EQ(reused[i].routes, solved[i].routes);
    EXPECT_DOUBLE_EQ(reused[i].cost, solved[i].cost);
  }
}

TEST_P(Fig4, SkipsFramesWithoutRoom) {
  model::Request r = make_request({8}, {});
  r.lst = 200;
  auto busy = model::full_availability(g_, {100, 200});
  busy.free_cores[vertex(g_, "B")] = 0;
  busy.free_cores[vertex(g_, "C")] = 4;
  const auto plans = run(g_, r, {full_, busy, model::full_availability(g_, {200, 300})}, options());
  ASSERT_EQ(plans.size(), 2u);
  EXPECT_EQ(plans[0].frame, (model::TimeFrame{0, 100}));
  EXPECT_EQ(plans[1].frame, (model::TimeFrame{200, 300}));
}

INSTANTIATE_TEST_SUITE_P(GridarsIp, Fig4, testing::Values("cbc", "glpk"));

// Option (A): P has vc 0.9 and 6 of its 8 cores in use; Q has vc 1 and is idle. Without balance
// 2 cores cost 1.8 on P, 2 on Q. With w = 1, P costs (0.9 + 6/8)·2 = 3.3, so Q wins at 2.
TEST(GridarsIp, BalancePrefersLessLoadedSites) {
  model::ResourceGraph g;
  model::Vertex p{"P", model::VertexRole::Site, "d", 8}, q{"Q", model::VertexRole::Site, "d", 8};
  p.unit_value = 0.9;
  const int pid = g.add_vertex(p), qid = g.add_vertex(q);
  auto avail = model::full_availability(g, {0, 100});
  avail.free_cores[pid] = 2;
  const auto r = make_request({2}, {});
  EXPECT_EQ(run(g, r, {avail})[0].sites[0], pid);
  gip::Options o;
  o.balance = 1;
  const auto plans = run(g, r, {avail}, o);
  EXPECT_EQ(plans[0].sites[0], qid);
  EXPECT_DOUBLE_EQ(plans[0].cost, 2);
}

// Sites A (4 cores, vc 1) and B (4 cores, vc 3), joined by W: A–X1–B (vb 1 per edge, 10 ms each)
// and M: A–X2–B (vb 2 per edge, 4 ms each). Components of 4 and 2 cores, one pair of 1 Gbit/s:
// c0@A c1@B costs 4 + 6 = 10, c0@B c1@A 12 + 2 = 14, so c0@A. Route W adds 2, M adds 4:
// without a bound W (12); a bound of 10 ms excludes W (20 ms): M (14); 1 ms excludes both.
TEST(GridarsIp, LatencyBoundChangesTheRouteOrLeavesNoPlan) {
  model::ResourceGraph g;
  auto site = [&](const char* name, double vc) {
    model::Vertex v{name, model::VertexRole::Site, "D", 4};
    v.unit_value = vc;
    return g.add_vertex(v);
  };
  const int a = site("A", 1), b = site("B", 3);
  const int x1 = g.add_vertex({"X1", model::VertexRole::Exchange, "", 0});
  const int x2 = g.add_vertex({"X2", model::VertexRole::Exchange, "", 0});
  const int w0 = g.add_edge({"w0", a, x1, "D", 10, 1, 0.010}),
            w1 = g.add_edge({"w1", x1, b, "D", 10, 1, 0.010});
  const int m0 = g.add_edge({"m0", a, x2, "D", 10, 2, 0.004}),
            m1 = g.add_edge({"m1", x2, b, "D", 10, 2, 0.004});
  const auto full = model::full_availability(g, {0, 100});
  for (const char* backend : {"cbc", "glpk"}) {
    gip::Options o;
    o.backend = arsim::schedulers::milp::parse_backend(backend);
    const auto free = run(g, make_request({4, 2}, {{0, 1, 1}}), {full}, o);
    ASSERT_EQ(free.size(), 1u) << backend;
    EXPECT_DOUBLE_EQ(free[0].cost, 12);
    EXPECT_EQ(free[0].sites, (std::vector<int>{a, b}));
    EXPECT_EQ(free[0].routes[0], (std::vector<int>{w0, w1}));
    const auto bounded = run(g, make_request({4, 2}, {{0, 1, 1, 0.010}}), {full}, o);
    ASSERT_EQ(bounded.size(), 1u) << backend;
    EXPECT_DOUBLE_EQ(bounded[0].cost, 14);
    EXPECT_EQ(bounded[0].routes[0], (std::vector<int>{m0, m1}));
    EXPECT_TRUE(run(g, make_request({4, 2}, {{0, 1, 1, 0.001}}), {full}, o).empty()) << backend;
  }
  // The bound is one row (Σ lat_k·y over both orientations of the four edges); none without it.
  const auto f = gip::build_formulation(g, make_request({4, 2}, {{0, 1, 1, 0.010}}), full, {});
  const auto unbounded = gip::build_formulation(g, make_request({4, 2}, {{0, 1, 1}}), full, {});
  EXPECT_EQ(f.model.num_constraints(), unbounded.model.num_constraints() + 1);
}

TEST(GridarsIp, RegisteredWithTypedParameters) {
  arsim::schedulers::PlannerRegistry planners{"planner"};
  gip::register_planner(planners);
  EXPECT_NE(planners.create("gridars-ip", {}), nullptr);
  EXPECT_NE(planners.create("gridars-ip", {{"backend", "glpk"}, {"n_max", "6"}}), nullptr);
  EXPECT_THROW(planners.create("gridars-ip", {{"backend", "cplex"}}),
               arsim::schedulers::ParamError);
  EXPECT_THROW(planners.create("gridars-ip", {{"balance", "-1"}}), arsim::schedulers::ParamError);
  EXPECT_THROW(planners.create("gridars-ip", {{"nmax", "4"}}), arsim::schedulers::ParamError);
  EXPECT_THROW(planners.create("gridars-ip", {{"cbc_args", "-bogus 3"}}),
               arsim::schedulers::ParamError);
  EXPECT_THROW(planners.create("gridars-ip", {{"cbc_args", "-zeroHalfCuts sometimes"}}),
               arsim::schedulers::ParamError);
  EXPECT_NE(planners.create("gridars-ip", {{"cbc_args", ""}}), nullptr);
  const auto o = planners.validate("gridars-ip", {}).to<gip::Options>();
  EXPECT_EQ(o.backend, arsim::schedulers::milp::Backend::Cbc);
  EXPECT_TRUE(o.extra_constraints);
  EXPECT_EQ(o.n_max, 4);
  EXPECT_EQ(o.time_limit, 10);
  EXPECT_EQ(o.node_limit, 0);
  EXPECT_EQ(planners.validate("gridars-ip", {{"node_limit", "50"}}).to<gip::Options>().node_limit,
            50);
  EXPECT_THROW(planners.create("gridars-ip", {{"node_limit", "-1"}}),
               arsim::schedulers::ParamError);
  EXPECT_FALSE(o.first_feasible);
  EXPECT_TRUE(o.dump_dir.empty());
  EXPECT_EQ(o.balance, 0);
  EXPECT_FALSE(o.tighten);
  EXPECT_EQ(o.cbc_args, gip::kDefaultCbcArgs);
}

TEST(GridarsIp, DumpsEverySolvedModel) {
  const auto dir = std::filesystem::temp_directory_path() / "arsim_test_gridars_dump";
  std::filesystem::remove_all(dir);
  const auto g = fig4_graph();
  gip::Options o;
  o.dump_dir = dir.string();
  const auto r = make_request({4, 8}, {{0, 1, 2}});
  run(g, r, {model::full_availability(g, {0, 100})}, o);
  EXPECT_GT(std::filesystem::file_size(dir / "request7_frame0.mps"), 0u);
  EXPECT_TRUE(std::filesystem::exists(dir / "request7_frame0.json"));
  std::filesystem::remove_all(dir);
}

TEST(GridarsIp, RejectsAFrameThatDoesNotFitTheRequest) {
  const auto g = fig4_graph();
  const auto r = make_request({1}, {});
  gip::GridarsIpPlanner planner({});
  PlannerStats stats;
  EXPECT_THROW(planner.plan(g, r, {model::full_availability(g, {0, 50})}, stats),
               std::invalid_argument);
}

// The verifier the planner relies on rejects what a wrong decoder could produce.
TEST(CheckPlan, RejectsABrokenPathAndAnOverusedLink) {
  const auto g = fig4_graph();
  const auto r = make_request({4, 8}, {{0, 1, 2}});
  auto avail = model::full_availability(g, {0, 100});
  const auto plans = run(g, r, {avail});
  ASSERT_EQ(plans.size(), 1u);
  auto broken = plans[0];
  broken.routes[0] = {edge(g, "e1")};  // stops at X, short of C
  EXPECT_NE(model::check_plan(g, r, avail, broken), std::nullopt);
  broken.routes[0] = {edge(g, "e4"), edge(g, "e1")};  // does not start at A
  EXPECT_NE(model::check_plan(g, r, avail, broken), std::nullopt);
  avail.free_bandwidth[edge(g, "e1")] = 1;  // 2 Gbit/s on a link with 1 free
  EXPECT_NE(model::check_plan(g, r, avail, plans[0]), std::nullopt);
}

// The size limit counts what build_formulation makes: on Fig. 4 (4 sites, 8 edges) a request of 3
// components and 2 pairs with bandwidth (one pair without) has 4 x 3 + 2 x 8 x 2 = 44 variables.
TEST(GridarsIp, RefusesRequestsWhoseModelIsOverMaxVariables) {
  const auto g = fig4_graph();
  const auto r = make_request({1, 1, 1}, {{0, 1, 1.0}, {1, 2, 0.0}, {0, 2, 2.0}});
  const auto f = gip::build_formulation(g, r, model::full_availability(g, {0, 100}), {});
  const arsim::schedulers::ModelSize size{4, 8, 3, 2};
  EXPECT_EQ(f.model.num_vars(), 44);
  EXPECT_EQ(gip::model_variables(size), 44);
  gip::Options o;
  o.max_variables = 44;
  EXPECT_EQ(gip::GridarsIpPlanner(o).refuses(size), std::nullopt);
  o.max_variables = 43;
  const auto why = gip::GridarsIpPlanner(o).refuses(size);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("a request of 3 components (2 pairs with bandwidth) on 4 sites and 8 paths "
                      "makes a model of 44 variables per frame; the limit is max_variables=43"),
            std::string::npos)
      << *why;
  o.max_variables = 0;  // none
  EXPECT_EQ(gip::GridarsIpPlanner(o).refuses({1000, 1000000, 10, 45}), std::nullopt);
}
