// The collector's pool (versions, snapshot order) and one negotiation cycle: the registered
// matchers on hand pools, the offers they become, the cost of a cycle, and a matcher's bad gang
// caught by the checker.
#include <gtest/gtest.h>

#include <set>

#include "schedulers/builtins.hpp"
#include "sim/kinds/gangmatch/negotiation.hpp"
#include "sim/kinds/gangmatch/pool.hpp"
#include "tests/unit/sim/kinds/gangmatch/fixture.hpp"

namespace arsim::kinds::gangmatch {
namespace {

const Member kJob0{MemberKind::Job, 0}, kJob1{MemberKind::Job, 1}, kWs0{MemberKind::Workstation, 0},
    kWs1{MemberKind::Workstation, 1}, kLic0{MemberKind::License, 0};

TEST(GangsimPool, VersionsKeepTheLatestMessageOfEachAgent) {
  AdPool pool;
  const auto ws = testing::workstation(0);
  EXPECT_TRUE(pool.advertise(kWs0, 2, ws.unavailable));
  EXPECT_FALSE(pool.advertise(kWs0, 1, ws.available));  // overtaken by version 2
  EXPECT_FALSE(pool.withdraw(kWs0, 2));
  EXPECT_TRUE(pool.contains(kWs0));
  EXPECT_TRUE(pool.withdraw(kWs0, 3));
  EXPECT_FALSE(pool.contains(kWs0));
  EXPECT_FALSE(pool.advertise(kWs0, 3, ws.available));
  EXPECT_TRUE(pool.advertise(kWs0, 4, ws.available));
  pool.remove(kWs0);  // a gang took it: gone whatever its version
  EXPECT_EQ(pool.size(), 0u);
  EXPECT_TRUE(pool.advertise(kWs0, 5, ws.available));
}

TEST(GangsimPool, SnapshotHasTheJobsByPriorityThenTheResources) {
  AdPool pool;
  pool.advertise(kLic0, 1, testing::license(0).available);
  pool.advertise(kWs1, 1, testing::workstation(1).available);
  pool.advertise(kJob1, 1, testing::job(1, "u", 5, 10).ad, 5);
  pool.advertise(kWs0, 1, testing::workstation(0).available);
  pool.advertise(kJob0, 1, testing::job(0, "u", 9, 10).ad, 9);  // submitted later: after job1
  EXPECT_EQ(pool.roots(), 2u);
  const auto s = pool.snapshot(42);
  EXPECT_EQ(s.members, (std::vector<Member>{kJob1, kJob0, kWs0, kWs1, kLic0}));
  EXPECT_EQ(s.problem.roots, (std::vector<int>{0, 1}));
  EXPECT_EQ(s.problem.clock, 42);
  EXPECT_EQ(s.problem.ads.size(), 5u);
}

// Two jobs, two workstations, one license: one gang, for the job first in priority; the second
// workstation stays in the pool.
TEST(GangsimNegotiation, OneLicenseGivesTheFirstJobItsGang) {
  schedulers::Registries reg;
  schedulers::register_builtins(reg);
  AdPool pool;
  pool.advertise(kJob0, 1, testing::job(0, "u", 0, 10).ad, 0);
  pool.advertise(kJob1, 1, testing::job(1, "u", 1, 10).ad, 1);
  pool.advertise(kWs0, 1, testing::workstation(0).available);
  pool.advertise(kWs1, 1, testing::workstation(1).available);
  pool.advertise(kLic0, 1, testing::license(0).available);
  for (const char* name : {"naive", "indexed", "dynamic", "clustered"}) {
    auto matcher = reg.gang_matchers.create(name, {});
    const CycleResult r = negotiate(pool.snapshot(60), *matcher, {0.5, 0.25}, 3, 10);
    EXPECT_EQ(r.cycle, 3);
    EXPECT_EQ(r.roots, 2);
    EXPECT_EQ(r.resources, 3);
    ASSERT_EQ(r.offers.size(), 1u) << name;
    const GangOffer& o = *r.offers[0];
    EXPECT_EQ(o.id, 10);
    EXPECT_EQ(o.root(), kJob0);
    ASSERT_EQ(o.members.size(), 3u);
    // Nodes come in the order the matcher bound them (dynamic binds the scarcer license first).
    const std::set<Member> resources{o.members[1], o.members[2]};
    EXPECT_TRUE(resources.count(kLic0)) << name;
    EXPECT_TRUE(resources.count(kWs0) || resources.count(kWs1)) << name;
    EXPECT_EQ(o.problem.ads.size(), 3u);
    EXPECT_EQ(o.problem.roots, (std::vector<int>{0}));
    EXPECT_FALSE(model::gang::check_gang(o.problem, o.gang)) << name;
    EXPECT_DOUBLE_EQ(r.cost, 0.5 * r.stats.probes + 0.25 * r.stats.evaluations);
    EXPECT_GT(r.stats.probes, 0);
  }
}

// A matcher that returns the same workstation in two gangs; negotiate must refuse it.
class TwiceMatcher : public schedulers::GangMatcher {
 public:
  schedulers::GangResult match(const model::gang::GangProblem&) override {
    schedulers::GangResult r;
    for (int job : {0, 1}) r.gangs.push_back({{{job, -1, -1, -1}, {2, 0, 0, 0}, {3, 0, 1, 0}}});
    return r;
  }
};

TEST(GangsimNegotiation, AGangTheCheckerRefusesStopsTheRun) {
  AdPool pool;
  pool.advertise(kJob0, 1, testing::job(0, "u", 0, 10).ad, 0);
  pool.advertise(kJob1, 1, testing::job(1, "u", 1, 10).ad, 1);
  pool.advertise(kWs0, 1, testing::workstation(0).available);
  pool.advertise(kLic0, 1, testing::license(0).available);
  TwiceMatcher bad;
  try {
    negotiate(pool.snapshot(0), bad, {}, 0, 0);
    FAIL() << "no error";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("is in gangs 1 and 2"), std::string::npos) << e.what();
  }
}

TEST(GangsimNegotiation, AnOfferRenumbersTheGangsAds) {
  AdPool pool;
  pool.advertise(kJob0, 1, testing::job(0, "u", 0, 10).ad, 0);
  pool.advertise(kWs0, 1, testing::workstation(0).available);
  pool.advertise(kWs1, 1, testing::workstation(1).available);
  pool.advertise(kLic0, 1, testing::license(0).available);
  const auto s = pool.snapshot(0);  // job0, ws0, ws1, lic0
  const GangOffer o = make_offer(s, {{{0, -1, -1, -1}, {2, 0, 0, 0}, {3, 0, 1, 0}}}, 4, 1);
  EXPECT_EQ(o.members, (std::vector<Member>{kJob0, kWs1, kLic0}));
  for (int i = 0; i < 3; ++i) EXPECT_EQ(o.gang.nodes[i].ad, i);
  EXPECT_EQ(o.gang.nodes[2].parent_port, 1);
  EXPECT_FALSE(model::gang::check_gang(o.problem, o.gang));
}

}  // namespace
}  // namespace arsim::kinds::gangmatch
