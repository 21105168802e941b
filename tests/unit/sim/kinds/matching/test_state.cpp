// The Resource Matcher's bookkeeping (sim/kinds/matching/state.hpp) on the tiny workload, step by
// step by hand: offers, free capacity, which jobs are due, batches, attempts, drops, expiry.
#include <gtest/gtest.h>

#include "model/matching/check.hpp"
#include "sim/kinds/matching/state.hpp"
#include "tests/support/tiny_matching_workload.hpp"

namespace arsim::kinds::matching {
namespace {

using Assigned = std::vector<std::vector<int>>;

// Offers of the three servers r0, r1, r2.
std::vector<std::vector<double>> offers(double r0, double r1, double r2) {
  return {{r0}, {r1}, {r2}};
}

TEST(MatcherState, NothingIsOfferedBeforeTheFirstReport) {
  const auto w = arsim::testing::tiny_workload();
  MatcherState s(&w, {});
  EXPECT_TRUE(s.submit(0, 1));
  EXPECT_DOUBLE_EQ(s.free(0, 0), 0);
  EXPECT_FALSE(s.due(0));  // fits r0 only once r0 offers 8
  EXPECT_TRUE(s.report(0, offers(10, 4, 6)));
  EXPECT_DOUBLE_EQ(s.free(0, 0), 10);
  EXPECT_TRUE(s.due(0));
}

TEST(MatcherState, JobsThatCanNeverRunAreRejectedOnArrival) {
  const auto w = arsim::testing::tiny_workload();
  MatcherState s(&w, {});
  EXPECT_FALSE(s.submit(2, 6));  // 12 above every capacity
  EXPECT_FALSE(s.submit(3, 7));  // no candidate
  EXPECT_TRUE(s.submit(4, 8));
  EXPECT_EQ(s.queue(), std::vector<int>{4});
}

TEST(MatcherState, TwoJobsCompeteForOneResourceAndTheSecondWaitsForTheRelease) {
  const auto w = arsim::testing::tiny_workload();
  MatcherState s(&w, {});
  s.report(0, offers(10, 4, 6));
  s.submit(0, 1);
  s.submit(1, 5);
  Batch b = s.take();
  ASSERT_EQ(b.jobs, (std::vector<int>{0, 1}));
  EXPECT_EQ(b.first_tries, 2);
  ASSERT_EQ(b.instance.jobs.size(), 2u);
  EXPECT_DOUBLE_EQ(b.instance.resources[0].capacity[0], 10);  // free capacities
  // Both need r0 (8 + 5 > 10): the matcher places j0 only.
  const mm::Matching m{Assigned{{0}, {}}};
  ASSERT_FALSE(mm::check_matching(b.instance, m, {}, 1));
  const Applied a = s.apply(b, m);
  EXPECT_EQ(a.matched, std::vector<int>{0});
  EXPECT_TRUE(a.dropped.empty());
  EXPECT_DOUBLE_EQ(s.held(0, 0), 8);
  EXPECT_DOUBLE_EQ(s.free(0, 0), 2);
  EXPECT_EQ(s.running(), 1);
  EXPECT_EQ(s.attempts(1), 1);
  EXPECT_EQ(s.queue(), std::vector<int>{1});
  EXPECT_FALSE(s.due(1));                       // 5 fits no free capacity now
  EXPECT_FALSE(s.report(0, offers(10, 4, 6)));  // nothing rose
  EXPECT_FALSE(s.due());
  s.release(0);
  EXPECT_DOUBLE_EQ(s.free(0, 0), 10);
  EXPECT_EQ(s.running(), 0);
  EXPECT_TRUE(s.due(1));  // r0 freed
  b = s.take();
  EXPECT_EQ(b.jobs, std::vector<int>{1});
  EXPECT_EQ(b.first_tries, 0);
  EXPECT_EQ(s.apply(b, mm::Matching{Assigned{{0}}}).matched, std::vector<int>{1});
  EXPECT_EQ(s.attempts(1), 2);
  EXPECT_EQ(s.assigned(1), std::vector<int>{0});
}

TEST(MatcherState, AJobUnmatchedWhileItFitsIsRetriedOnlyAfterARiseOnItsCandidates) {
  const auto w = arsim::testing::tiny_workload();
  MatcherState s(&w, {});
  s.report(0, offers(10, 4, 5));
  s.submit(4, 8);  // fits r0, r1, r2
  Batch b = s.take();
  s.apply(b, mm::Matching{Assigned{{}}});  // a matcher may leave it out
  EXPECT_TRUE(s.fits_now(4));
  EXPECT_FALSE(s.due(4));  // nothing changed since its try
  EXPECT_FALSE(s.report(0, offers(9, 4, 5)));
  EXPECT_FALSE(s.due(4));  // an offer fell: still not
  EXPECT_TRUE(s.report(0, offers(9, 4, 6)));
  EXPECT_TRUE(s.due(4));  // r2 rose
}

TEST(MatcherState, AnOfferBelowWhatIsHeldPreemptsNothingAndFreesNothing) {
  const auto w = arsim::testing::tiny_workload();
  MatcherState s(&w, {});
  s.report(0, offers(10, 4, 6));
  s.submit(0, 1);
  s.apply(s.take(), mm::Matching{Assigned{{0}}});
  s.report(0, offers(3, 4, 6));  // the owner takes r0 back to 3 of 10
  EXPECT_DOUBLE_EQ(s.held(0, 0), 8);
  EXPECT_DOUBLE_EQ(s.free(0, 0), 0);
  EXPECT_EQ(s.running(), 1);
  s.submit(4, 8);
  const Batch b = s.take();
  EXPECT_DOUBLE_EQ(b.instance.resources[0].capacity[0], 0);
  EXPECT_DOUBLE_EQ(b.instance.resources[1].capacity[0], 4);
}

TEST(MatcherState, BatchSizeAttemptsAndWaitBoundTheQueue) {
  const auto w = arsim::testing::tiny_workload();
  MatcherState s(&w, {1, 2, 100});
  s.report(0, offers(10, 4, 5));
  s.submit(0, 1);
  s.submit(4, 8);
  Batch b = s.take();
  EXPECT_EQ(b.jobs, std::vector<int>{0});  // batch_size 1: the oldest due job
  EXPECT_TRUE(s.apply(b, mm::Matching{Assigned{{}}}).dropped.empty());
  b = s.take();
  EXPECT_EQ(b.jobs, std::vector<int>{4});  // j0 is not due any more
  s.apply(b, mm::Matching{Assigned{{}}});
  s.report(0, offers(10, 4, 6));  // r2 rose: j4 due, j0 (linux: r0, r1) not
  EXPECT_FALSE(s.due(0));
  b = s.take();
  EXPECT_EQ(b.jobs, std::vector<int>{4});
  EXPECT_EQ(s.apply(b, mm::Matching{Assigned{{}}}).dropped, std::vector<int>{4});  // 2nd attempt
  EXPECT_EQ(s.queue(), std::vector<int>{0});
  EXPECT_TRUE(s.expire(100.5).empty());  // j0 arrived at 1
  EXPECT_EQ(s.expire(101), std::vector<int>{0});
  EXPECT_TRUE(s.queue().empty());
}

TEST(MatcherState, ReportsOfTheWrongShapeOrAboveCapacityAreRefused) {
  const auto w = arsim::testing::tiny_workload();
  MatcherState s(&w, {});
  EXPECT_THROW(s.report(0, {{10}, {4}}), std::invalid_argument);
  EXPECT_THROW(s.report(0, offers(11, 4, 6)), std::invalid_argument);
  EXPECT_THROW(s.report(0, offers(-1, 4, 6)), std::invalid_argument);
  EXPECT_THROW(s.report(0, {{10}, {4}, {6, 1}}), std::invalid_argument);
  EXPECT_THROW(MatcherState(&w, {0, 1, 1}), std::invalid_argument);
  EXPECT_THROW(MatcherState(&w, {1, 0, 1}), std::invalid_argument);
  EXPECT_THROW(MatcherState(&w, {1, 1, 0}), std::invalid_argument);
}

// The defensive check after applying: a matching that bypassed the checker and overloads r0 is a
// bug, caught before any job starts.
TEST(MatcherState, ApplyingAnOverloadingMatchingIsALogicError) {
  auto w = arsim::testing::tiny_workload();
  MatcherState s(&w, {});
  s.report(0, offers(10, 4, 6));
  s.submit(0, 1);
  s.submit(1, 5);
  const Batch b = s.take();
  const mm::Matching m{Assigned{{0}, {0}}};
  EXPECT_TRUE(mm::check_matching(b.instance, m, {}, 2).has_value());  // the checker refuses it
  EXPECT_THROW(s.apply(b, m), std::logic_error);
}

}  // namespace
}  // namespace arsim::kinds::matching
