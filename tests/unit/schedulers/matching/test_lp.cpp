// `lp`: hand-computed optima per objective, the literal load-balance model's behaviour, the model
// dump, and the optimum against brute force on hundreds of random tiny instances.
#include <filesystem>

#include <gtest/gtest.h>

#include "model/matching/check.hpp"
#include "schedulers/matching/lp.hpp"
#include "support.hpp"

namespace arsim::test::matching {
namespace {

using schedulers::matching::LpMatcher;
using schedulers::matching::LpOptions;

schedulers::MatchResult run_lp(const mm::Instance& inst, mm::Policy p, LpOptions o = {}) {
  LpMatcher lp(o);
  auto r = lp.match(inst, p, 1);
  EXPECT_EQ(mm::check_matching(inst, r.matching, p, r.objective), std::nullopt);
  return r;
}

TEST(MatchingLp, HandComputedOptimaPerObjective) {
  const mm::Instance inst = example();
  auto r = run_lp(inst, {mm::Objective::Throughput});
  EXPECT_TRUE(r.optimal);
  EXPECT_EQ(r.objective, 2);  // j0 or j1 (not both) and j2
  r = run_lp(inst, {mm::Objective::Prioritized});
  EXPECT_EQ(r.objective, 8);  // j0 (5) and j2 (3)
  EXPECT_TRUE(r.matching.matched(0));
  EXPECT_FALSE(r.matching.matched(1));
  r = run_lp(inst, {mm::Objective::LoadBalance, 0.5});
  // j2 on s1 leaves F = 0.25 (s1 at 0.75); on s0 F would be 0.1 (s0 cpu at 0.9).
  EXPECT_DOUBLE_EQ(r.objective, 2.125);
  EXPECT_EQ(r.matching.assigned[2], (std::vector<int>{1, 2}));
  EXPECT_NEAR(r.best_bound, 2.125, 1e-6);
  EXPECT_NEAR(r.gap(), 0, 1e-6);
}

TEST(MatchingLp, GlpkAgrees) {
  const mm::Instance inst = example();
  LpOptions o;
  o.backend = schedulers::milp::Backend::Glpk;
  for (auto obj :
       {mm::Objective::Throughput, mm::Objective::Prioritized, mm::Objective::LoadBalance})
    EXPECT_DOUBLE_EQ(run_lp(inst, {obj}, o).objective, run_lp(inst, {obj}).objective);
}

// The literal model (one G_a shared by all resources of a type) makes every nonempty matching on
// servers of unequal load infeasible, so maximising F matches nothing: F = 1 beats any load.
TEST(MatchingLp, LiteralLoadBalanceMatchesNothing) {
  const mm::Instance inst = example();
  auto r = run_lp(inst, {mm::Objective::LoadBalanceLiteral});
  EXPECT_TRUE(r.optimal);
  EXPECT_EQ(r.matching.matched_count(), 0);
  EXPECT_DOUBLE_EQ(r.objective, 1.0);
  EXPECT_EQ(run_lp(inst, {mm::Objective::LoadBalance}).matching.matched_count(), 2);
  // Two equal servers and two equal jobs: one on each loads both to 0.5, which the literal model
  // allows, yet F = 0.5 < 1, so it still prefers matching nothing.
  mm::Instance even = two_types();
  add_server(even, "linux", 10, 10);
  add_server(even, "linux", 10, 10);
  add_job(even, 1, {server_dep("", 5, 5)});
  add_job(even, 1, {server_dep("", 5, 5)});
  r = run_lp(even, {mm::Objective::LoadBalanceLiteral});
  EXPECT_EQ(r.matching.matched_count(), 0);
  EXPECT_EQ(run_lp(even, {mm::Objective::LoadBalance}).matching.matched_count(), 2);
  EXPECT_EQ(brute_force(even, {mm::Objective::LoadBalanceLiteral}).value, 1.0);
}

TEST(MatchingLp, DumpsEveryModel) {
  const auto dir = std::filesystem::temp_directory_path() / "arsim_matching_lp_dump";
  std::filesystem::remove_all(dir);
  LpOptions o;
  o.dump_dir = dir.string();
  LpMatcher lp(o);
  lp.match(example(), {mm::Objective::Throughput}, 1);
  lp.match(example(), {mm::Objective::LoadBalance}, 1);
  EXPECT_TRUE(std::filesystem::exists(dir / "match0000.mps"));
  EXPECT_TRUE(std::filesystem::exists(dir / "match0000.json"));
  EXPECT_TRUE(std::filesystem::exists(dir / "match0001_p1.mps"));  // load balance: two phases
  EXPECT_TRUE(std::filesystem::exists(dir / "match0001_p2.json"));
  std::filesystem::remove_all(dir);
}

TEST(MatchingLp, SameInputSameMatching) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const mm::Instance inst = random_tiny(seed, 4);
    for (auto obj : {mm::Objective::Throughput, mm::Objective::LoadBalance}) {
      const auto a = run_lp(inst, {obj}), b = run_lp(inst, {obj});
      EXPECT_EQ(a.matching.assigned, b.matching.assigned);
    }
  }
}

class LpVersusBruteForce : public ::testing::TestWithParam<mm::Objective> {};

TEST_P(LpVersusBruteForce, OptimumOnRandomTinyInstances) {
  const mm::Policy policy{GetParam(), 0.5};
  int nonempty = 0;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    const mm::Instance inst = random_tiny(seed, 3 + static_cast<int>(seed % 2));
    const Optimum best = brute_force(inst, policy);
    const auto r = run_lp(inst, policy);
    ASSERT_TRUE(r.optimal) << "seed " << seed;
    EXPECT_NEAR(r.objective, best.value, 1e-6) << "seed " << seed;
    nonempty += best.matching.matched_count() > 0;
  }
  if (GetParam() != mm::Objective::LoadBalanceLiteral) {
    EXPECT_GT(nonempty, 100);
  }
}

INSTANTIATE_TEST_SUITE_P(Objectives, LpVersusBruteForce,
                         ::testing::Values(mm::Objective::Throughput, mm::Objective::Prioritized,
                                           mm::Objective::LoadBalance,
                                           mm::Objective::LoadBalanceLiteral),
                         [](const auto& info) { return mm::to_string(info.param); });

}  // namespace
}  // namespace arsim::test::matching
