// The pieces that bound a matching run, by hand: the greedy answer of a batch that missed its
// deadline (deadline.hpp), the limit of simulated time (limits.hpp), and resources.csv refusing
// more rows than that limit allows instead of overflowing its bucket count.
#include <gtest/gtest.h>

#include <stdexcept>

#include "model/matching/check.hpp"
#include "sim/kinds/matching/deadline.hpp"
#include "sim/kinds/matching/limits.hpp"
#include "sim/kinds/matching/output/writers.hpp"
#include "tests/support/tiny_matching_workload.hpp"
#include "tests/unit/sim/kinds/matching/hand_run.hpp"

namespace arsim::kinds::matching {
namespace {

// The tiny workload's resources (r0 linux 10, r1 linux 4, r2 bsd 6) and its jobs in order: j0 (8,
// linux) takes r0; j1 (5, linux) fits neither r0 (2 left) nor r1 (4); j2 (12) fits nothing; j3
// (solaris) has no candidate; j4 (4, any) finds 2 left on r0, so takes r1 (4).
TEST(MatchingDeadline, TheGreedyAnswerIsFirstFitInBatchOrder) {
  const auto inst = arsim::testing::tiny_workload().instance;
  const auto m = greedy_matching(inst);
  EXPECT_EQ(m.assigned, (std::vector<std::vector<int>>{{0}, {}, {}, {}, {1}}));
  EXPECT_FALSE(model::matching::check_feasible(inst, m, {}).has_value());
}

TEST(MatchingDeadline, AMissedBatchAnswersGreedyOrNothing) {
  const auto inst = arsim::testing::tiny_workload().instance;
  Deadline d{2, true};
  EXPECT_TRUE(d.missed(2.5));
  EXPECT_FALSE(d.missed(2));
  EXPECT_FALSE(Deadline{}.missed(1e300));  // no deadline
  EXPECT_EQ(missed_answer(inst, d, {}).matched_count(), 2);
  d.greedy = false;
  EXPECT_EQ(missed_answer(inst, d, {}).matched_count(), 0);
  d.greedy = true;  // the literal load balance: a greedy placement breaks its equal loads
  model::matching::Policy literal{model::matching::Objective::LoadBalanceLiteral, 0.5};
  EXPECT_EQ(missed_answer(inst, d, literal).matched_count(), 0);
}

// 3 resource attributes: 10^6 / 3 buckets of the shorter of bucket and period.
TEST(MatchingLimits, TheLimitOfSimulatedTimeFollowsTheShorterOfBucketAndPeriod) {
  const auto inst = arsim::testing::tiny_workload().instance;
  EXPECT_EQ(resource_attributes(inst), 3);
  const RunLimit a = run_limit(inst, 600, 60);
  EXPECT_DOUBLE_EQ(a.seconds, 1e6 / 3 * 60);
  EXPECT_EQ(a.key, "providers.period");
  const RunLimit b = run_limit(inst, 1e-9, 60);
  EXPECT_DOUBLE_EQ(b.seconds, 1e6 / 3 * 1e-9);
  EXPECT_EQ(b.key, "output.bucket");
  EXPECT_EQ(b.because,
            "at most 10^6 rows of resources.csv for 3 resource attributes, buckets of 1e-09 s");
}

// Buckets of 1e-9 s over the hand run's 153 s: 1.5e11 buckets. Before, the count overflowed an int
// and resources.csv covered the first bucket only; now the writer refuses.
TEST(MatchingLimits, ResourcesCsvRefusesMoreBucketsThanTheLimit) {
  const auto w = arsim::testing::tiny_workload();
  const auto r = arsim::testing::hand_run();
  EXPECT_THROW(resources_csv(w, r, 1e-9), std::length_error);
  EXPECT_THROW(resources_csv(w, r, 153.0 * 3 / 1e6 / 4), std::length_error);
  EXPECT_NO_THROW(resources_csv(w, r, 153.0 * 3 / 1e5));  // 10^5 rows
}

}  // namespace
}  // namespace arsim::kinds::matching
