// The Recorder turns the actors' events into the RunRecord the writers read.
#include <gtest/gtest.h>

#include "sim/kinds/coallocation/output/events.hpp"
#include "tests/unit/sim/kinds/coallocation/fixture.hpp"

namespace arsim::kinds::coallocation {
namespace {

using namespace fixture;

TEST(Recorder, BuildsTheRecordFromEvents) {
  Recorder rec;
  auto r1 = request(1, "u2", 300, 1200, 1560, 300, {2, 2}, {{0, 1, 2}});
  auto r0 = request(0, "u1", 60, 1200, 1500, 600, {2, 2}, {{0, 1, 1}});
  accept(r0, 1200, {kA, kB}, {{kAB}});
  rec.on(RequestDecided{r1});  // decided out of id order
  rec.on(HoldGranted{0, 7, ResourceKind::Cores, 2});
  rec.on(HoldGranted{0, 7, ResourceKind::Bandwidth, 1});
  rec.on(ReservationCommitted{cores(0, kA, 1200, 1800, 2)});
  rec.on(ReservationCommitted{bandwidth(0, kAB, 1200, 1800, 1)});
  rec.on(RequestDecided{r0});
  rec.on(JobStarted{{0, kA, 2, 1200, 1200}});
  rec.on(JobFinished{{0, kA, 2, 1200, 1800, {{"a1", 2}}}});
  const RunRecord run = rec.finish(2400);
  ASSERT_EQ(run.requests.size(), 2u);
  EXPECT_EQ(run.requests[0].request.id, 0);  // sorted by id
  EXPECT_EQ(run.requests[0].outcome, Outcome::Accepted);
  EXPECT_EQ(run.requests[1].request.id, 1);
  ASSERT_EQ(run.reservations.size(), 2u);
  EXPECT_EQ(run.reservations[0].kind, ResourceKind::Cores);  // commit order kept
  EXPECT_EQ(run.reservations[1].resource, kAB);
  ASSERT_EQ(run.jobs.size(), 1u);
  EXPECT_EQ(run.jobs[0].end, 1800);
  EXPECT_EQ(run.end_time, 2400);
  EXPECT_EQ(rec.holds_granted(), 2);
}

TEST(Recorder, AJobThatStartedAndNeverFinishedIsAnError) {
  Recorder rec;
  rec.on(JobStarted{{0, kA, 2, 1200, 1200}});
  EXPECT_THROW(rec.finish(2400), std::logic_error);
}

}  // namespace
}  // namespace arsim::kinds::coallocation
