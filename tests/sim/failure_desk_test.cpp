// An RM's reservation desk under failures (sim/kinds/coallocation/actors/reservation_desk.hpp):
// which committed reservations a failure breaks and from when, and that a resource that is down
// shows no free capacity and takes no hold until it is back up.
#include <gtest/gtest.h>

#include "sim/kinds/coallocation/actors/reservation_desk.hpp"
#include "sim/kinds/coallocation/output/failures.hpp"

namespace arsim::kinds::coallocation {
namespace {

using protocol::AvailabilityQuery;
using protocol::HoldRequest;

// A desk of one site of 4 cores with request 7 committed over [100, 200) and request 8 over
// [300, 400), 2 cores each.
ReservationDesk desk_with_two() {
  ReservationDesk desk(ResourceKind::Cores, {{0, 4}});
  std::vector<ReservationRecord> out;
  for (const auto& [id, request, start] : {std::tuple{1, 7, 100.0}, std::tuple{2, 8, 300.0}}) {
    EXPECT_EQ(desk.hold(HoldRequest{static_cast<model::ReservationId>(id),
                                    request,
                                    {start, start + 100},
                                    {{0, 2}},
                                    60,
                                    nullptr},
                        0),
              ReservationDesk::HoldAnswer::Granted);
    EXPECT_TRUE(desk.commit(id, 1, out));
  }
  return desk;
}

double free_over(ReservationDesk& desk, double start, double end, double now) {
  return desk.availability(AvailabilityQuery{{{start, end}}, nullptr}, now).free.at(0).at(0);
}

TEST(FailureDesk, AFailureBreaksWhatItOverlapsFromWhenItDoes) {
  auto desk = desk_with_two();
  const auto at_failure = desk.resource_down(0, 150);
  ASSERT_EQ(at_failure.size(), 1u);
  EXPECT_EQ(at_failure[0].request_id, 7);
  EXPECT_EQ(at_failure[0].broken_at, 150);
  // Down: no free core in any frame, even one after the repair (its time is unknown), no hold.
  EXPECT_EQ(free_over(desk, 500, 600, 160), 0);
  EXPECT_EQ(desk.hold(HoldRequest{3, 9, {500, 600}, {{0, 1}}, 220, nullptr}, 160),
            ReservationDesk::HoldAnswer::Refused);
  // Back up at 350: request 8 began while the site was down, broken from its start.
  const auto at_repair = desk.resource_up(0, 350);
  ASSERT_EQ(at_repair.size(), 1u);
  EXPECT_EQ(at_repair[0].request_id, 8);
  EXPECT_EQ(at_repair[0].broken_at, 300);
  EXPECT_EQ(free_over(desk, 500, 600, 360), 4);
  EXPECT_TRUE(desk.close_failures().empty());
}

TEST(FailureDesk, AFailureNothingOverlapsBreaksNothing) {
  auto desk = desk_with_two();
  EXPECT_TRUE(desk.resource_down(0, 220).empty());
  EXPECT_TRUE(desk.resource_up(0, 280).empty());
  // Still down when the run ends: what began since is broken from its start.
  EXPECT_TRUE(desk.resource_down(0, 290).empty());
  const auto at_end = desk.close_failures();
  ASSERT_EQ(at_end.size(), 1u);
  EXPECT_EQ(at_end[0].request_id, 8);
  EXPECT_EQ(at_end[0].broken_at, 300);
}

// The auditor's side (output/failures.hpp): the instant a reservation over [start, end) breaks.
TEST(BrokenFrom, FirstOverlappingFailureFromTheLaterOfStartAndDown) {
  const FailureRecord early{"h", false, FailureScope::Reserved, 50, 120};
  const FailureRecord later{"h", false, FailureScope::Reserved, 150, std::nullopt};
  EXPECT_EQ(broken_from(100, 200, {&early, &later}), 100);   // down before its start, up within
  EXPECT_EQ(broken_from(130, 200, {&early, &later}), 150);   // the first ended before its start
  EXPECT_EQ(broken_from(100, 150, {&later}), std::nullopt);  // down at its end: too late
}

// A reservation released before its start (the auditor passes the release as its end) breaks
// nowhere, even on a resource down from before its release to after its start.
TEST(BrokenFrom, AReservationGivenBackBeforeItsStartIsNotBroken) {
  const FailureRecord down{"l", true, FailureScope::Reserved, 147338.26, 149522.17};
  EXPECT_EQ(broken_from(147383.03, 147338.45, {&down}), std::nullopt);
  EXPECT_EQ(broken_from(147383.03, 148275, {&down}), 147383.03);
}

}  // namespace
}  // namespace arsim::kinds::coallocation
