// The hybrid as §3.1 describes it: the EA's population, and every unmatched job handed to the LP
// in partial problems of partial_jobs each rebuild (partials=cover); the single partial problem
// per rebuild kept as partials=one. Hand-computed cases and certificates against the exact solve.
#include <gtest/gtest.h>

#include "model/matching/check.hpp"
#include "model/random.hpp"
#include "schedulers/matching/ea.hpp"
#include "schedulers/matching/lp.hpp"
#include "schedulers/matching/register.hpp"
#include "support.hpp"
#include "workloads/matching/generator.hpp"

namespace arsim::test::matching {
namespace {

namespace sm = schedulers::matching;

std::unique_ptr<schedulers::ResourceMatcher> hybrid(std::map<std::string, std::string> p = {}) {
  schedulers::MatcherRegistry reg("resource matcher");
  sm::register_matchers(reg);
  return reg.create("hybrid", p);
}

// One server of capacity `cpu` and `jobs` jobs using 1 cpu each.
mm::Instance unit_jobs(int jobs, double cpu) {
  mm::Instance inst = two_types();
  add_server(inst, "linux", cpu, 100);
  for (int j = 0; j < jobs; ++j) add_job(inst, 1, {server_dep("", 1, 0)});
  return inst;
}

TEST(MatchingHybrid, DefaultsFollowTheEasProcedure) {
  const sm::HybridOptions h;
  const sm::EvolutionOptions ea;
  EXPECT_EQ(h.evolution.population, ea.population);
  EXPECT_EQ(h.evolution.explore, ea.explore);
  EXPECT_EQ(h.evolution.removals, ea.removals);
  EXPECT_EQ(h.evolution.max_iterations, 100);  // §5.1
  EXPECT_EQ(h.evolution.stall_iterations, 50);
  EXPECT_EQ(h.partial_jobs, 5);
  EXPECT_EQ(h.partials, sm::Partials::Cover);
}

TEST(MatchingHybrid, CoverSolvesEveryUnmatchedJobInPartialProblemsOfFive) {
  // 12 open jobs, room for all: partial problems of 5, 5 and 2, each solved and placed.
  const mm::Instance inst = unit_jobs(12, 100);
  const mm::Candidates cand = mm::candidate_sets(inst);
  const mm::Policy policy{mm::Objective::Throughput};
  auto rng = model::make_stream(1, 0, "test");
  sm::HybridOptions o;
  sm::State cover(inst, cand);
  schedulers::MatchStats stats;
  sm::rebuild_by_partials(cover, o, policy, rng, stats);
  EXPECT_EQ(cover.matched_count(), 12);
  EXPECT_EQ(stats.lp_solves, 3);

  o.partials = sm::Partials::One;  // one partial problem: 5 of the 12
  sm::State one(inst, cand);
  schedulers::MatchStats one_stats;
  sm::rebuild_by_partials(one, o, policy, rng, one_stats);
  EXPECT_EQ(one.matched_count(), 5);
  EXPECT_EQ(one_stats.lp_solves, 1);
}

TEST(MatchingHybrid, LaterPartialProblemsSeeTheCapacityEarlierOnesTook) {
  // Room for 7 of 12: the first partial problem takes 5, the second 2, the third finds the server
  // full and is not solved (no job of it could get a column).
  const mm::Instance inst = unit_jobs(12, 7);
  const mm::Candidates cand = mm::candidate_sets(inst);
  auto rng = model::make_stream(2, 0, "test");
  sm::State s(inst, cand);
  schedulers::MatchStats stats;
  sm::rebuild_by_partials(s, sm::HybridOptions{}, {mm::Objective::Throughput}, rng, stats);
  EXPECT_EQ(s.matched_count(), 7);
  EXPECT_EQ(stats.lp_solves, 2);
  EXPECT_EQ(mm::check_matching(inst, s.matching(), {mm::Objective::Throughput}, 7), std::nullopt);
}

// Two servers of 10 cpu; jobs of 6, 6, 4, 4 cpu (priority 1) and one of 7 cpu (priority 10).
// By hand: at most 4 jobs fit (6+4 and 6+4 fill both servers; the 7 shares a server with none of
// them); prioritized, the 7 alone on one server and 6+4 on the other give 10+1+1 = 12, against 4
// for the four small jobs; load balance at 4 jobs leaves both servers full, F = 0, value 4.
mm::Instance packing() {
  mm::Instance inst = two_types();
  add_server(inst, "linux", 10, 100);
  add_server(inst, "linux", 10, 100);
  for (double cpu : {6.0, 6.0, 4.0, 4.0}) add_job(inst, 1, {server_dep("", cpu, 0)});
  add_job(inst, 10, {server_dep("", 7, 0)});
  return inst;
}

TEST(MatchingHybrid, ReachesTheHandComputedOptimaOfASmallPacking) {
  const mm::Instance inst = packing();
  const std::vector<std::pair<mm::Objective, double>> optima = {{mm::Objective::Throughput, 4},
                                                                {mm::Objective::Prioritized, 12},
                                                                {mm::Objective::LoadBalance, 4}};
  for (const auto& [objective, optimum] : optima) {
    const mm::Policy policy{objective, 0.5};
    ASSERT_NEAR(brute_force(inst, policy).value, optimum, 1e-9);
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      const auto r = hybrid()->match(inst, policy, seed);
      EXPECT_NEAR(r.objective, optimum, 1e-9) << mm::to_string(objective) << " seed " << seed;
      EXPECT_EQ(mm::check_matching(inst, r.matching, policy, r.objective), std::nullopt);
    }
  }
}

// Runs `matcher` on small generated batches (12 jobs, complexity 0.4, 10 resources per type) under
// every objective and checks it against the optimum CBC proves: verified, never above the proven
// bound (the certificate), and equal to the optimum.
void expect_proven_optimum(schedulers::ResourceMatcher& matcher) {
  sm::LpMatcher lp({});
  for (auto obj :
       {mm::Objective::Throughput, mm::Objective::Prioritized, mm::Objective::LoadBalance})
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      mm::Instance inst = workloads::matching::table1_resources(seed, 0, 10);
      workloads::matching::add_jobs(inst, seed, 0, 12, 0.4);
      const mm::Policy policy{obj, 0.5};
      const auto opt = lp.match(inst, policy, 1);
      ASSERT_TRUE(opt.optimal);
      const auto r = matcher.match(inst, policy, seed);
      EXPECT_EQ(mm::check_matching(inst, r.matching, policy, r.objective), std::nullopt);
      EXPECT_LE(r.objective, opt.best_bound + 1e-6);
      EXPECT_NEAR(r.objective, opt.objective, 1e-6) << mm::to_string(obj) << " seed " << seed;
    }
}

