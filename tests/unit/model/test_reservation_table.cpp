// ReservationTable: hand-checked edge cases of the step function and of the two-phase protocol.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "model/reservation_table.hpp"

namespace arsim::model {
namespace {

constexpr Time kNow = 0;
constexpr Time kLater = 1e9;  // an expiry nobody reaches in these tests

TEST(ReservationTable, TouchingFramesBothFitAtFullCapacity) {
  ReservationTable t(10);
  EXPECT_TRUE(t.hold({0, 10}, 10, 1, kLater, kNow));
  EXPECT_TRUE(t.hold({10, 20}, 10, 2, kLater, kNow));  // half-open: no overlap at 10
  EXPECT_DOUBLE_EQ(t.min_free({0, 20}, kNow), 0);
  EXPECT_DOUBLE_EQ(t.min_free({20, 30}, kNow), 10);
  EXPECT_DOUBLE_EQ(t.min_free({-5, 0}, kNow), 10);
  EXPECT_DOUBLE_EQ(t.reserved_at(9.999), 10);
  EXPECT_DOUBLE_EQ(t.reserved_at(10), 10);
  EXPECT_DOUBLE_EQ(t.reserved_at(20), 0);
  EXPECT_DOUBLE_EQ(t.reserved_at(-1), 0);
  EXPECT_FALSE(t.hold({19, 21}, 1, 3, kLater, kNow));
  EXPECT_TRUE(t.hold({20, 21}, 10, 3, kLater, kNow));
}

TEST(ReservationTable, OverlappingFramesRefuseOverCapacity) {
  ReservationTable t(10);
  ASSERT_TRUE(t.hold({0, 10}, 6, 1, kLater, kNow));
  EXPECT_FALSE(t.hold({5, 15}, 5, 2, kLater, kNow));
  EXPECT_FALSE(t.hold({9.5, 10.5}, 4.5, 2, kLater, kNow));
  EXPECT_TRUE(t.hold({5, 15}, 4, 2, kLater, kNow));  // exactly full on [5, 10)
  EXPECT_FALSE(t.hold({9, 9.5}, 0.001, 3, kLater, kNow));
  EXPECT_TRUE(t.hold({10, 11}, 6, 3, kLater, kNow));  // [10, 15) holds only 4
  EXPECT_DOUBLE_EQ(t.min_free({0, 100}, kNow), 0);
  EXPECT_DOUBLE_EQ(t.min_free({11, 15}, kNow), 6);
  EXPECT_EQ(t.size(), 3u);
}

TEST(ReservationTable, MinFreeOverSeveralSteps) {
  ReservationTable t(10);
  // Reserved: [0,5) 2, [5,8) 5, [8,10) 9, [10,12) 7, [12,15) 3, [15,20) 4, [20,30) 1.
  ASSERT_TRUE(t.hold({0, 10}, 2, 1, kLater, kNow));
  ASSERT_TRUE(t.hold({5, 20}, 3, 2, kLater, kNow));
  ASSERT_TRUE(t.hold({8, 12}, 4, 3, kLater, kNow));
  ASSERT_TRUE(t.hold({15, 30}, 1, 4, kLater, kNow));
  EXPECT_DOUBLE_EQ(t.min_free({0, 5}, kNow), 8);
  EXPECT_DOUBLE_EQ(t.min_free({4, 9}, kNow), 1);
  EXPECT_DOUBLE_EQ(t.min_free({5, 8}, kNow), 5);    // ends where the next step starts
  EXPECT_DOUBLE_EQ(t.min_free({8, 8.5}, kNow), 1);  // starts on a step
  EXPECT_DOUBLE_EQ(t.min_free({10, 16}, kNow), 3);
  EXPECT_DOUBLE_EQ(t.min_free({12, 15}, kNow), 7);
  EXPECT_DOUBLE_EQ(t.min_free({12.5, 13}, kNow), 7);  // strictly inside one step
  EXPECT_DOUBLE_EQ(t.min_free({20, 40}, kNow), 9);
  EXPECT_DOUBLE_EQ(t.min_free({30, 40}, kNow), 10);
  EXPECT_DOUBLE_EQ(t.min_free({-10, 100}, kNow), 1);
  EXPECT_DOUBLE_EQ(t.min_free({3, 3}, kNow), 10);  // empty frame: nothing to miss
  EXPECT_DOUBLE_EQ(t.reserved_at(11.9), 7);
  EXPECT_DOUBLE_EQ(t.reserved_at(12), 3);
}

TEST(ReservationTable, ExpiryFreesCapacityAtAndAfterExpiry) {
  ReservationTable t(10);
  ASSERT_TRUE(t.hold({0, 10}, 7, 1, /*expiry=*/50, kNow));
  EXPECT_DOUBLE_EQ(t.min_free({0, 10}, 49.999), 3);
  EXPECT_EQ(t.size(), 1u);
  EXPECT_DOUBLE_EQ(t.min_free({0, 10}, 50), 10);  // expiry <= now drops the hold
  EXPECT_EQ(t.size(), 0u);
  EXPECT_FALSE(t.find(1).has_value());
  EXPECT_DOUBLE_EQ(t.reserved_at(5), 0);
}

TEST(ReservationTable, ExpiryDuringHoldMakesRoom) {
  ReservationTable t(10);
  ASSERT_TRUE(t.hold({0, 10}, 7, 1, 50, kNow));
  EXPECT_FALSE(t.hold({0, 10}, 7, 2, 200, 49));
  EXPECT_TRUE(t.hold({0, 10}, 7, 2, 200, 60));  // the first hold expired in between
  EXPECT_EQ(t.size(), 1u);
}

TEST(ReservationTable, CommittedHoldDoesNotExpire) {
  ReservationTable t(10);
  ASSERT_TRUE(t.hold({0, 10}, 4, 1, 50, kNow));
  ASSERT_TRUE(t.commit(1, 10));
  t.expire(1000);
  EXPECT_DOUBLE_EQ(t.min_free({0, 10}, 2000), 6);
  ASSERT_TRUE(t.find(1).has_value());
  EXPECT_EQ(t.find(1)->state, ReservationState::Committed);
  EXPECT_EQ(t.size(), 1u);
}

TEST(ReservationTable, CommitAfterExpiryFails) {
  ReservationTable t(10);
  ASSERT_TRUE(t.hold({0, 10}, 4, 1, 50, kNow));
  ASSERT_TRUE(t.hold({0, 10}, 4, 2, 50, kNow));
  EXPECT_TRUE(t.commit(2, 49.5));
  EXPECT_FALSE(t.commit(1, 50));  // at the expiry instant the hold is gone
  EXPECT_FALSE(t.commit(1, 60));
  EXPECT_DOUBLE_EQ(t.min_free({0, 10}, 60), 6);
  EXPECT_FALSE(t.commit(2, 60));  // already committed
  EXPECT_FALSE(t.commit(99, 60));
}

TEST(ReservationTable, AbortFreesEverything) {
  ReservationTable t(8);
  ASSERT_TRUE(t.hold({0, 10}, 3, 1, kLater, kNow));
  ASSERT_TRUE(t.hold({5, 15}, 5, 2, kLater, kNow));
  ASSERT_TRUE(t.hold({10, 12}, 3, 3, kLater, kNow));
  ASSERT_TRUE(t.hold({12, 100}, 0.25, 4, kLater, kNow));
  for (ReservationId id : {2, 4, 1, 3}) EXPECT_TRUE(t.abort(id));
  EXPECT_EQ(t.size(), 0u);
  EXPECT_DOUBLE_EQ(t.min_free({-100, 1000}, kNow), 8);
  for (Time x : {0.0, 5.0, 10.0, 11.0, 50.0}) EXPECT_DOUBLE_EQ(t.reserved_at(x), 0);
  EXPECT_FALSE(t.abort(1));                           // twice
  EXPECT_TRUE(t.hold({0, 100}, 8, 5, kLater, kNow));  // the whole capacity is back
}

TEST(ReservationTable, AbortOnlyForHolds) {
  ReservationTable t(8);
  ASSERT_TRUE(t.hold({0, 10}, 3, 1, kLater, kNow));
  ASSERT_TRUE(t.commit(1, kNow));
  EXPECT_FALSE(t.abort(1));
  EXPECT_FALSE(t.abort(2));
  EXPECT_DOUBLE_EQ(t.min_free({0, 10}, kNow), 5);
}

TEST(ReservationTable, ReleaseOnlyForCommitted) {
  ReservationTable t(8);
  ASSERT_TRUE(t.hold({0, 10}, 3, 1, kLater, kNow));
  EXPECT_FALSE(t.release(1));  // still a hold
  EXPECT_DOUBLE_EQ(t.min_free({0, 10}, kNow), 5);
  ASSERT_TRUE(t.commit(1, kNow));
  EXPECT_TRUE(t.release(1));
  EXPECT_FALSE(t.release(1));
  EXPECT_FALSE(t.release(42));
  EXPECT_DOUBLE_EQ(t.min_free({0, 10}, kNow), 8);
  EXPECT_EQ(t.size(), 0u);
}

TEST(ReservationTable, DuplicateIdRefused) {
  ReservationTable t(10);
  ASSERT_TRUE(t.hold({0, 10}, 1, 7, kLater, kNow));
  EXPECT_FALSE(t.hold({20, 30}, 1, 7, kLater, kNow));
  ASSERT_TRUE(t.commit(7, kNow));
  EXPECT_FALSE(t.hold({20, 30}, 1, 7, kLater, kNow));
  EXPECT_DOUBLE_EQ(t.min_free({20, 30}, kNow), 10);  // the refused hold took nothing
  EXPECT_EQ(t.find(7)->frame, (TimeFrame{0, 10}));
  ASSERT_TRUE(t.release(7));
  EXPECT_TRUE(t.hold({20, 30}, 1, 7, kLater, kNow));  // free again once released
}

TEST(ReservationTable, ReusedIdIsNotExpiredByItsPredecessorsDeadline) {
  ReservationTable t(10);
  ASSERT_TRUE(t.hold({0, 10}, 5, 1, 50, kNow));
  ASSERT_TRUE(t.abort(1));
  ASSERT_TRUE(t.hold({0, 10}, 5, 1, 100, kNow));
  t.expire(60);  // the stale deadline of the first hold must not drop the second
  EXPECT_EQ(t.size(), 1u);
  EXPECT_DOUBLE_EQ(t.min_free({0, 10}, 60), 5);
  EXPECT_DOUBLE_EQ(t.min_free({0, 10}, 100), 10);
}

TEST(ReservationTable, EmptyFrameAndNonPositiveAmountRefused) {
  ReservationTable t(10);
  EXPECT_FALSE(t.hold({5, 5}, 1, 1, kLater, kNow));
  EXPECT_FALSE(t.hold({5, 4}, 1, 2, kLater, kNow));
  EXPECT_FALSE(t.hold({0, 10}, 0, 3, kLater, kNow));
  EXPECT_FALSE(t.hold({0, 10}, -1, 4, kLater, kNow));
  EXPECT_FALSE(t.hold({0, 10}, std::numeric_limits<double>::quiet_NaN(), 5, kLater, kNow));
  EXPECT_FALSE(t.hold({0, 10}, 10.5, 6, kLater, kNow));
  EXPECT_EQ(t.size(), 0u);
  EXPECT_DOUBLE_EQ(t.min_free({-1, 11}, kNow), 10);
}

TEST(ReservationTable, CapacityValidation) {
  EXPECT_THROW(ReservationTable(-1), std::invalid_argument);
  EXPECT_THROW(ReservationTable(std::numeric_limits<double>::quiet_NaN()), std::invalid_argument);
  ReservationTable zero(0);
  EXPECT_FALSE(zero.hold({0, 1}, 1e-3, 1, kLater, kNow));
  EXPECT_DOUBLE_EQ(zero.min_free({0, 1}, kNow), 0);
}

TEST(ReservationTable, FractionalAmountsFillExactly) {
  // 0.1 ten times sums to 0.9999999999999999: rounding must not refuse the last one.
  ReservationTable t(1.0);
  for (ReservationId id = 0; id < 10; ++id) EXPECT_TRUE(t.hold({0, 1}, 0.1, id, kLater, kNow));
  EXPECT_FALSE(t.hold({0, 1}, 0.1, 10, kLater, kNow));
  for (ReservationId id = 0; id < 10; ++id) ASSERT_TRUE(t.abort(id));
  EXPECT_DOUBLE_EQ(t.reserved_at(0.5), 0);
  EXPECT_DOUBLE_EQ(t.min_free({0, 1}, kNow), 1.0);
}

TEST(ReservationTable, MoveKeepsState) {
  ReservationTable t(10);
  ASSERT_TRUE(t.hold({0, 10}, 4, 1, 50, kNow));
  ReservationTable moved(std::move(t));
  EXPECT_DOUBLE_EQ(moved.min_free({0, 10}, kNow), 6);
  EXPECT_TRUE(moved.commit(1, 10));
  ReservationTable other(3);
  other = std::move(moved);
  EXPECT_DOUBLE_EQ(other.capacity(), 10);
  EXPECT_TRUE(other.release(1));
}

}  // namespace
}  // namespace arsim::model
