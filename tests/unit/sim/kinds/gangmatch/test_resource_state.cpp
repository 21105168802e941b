// The member side of two-phase claiming (Raman et al. §4.4): the re-check on the current ad, the
// holds, and what a resource advertises in each state.
#include <gtest/gtest.h>

#include "classad/eval.hpp"
#include "sim/kinds/gangmatch/resource_state.hpp"
#include "tests/unit/sim/kinds/gangmatch/fixture.hpp"

namespace arsim::kinds::gangmatch {
namespace {

const Member kJob0{MemberKind::Job, 0}, kWs0{MemberKind::Workstation, 0},
    kLic0{MemberKind::License, 0};

// The gang {job0, ws0, lic0} as matched (every ad Unclaimed), with id `id`.
GangOffer offer(int id, int job = 0) {
  GangOffer o;
  o.id = id;
  o.cycle = 0;
  o.problem = {{testing::job(job, "u", 0, 10).ad, testing::workstation(0).available,
                testing::license(0).available},
               {0},
               60.0};
  o.gang = {{{0, -1, -1, -1}, {1, 0, 0, 0}, {2, 0, 1, 0}}};
  o.members = {{MemberKind::Job, job}, kWs0, kLic0};
  return o;
}

TEST(GangsimResourceState, YesHoldsTheResourceForTheGangOnly) {
  ResourceState ws(testing::workstation(0));
  const Verdict v = ws.check(offer(1), 1, 61);
  EXPECT_TRUE(v.ok);
  EXPECT_EQ(ws.hold(), Hold::Held);
  EXPECT_EQ(ws.gang(), 1);
  EXPECT_FALSE(ws.advertisement() == std::nullopt);
  const Verdict again = ws.check(offer(2, 1), 1, 62);
  EXPECT_FALSE(again.ok);
  EXPECT_EQ(again.reason, "held");
  EXPECT_FALSE(ws.release(2));  // gang 2 holds nothing
  EXPECT_THROW(ws.commit(2), std::logic_error);
  ws.commit(1);
  EXPECT_EQ(ws.hold(), Hold::Busy);
  EXPECT_TRUE(ws.release(1));
  EXPECT_EQ(ws.hold(), Hold::Free);
  EXPECT_EQ(ws.gang(), -1);
  EXPECT_THROW(ws.check(offer(3), 2, 63), std::logic_error);  // node 2 is the license
}

TEST(GangsimResourceState, AReturnedOwnerChangesTheAdAndTheAnswer) {
  ResourceState ws(testing::workstation(0));
  EXPECT_TRUE(ws.become_unavailable());
  EXPECT_FALSE(ws.become_unavailable());
  const Verdict v = ws.check(offer(1), 1, 61);
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.reason, "owner");
  EXPECT_NE(v.detail.find("port 'requester' of ws0"), std::string::npos) << v.detail;
  EXPECT_EQ(ws.hold(), Hold::Free);
  const auto ad = ws.advertisement();  // a workstation keeps advertising, in state Owner
  ASSERT_TRUE(ad);
  EXPECT_EQ(classad::evaluate(*ad->find("State"), nullptr).as_string(), "Owner");
  EXPECT_TRUE(ws.become_available());
  EXPECT_TRUE(ws.check(offer(2), 1, 62).ok);
  // The owner comes back while a gang holds the workstation: the job is not preempted.
  EXPECT_TRUE(ws.become_unavailable());
  EXPECT_EQ(ws.hold(), Hold::Held);
}

TEST(GangsimResourceState, ALicenseUsedOutsideThePoolWithdrawsAndRefuses) {
  ResourceState lic(testing::license(0));
  EXPECT_TRUE(lic.become_unavailable());
  EXPECT_FALSE(lic.advertisement());
  const Verdict v = lic.check(offer(1), 2, 61);
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.reason, "in-use");
  EXPECT_TRUE(lic.become_available());
  EXPECT_TRUE(lic.check(offer(2), 2, 62).ok);
  EXPECT_FALSE(lic.become_unavailable());  // held: the outside user gives up
  EXPECT_TRUE(lic.available());
}

TEST(GangsimResourceState, TheRecheckReadsTheGangAsMatchedWithTheCurrentAd) {
  // A gang whose license was matched for partition 1 while the workstation is in partition 0
  // never was valid: the re-check refuses it with reason "constraint".
  GangOffer bad = offer(1);
  bad.problem.ads[2] = testing::license(0, 1).available;
  ResourceState lic(testing::license(0, 1));
  const Verdict v = lic.check(bad, 2, 61);
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.reason, "constraint");
  EXPECT_NE(v.detail.find("port 'requester'"), std::string::npos) << v.detail;
  EXPECT_THROW(ResourceState({kJob0, {}, {}}), std::invalid_argument);
}

}  // namespace
}  // namespace arsim::kinds::gangmatch
