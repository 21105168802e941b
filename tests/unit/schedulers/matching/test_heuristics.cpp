// ea, hybrid and lns: every matching through the checker, never above the proven optimum, lns
// proving the optimum on small instances, determinism, and the registry.
#include <gtest/gtest.h>

#include "model/matching/check.hpp"
#include "schedulers/matching/ea.hpp"
#include "schedulers/matching/lns.hpp"
#include "schedulers/matching/lp.hpp"
#include "schedulers/matching/register.hpp"
#include "support.hpp"
#include "workloads/matching/generator.hpp"

namespace arsim::test::matching {
namespace {

namespace sm = schedulers::matching;

std::unique_ptr<schedulers::ResourceMatcher> make(const std::string& name,
                                                  std::map<std::string, std::string> params = {}) {
  schedulers::MatcherRegistry reg("resource matcher");
  sm::register_matchers(reg);
  return reg.create(name, params);
}

mm::Instance generated(std::uint64_t seed, int jobs, double p, int per_type = 50) {
  mm::Instance inst = workloads::matching::table1_resources(seed, 0, per_type);
  workloads::matching::add_jobs(inst, seed, 0, jobs, p);
  return inst;
}

const std::vector<mm::Objective> kObjectives = {
    mm::Objective::Throughput, mm::Objective::Prioritized, mm::Objective::LoadBalance};

class Heuristic : public ::testing::TestWithParam<std::string> {};

TEST_P(Heuristic, FeasibleAndNeverAboveTheOptimumOnTinyInstances) {
  // Few generations keep the suite fast (the hybrid solves a partial problem per 5 open jobs).
  auto matcher = make(GetParam(), {{"max_iterations", "30"}, {"stall_iterations", "10"}});
  for (auto obj : kObjectives)
    for (std::uint64_t seed = 1; seed <= 25; ++seed) {
      const mm::Instance inst = random_tiny(seed, 4);
      const mm::Policy policy{obj, 0.5};
      const auto r = matcher->match(inst, policy, seed);
      EXPECT_EQ(mm::check_matching(inst, r.matching, policy, r.objective), std::nullopt);
      EXPECT_LE(r.objective, brute_force(inst, policy).value + 1e-9) << "seed " << seed;
    }
}

TEST_P(Heuristic, FeasibleOnGeneratedBatchesAndWithinTheLpOptimum) {
  auto matcher = make(GetParam());
  sm::LpMatcher lp({});
  for (auto obj : kObjectives)
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const mm::Instance inst = generated(seed, 20, 0.3);
      const mm::Policy policy{obj, 0.5};
      const auto r = matcher->match(inst, policy, seed);
      EXPECT_EQ(mm::check_matching(inst, r.matching, policy, r.objective), std::nullopt);
      const auto opt = lp.match(inst, policy, 1);
      ASSERT_TRUE(opt.optimal);
      EXPECT_LE(r.objective, opt.objective + 1e-6);
      EXPECT_GT(r.objective, 0);
      EXPECT_FALSE(r.stats.trace.empty());
      EXPECT_DOUBLE_EQ(r.stats.trace.back().objective, r.objective);
      EXPECT_GT(r.stats.work, 0);
    }
}

TEST_P(Heuristic, SameSeedSameMatching) {
  const mm::Instance inst = generated(7, 30, 0.4);
  for (auto obj : kObjectives) {
    const mm::Policy policy{obj, 0.5};
    const auto a = make(GetParam())->match(inst, policy, 11);
    const auto b = make(GetParam())->match(inst, policy, 11);
    EXPECT_EQ(a.matching.assigned, b.matching.assigned);
    EXPECT_EQ(a.stats.iterations, b.stats.iterations);
    EXPECT_EQ(a.stats.work, b.stats.work);
  }
}

TEST_P(Heuristic, RefusesTheLiteralModel) {
  EXPECT_THROW(make(GetParam())->match(random_tiny(1, 3), {mm::Objective::LoadBalanceLiteral}, 1),
               std::invalid_argument);
}

INSTANTIATE_TEST_SUITE_P(Matchers, Heuristic, ::testing::Values("ea", "hybrid", "lns"));

TEST(MatchingLns, ProvesTheOptimumOfSmallBatches) {
  auto lns = make("lns");
  sm::LpMatcher lp({});
  for (auto obj : kObjectives)
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const mm::Instance inst = generated(seed, 10, 0.2);
      const mm::Policy policy{obj, 0.5};
      const auto r = lns->match(inst, policy, 1);
      EXPECT_TRUE(r.optimal);
      EXPECT_NEAR(r.objective, lp.match(inst, policy, 1).objective, 1e-6);
    }
}

TEST(MatchingEa, ImprovesOnItsInitialPopulation) {
  // The trace starts at the best initial solution; on a contended batch the generations add to it.
  const mm::Instance inst = generated(3, 40, 0.5);
  const auto r = make("ea")->match(inst, {mm::Objective::Prioritized}, 1);
  ASSERT_GE(r.stats.trace.size(), 2u);
  EXPECT_GT(r.objective, r.stats.trace.front().objective);
  EXPECT_LE(r.stats.iterations, 1000);
}

TEST(MatchingRegistry, ListsMatchersAndRejectsUnknownNamesAndKeys) {
  schedulers::MatcherRegistry reg("resource matcher");
  sm::register_matchers(reg);
  EXPECT_EQ(reg.names(), (std::vector<std::string>{"ea", "hybrid", "lns", "lp"}));
  try {
    reg.create("simplex", {});
    FAIL();
  } catch (const schedulers::ParamError& e) {
    EXPECT_NE(std::string(e.what()).find("valid: ea, hybrid, lns, lp"), std::string::npos);
  }
  EXPECT_THROW(reg.create("ea", {{"populaton", "4"}}), schedulers::ParamError);
  EXPECT_THROW(reg.create("ea", {{"population", "1"}}), schedulers::ParamError);
  EXPECT_THROW(reg.create("ea", {{"population", "3"}, {"explore", "3"}}), std::invalid_argument);
  EXPECT_THROW(reg.create("lp", {{"backend", "cplex"}}), schedulers::ParamError);
}

}  // namespace
}  // namespace arsim::test::matching