// §3.3: "When the partial problem solved by LP is equal to the complete problem, the hybrid
// matcher gives the optimal solution": removing every assignment and one partial problem over
// every job and candidate is the complete problem, so the hybrid must score the proven optimum.
TEST(MatchingHybrid, CompletePartialProblemGivesTheProvenOptimum) {
  expect_proven_optimum(*hybrid({{"removals", "12"},
                                 {"partial_jobs", "12"},
                                 {"partial_candidates", "40"},
                                 {"max_iterations", "1"}}));
}

TEST(MatchingHybrid, DefaultReachesTheProvenOptimumOfSmallGeneratedBatches) {
  expect_proven_optimum(*hybrid());
}

TEST(MatchingHybrid, OnePartialProblemVariantStaysVerified) {
  auto one = hybrid(
      {{"partials", "one"}, {"population", "4"}, {"explore", "1"}, {"stall_iterations", "10"}});
  for (auto obj : {mm::Objective::Throughput, mm::Objective::LoadBalance})
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const mm::Instance inst = random_tiny(seed, 5);
      const mm::Policy policy{obj, 0.5};
      const auto r = one->match(inst, policy, seed);
      EXPECT_EQ(mm::check_matching(inst, r.matching, policy, r.objective), std::nullopt);
      EXPECT_LE(r.objective, brute_force(inst, policy).value + 1e-9);
    }
  EXPECT_THROW(hybrid({{"partials", "some"}}), schedulers::ParamError);
}

}  // namespace
}  // namespace arsim::test::matching
