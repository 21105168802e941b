// The model: candidate sets, validation, hand-computed objective values, and the checker's
// rejections (each a matching broken in one way).
#include <gtest/gtest.h>

#include "model/matching/check.hpp"
#include "support.hpp"

namespace arsim::test::matching {
namespace {

TEST(MatchingModel, CandidateSetsFilterByStaticValues) {
  const auto c = mm::candidate_sets(example());
  ASSERT_EQ(c.size(), 3u);
  EXPECT_EQ(c[0], (std::vector<std::vector<int>>{{0}}));
  EXPECT_EQ(c[1], (std::vector<std::vector<int>>{{0, 1}}));
  EXPECT_EQ(c[2], (std::vector<std::vector<int>>{{0, 1}, {2}}));
}

TEST(MatchingModel, ValidateNamesTheFault) {
  mm::Instance bad = example();
  bad.jobs[1].depends.push_back(server_dep("", 1, 1));
  EXPECT_THROW(mm::validate(bad), std::invalid_argument);
  bad = example();
  bad.resources[0].capacity = {1};
  EXPECT_THROW(mm::validate(bad), std::invalid_argument);
  bad = example();
  bad.jobs[0].depends[0].usage[0] = -1;
  EXPECT_THROW(mm::validate(bad), std::invalid_argument);
  EXPECT_NO_THROW(mm::validate(example()));
}

TEST(MatchingModel, ObjectiveValuesByHand) {
  const mm::Instance inst = example();
  mm::Matching m = mm::Matching::empty(inst);
  m.assigned[0] = {0};
  m.assigned[2] = {1, 2};
  EXPECT_EQ(mm::objective_value(inst, m, {mm::Objective::Throughput}), 2);
  EXPECT_EQ(mm::objective_value(inst, m, {mm::Objective::Prioritized}), 8);
  // s0 cpu 0.6 mem 0.2; s1 0.75 / 0.75; d2 0.4: F = 0.25, value 2 + 0.5 * 0.25.
  EXPECT_DOUBLE_EQ(mm::objective_value(inst, m, {mm::Objective::LoadBalance, 0.5}), 2.125);
  EXPECT_DOUBLE_EQ(mm::objective_value(inst, m, {mm::Objective::LoadBalance, 0.25}), 2.0625);
  EXPECT_EQ(mm::check_matching(inst, m, {mm::Objective::LoadBalance, 0.5}, 2.125), std::nullopt);
  EXPECT_DOUBLE_EQ(
      mm::objective_value(inst, mm::Matching::empty(inst), {mm::Objective::LoadBalance}), 0.5);
}

TEST(MatchingChecker, RejectsEachKindOfViolation) {
  const mm::Instance inst = example();
  const mm::Policy tp{mm::Objective::Throughput};
  mm::Matching m = mm::Matching::empty(inst);
  m.assigned[0] = {0};
  m.assigned[1] = {0};  // 12 cpu on s0 (10)
  auto v = mm::check_feasible(inst, m, tp);
  ASSERT_TRUE(v);
  EXPECT_NE(v->find("above capacity"), std::string::npos) << *v;
  m = mm::Matching::empty(inst);
  m.assigned[0] = {1};  // s1 is aix: not in E(j0, server)
  ASSERT_TRUE(v = mm::check_feasible(inst, m, tp));
  EXPECT_NE(v->find("not in E"), std::string::npos) << *v;
  m = mm::Matching::empty(inst);
  m.assigned[2] = {1};  // one resource for two dependencies
  ASSERT_TRUE(v = mm::check_feasible(inst, m, tp));
  EXPECT_NE(v->find("gang"), std::string::npos) << *v;
  m.assigned[2] = {2, 1};  // types swapped
  ASSERT_TRUE(v = mm::check_feasible(inst, m, tp));
  EXPECT_NE(v->find("type"), std::string::npos) << *v;
  m.assigned[2] = {1, 2};
  EXPECT_EQ(mm::check_matching(inst, m, tp, 1), std::nullopt);
  ASSERT_TRUE(v = mm::check_matching(inst, m, tp, 2));  // wrong claimed objective
  EXPECT_NE(v->find("claimed"), std::string::npos) << *v;
  m.assigned.pop_back();
  EXPECT_TRUE(mm::check_feasible(inst, m, tp));
}

TEST(MatchingChecker, LiteralLoadBalanceNeedsEqualFractions) {
  mm::Instance inst = two_types();
  add_server(inst, "linux", 10, 10);
  add_server(inst, "linux", 10, 10);
  add_job(inst, 1, {server_dep("", 5, 5)});
  add_job(inst, 1, {server_dep("", 5, 5)});
  const mm::Policy lit{mm::Objective::LoadBalanceLiteral};
  mm::Matching m = mm::Matching::empty(inst);
  m.assigned[0] = {0};  // s0 at 0.5, s1 at 0: no common G_a
  EXPECT_TRUE(mm::check_feasible(inst, m, lit));
  EXPECT_EQ(mm::check_feasible(inst, m, {mm::Objective::LoadBalance}), std::nullopt);
  m.assigned[1] = {1};  // both at 0.5
  EXPECT_EQ(mm::check_matching(inst, m, lit, 0.5), std::nullopt);
  EXPECT_EQ(mm::check_matching(inst, mm::Matching::empty(inst), lit, 1.0), std::nullopt);
}

TEST(MatchingModel, ObjectiveNamesRoundTrip) {
  for (const auto& name : mm::objective_names())
    EXPECT_EQ(mm::to_string(mm::parse_objective(name)), name);
  EXPECT_THROW(mm::parse_objective("fastest"), std::invalid_argument);
}

}  // namespace
}  // namespace arsim::test::matching
