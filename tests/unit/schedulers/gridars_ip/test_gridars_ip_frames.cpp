// gridars-ip's frame shortcuts (frames.hpp): the counting test agrees with the brute-force
// optimum and the solver, covering and the solve order, and planning with shortcuts gives the
// same optima as solving every frame, on hand-made and random frames.
#include <gtest/gtest.h>

#include <optional>
#include <random>

#include "schedulers/gridars_ip/frames.hpp"
#include "schedulers/gridars_ip/gridars_ip.hpp"
#include "tests/unit/schedulers/gridars_ip/instances.hpp"

namespace {

std::vector<model::Plan> plan_all(const Instance& inst,
                                  const std::vector<model::Availability>& frames, gip::Options o,
                                  int& solves) {
  gip::GridarsIpPlanner planner(o);
  PlannerStats stats;
  auto plans = planner.plan(inst.graph, inst.request, frames, stats);
  solves = stats.solves;
  for (const auto& p : plans) {
    const auto it = std::find_if(frames.begin(), frames.end(),
                                 [&](const auto& a) { return a.frame == p.frame; });
    EXPECT_NE(it, frames.end());
    if (it != frames.end()) {
      EXPECT_EQ(model::check_plan(inst.graph, inst.request, *it, p), std::nullopt);
    }
  }
  return plans;
}

// `base` with each capacity kept or cut to a random lower value, for the frame starting at t.
model::Availability shrink(const model::Availability& base, double t, std::mt19937_64& rng) {
  model::Availability a = base;
  a.frame = {t, t + 100};
  std::bernoulli_distribution cut(0.25);
  for (int& c : a.free_cores)
    if (c > 0 && cut(rng)) c = std::uniform_int_distribution<int>(0, c)(rng);
  for (double& b : a.free_bandwidth)
    if (b > 0 && cut(rng)) b = std::uniform_int_distribution<int>(0, static_cast<int>(b))(rng);
  return a;
}

// Eight frames of `inst` (LST moved to 700 so they fit): its availability, then random shrinks of
// earlier frames, so that many cover others.
std::vector<model::Availability> shrunk_frames(Instance& inst, std::mt19937_64& rng) {
  inst.request.lst = 700;
  std::vector<model::Availability> frames = {inst.avail};
  for (int t = 1; t < 8; ++t) {
    const auto& base = frames[std::uniform_int_distribution<int>(0, t - 1)(rng)];
    frames.push_back(shrink(base, t * 100.0, rng));
  }
  return frames;
}

// Both back-ends, with and without option (A), by instance number.
gip::Options varied_options(int i) {
  gip::Options o;
  o.backend = i % 2 ? Backend::Glpk : Backend::Cbc;
  o.time_limit = 0;
  o.balance = (i % 3) * 0.75;
  return o;
}

}  // namespace

// The counting test only ever says "no plan" where there is none.
TEST(GridarsIpFrames, ObviouslyInfeasibleAgreesWithBruteForceAndTheSolver) {
  std::mt19937_64 rng(31);
  int hits = 0;
  gip::Options solve_all;
  solve_all.time_limit = 0;
  solve_all.frame_shortcuts = false;
  for (int i = 0; i < 300; ++i) {
    const Instance inst = arsim::test::random_instance(rng);
    if (!gip::obviously_infeasible(inst.graph, inst.request, inst.avail)) continue;
    ++hits;
    EXPECT_FALSE(arsim::test::brute_force_optimum(inst).has_value()) << "instance " << i;
    int solves = 0;
    EXPECT_TRUE(plan_all(inst, {inst.avail}, solve_all, solves).empty()) << "instance " << i;
    EXPECT_EQ(solves, 1);
  }
  EXPECT_GT(hits, 20);  // the generator must exercise it
}

TEST(GridarsIpFrames, CoversAndSolveOrder) {
  const auto g = arsim::test::fig4_graph();
  const auto full = model::full_availability(g, {0, 100});
  auto less_cores = full, less_bandwidth = full;
  less_cores.free_cores[0] -= 1;
  less_bandwidth.free_bandwidth[3] -= 1;
  EXPECT_TRUE(gip::covers(full, less_cores));
  EXPECT_TRUE(gip::covers(full, full));
  EXPECT_FALSE(gip::covers(less_cores, full));
  EXPECT_FALSE(gip::covers(less_cores, less_bandwidth));
  EXPECT_FALSE(gip::covers(less_bandwidth, less_cores));
  // Every frame after those covering it; among the rest, frame order.
  EXPECT_EQ(gip::solve_order({less_bandwidth, less_cores, full, less_cores}),
            (std::vector<std::size_t>{2, 0, 1, 3}));
}

// Fig. 4, components of 4 and 8 cores joined by 2 Gbit/s (optimum 16 on A, C via X: e1, e4; see
// test_gridars_ip.cpp). Frame 1 has less room where the plan does not go (B has no cores): it is
// solved all the same (a borrowed plan would be optimal, but maybe not the solver's), to the same
// optimum. Frame 2 has e4 down to 1 Gbit/s: 18 via Y. Frame 3 has no site with 8 free cores: no
// plan, without a solve.
TEST(GridarsIpFrames, FramesWithAPlanAreSolvedFramesWithoutOneMayNotBe) {
  Instance inst{arsim::test::fig4_graph(), arsim::test::make_request({4, 8}, {{0, 1, 2}}), {}};
  inst.request.lst = 300;
  const auto& g = inst.graph;
  std::vector<model::Availability> frames;
  for (int t = 0; t < 4; ++t)
    frames.push_back(model::full_availability(g, {t * 100.0, t * 100.0 + 100}));
  frames[1].free_cores[*g.find_vertex("B")] = 0;
  frames[2].free_bandwidth[*g.find_edge("e4")] = 1;
  frames[3].free_cores[*g.find_vertex("C")] = 4;
  frames[3].free_cores[*g.find_vertex("B")] = 4;
  for (const Backend b : {Backend::Cbc, Backend::Glpk}) {
    gip::Options o;
    o.backend = b;
    int solves = 0;
    const auto plans = plan_all(inst, frames, o, solves);
    EXPECT_EQ(solves, 3);
    ASSERT_EQ(plans.size(), 3u);
    EXPECT_EQ(plans[0].frame, frames[0].frame);
    EXPECT_DOUBLE_EQ(plans[0].cost, 16);
    EXPECT_EQ(plans[1].frame, frames[1].frame);
    EXPECT_EQ(plans[1].routes, plans[0].routes);
    EXPECT_DOUBLE_EQ(plans[1].cost, 16);
    EXPECT_EQ(plans[2].frame, frames[2].frame);
    EXPECT_DOUBLE_EQ(plans[2].cost, 18);
  }
}

// Each frame's answer depends on that frame alone: planned one at a time through start(), in
// reverse order or only every other frame, every frame gets exactly the plan plan() gives it.
TEST(GridarsIpFrames, AFramesPlanDoesNotDependOnWhichFramesWerePlannedBefore) {
  std::mt19937_64 rng(23);
  int plans_compared = 0;
  for (int i = 0; i < 60; ++i) {
    Instance inst = arsim::test::random_instance(rng);
    const auto frames = shrunk_frames(inst, rng);
    const gip::Options o = varied_options(i);
    gip::GridarsIpPlanner planner(o);
    PlannerStats stats;
    const auto all = planner.plan(inst.graph, inst.request, frames, stats);
    const auto plan_of = [&](const model::Availability& a) -> std::optional<model::Plan> {
      for (const auto& p : all)
        if (p.frame == a.frame) return p;
      return std::nullopt;
    };
    for (const int step : {-1, 2}) {
      auto session = planner.start(inst.graph, inst.request, stats);
      for (int k = step < 0 ? 7 : 0; k >= 0 && k < 8; k += step) {
        const auto mine = session->plan(frames[k]);
        const auto theirs = plan_of(frames[k]);
        ASSERT_EQ(mine.has_value(), theirs.has_value()) << "instance " << i << " frame " << k;
        if (!mine) continue;
        EXPECT_EQ(mine->sites, theirs->sites) << "instance " << i << " frame " << k;
        EXPECT_EQ(mine->routes, theirs->routes) << "instance " << i << " frame " << k;
        EXPECT_EQ(mine->cost, theirs->cost) << "instance " << i << " frame " << k;
        ++plans_compared;
      }
    }
  }
  EXPECT_GT(plans_compared, 200);
}

// Frames drawn as random shrinks of earlier frames (so many cover others): with shortcuts, the
// same frames get plans, at the same optimal cost, with no more solves; with and without option
// (A), on both back-ends.
TEST(GridarsIpFrames, ShortcutsGiveTheOptimaOfSolvingEveryFrame) {
  std::mt19937_64 rng(17);
  int saved = 0;
  for (int i = 0; i < 120; ++i) {
    Instance inst = arsim::test::random_instance(rng);
    const auto frames = shrunk_frames(inst, rng);
    const gip::Options o = varied_options(i);
    auto every = o;
    every.frame_shortcuts = false;
    int solves_short = 0, solves_every = 0;
    const auto fast = plan_all(inst, frames, o, solves_short);
    const auto slow = plan_all(inst, frames, every, solves_every);
    ASSERT_EQ(fast.size(), slow.size()) << "instance " << i;
    for (std::size_t k = 0; k < fast.size(); ++k) {
      EXPECT_EQ(fast[k].frame, slow[k].frame) << "instance " << i;
      EXPECT_NEAR(fast[k].cost, slow[k].cost, 1e-6) << "instance " << i;
    }
    EXPECT_LE(solves_short, solves_every);
    saved += solves_every - solves_short;
  }
  EXPECT_GT(saved, 100);  // the shortcuts must actually be exercised
}
