// Hand-computed cases for every matcher: which gang, how many probes and evaluations (the
// definitions of schedulers/gang_matcher.hpp), rank, consumption, deeper gangs, DayTime.
#include <gtest/gtest.h>

#include "tests/unit/schedulers/gangmatch/pools.hpp"

using arsim::model::gang::check_gangs;
using arsim::model::gang::Gang;
namespace t = arsim::test;

namespace {

const std::vector<std::string> kGreedy = {"naive", "indexed", "dynamic", "clustered"};

std::vector<int> ads_of(const Gang& g) {
  std::vector<int> out;
  for (const auto& n : g.nodes) out.push_back(n.ad);
  return out;
}

// job (0); M0 of another arch (1); M1 in zone 1 (2); M2 in zone 2 (3); a license for zone 2 (4).
arsim::model::gang::GangProblem zones() {
  return t::pool({t::job("INTEL", 64), t::machine("SUN", 128, 2), t::machine("INTEL", 128, 1),
                  t::machine("INTEL", 128, 2), t::license(2)},
                 {0});
}

}  // namespace

TEST(GangHand, FiguresTwoToFourFormOneGangWithEveryMatcher) {
  const auto p = t::pool({t::figure("fig2_job_sim_app.ad"), t::figure("fig3_workstation.ad"),
                          t::figure("fig4_license.ad")},
                         {0});
  for (const auto& m : {"naive", "indexed", "dynamic", "clustered", "exact"}) {
    const auto r = t::run(m, p);
    ASSERT_EQ(r.gangs.size(), 1u) << m;
    EXPECT_EQ(check_gangs(p, r.gangs), std::nullopt) << m;
    std::vector<int> ads = ads_of(r.gangs[0]);
    std::sort(ads.begin(), ads.end());
    EXPECT_EQ(ads, (std::vector<int>{0, 1, 2})) << m;
  }
  // As printed, the job wants App == "run_sim" and the license is for "sim_app": no gang.
  const auto printed = t::pool(
      {t::figure("fig2_job.ad"), t::figure("fig3_workstation.ad"), t::figure("fig4_license.ad")},
      {0});
  for (const auto& m : {"naive", "indexed", "dynamic", "clustered", "exact"})
    EXPECT_TRUE(t::run(m, printed).gangs.empty()) << m;
}

TEST(GangHand, NaiveScansEveryFreeAdLeftToRight) {
  // cpu: M0 (1 evaluation, wrong arch), M1 (2) -> license: M0 (1), M2 (1), L (2, wrong zone);
  // back to cpu: M2 (2) -> license: M0 (1), M1 (1), L (2). 3 scans, 13 evaluations, 9 docks.
  const auto p = zones();
  const auto r = t::run("naive", p);
  ASSERT_EQ(r.gangs.size(), 1u);
  EXPECT_EQ(ads_of(r.gangs[0]), (std::vector<int>{0, 3, 4}));
  EXPECT_EQ(r.stats.probes, 3);
  EXPECT_EQ(r.stats.evaluations, 13);
  EXPECT_EQ(r.stats.docks, 9);
}

TEST(GangHand, IndexedProbesOnlyTightSupersets) {
  // cpu: {M1, M2} (arch and type indexed); M1 (2 evaluations) -> license probe with zone 1:
  // empty; M2 (2) -> license probe with zone 2: {L} (2). 3 probes, 6 evaluations, 3 docks.
  const auto p = zones();
  const auto r = t::run("indexed", p);
  ASSERT_EQ(r.gangs.size(), 1u);
  EXPECT_EQ(ads_of(r.gangs[0]), (std::vector<int>{0, 3, 4}));
  EXPECT_EQ(r.stats.probes, 3);
  EXPECT_EQ(r.stats.evaluations, 6);
  EXPECT_EQ(r.stats.docks, 3);
}

TEST(GangHand, DynamicFillsTheScarcePortFirstAndShuntsTheZone) {
  // Estimates: cpu 2 candidates, license 1 (the zone is unknown before a cpu is bound): license
  // first (2 evaluations, the license's zone comparison pending), then the cpu probe bounded by
  // the shunted zone == 2: {M2} (2 evaluations + 1 for the pending conjunct).
  const auto p = zones();
  const auto r = t::run("dynamic", p);
  ASSERT_EQ(r.gangs.size(), 1u);
  EXPECT_EQ(ads_of(r.gangs[0]), (std::vector<int>{0, 4, 3}));
  EXPECT_EQ(r.stats.probes, 3);
  EXPECT_EQ(r.stats.evaluations, 5);
  EXPECT_EQ(r.stats.docks, 2);
  const auto rl = t::run("indexed", p, {{"order", "right-to-left"}});
  ASSERT_EQ(rl.gangs.size(), 1u);
  EXPECT_EQ(ads_of(rl.gangs[0]), (std::vector<int>{0, 4, 3}));
  EXPECT_EQ(rl.stats.probes, 2);
  EXPECT_EQ(rl.stats.evaluations, 5);
}

TEST(GangHand, NoLicenseEndsTheDynamicSearchAtOnce) {
  // "if there are no licenses, the algorithm can immediately terminate without having to check
  // for machine compatibility at all" (§5): two probes, no evaluation. Left to right tries
  // both compatible machines.
  const auto p =
      t::pool({t::job("INTEL", 64), t::machine("INTEL", 128, 1), t::machine("INTEL", 128, 2)}, {0});
  const auto d = t::run("dynamic", p);
  EXPECT_TRUE(d.gangs.empty());
  EXPECT_EQ(d.stats.probes, 2);
  EXPECT_EQ(d.stats.evaluations, 0);
  const auto l = t::run("indexed", p);
  EXPECT_TRUE(l.gangs.empty());
  EXPECT_EQ(l.stats.probes, 3);
  EXPECT_EQ(l.stats.evaluations, 4);
}

TEST(GangHand, RankChoosesAmongCandidates) {
  // Two compatible machines; the cpu port ranks by memory: the second (256) wins.
  auto job = t::job("INTEL", 64);
  job.replace(job.find("Need = 64;"), 10, "Need = 64; Rank = cpu.Memory;");
  const auto p =
      t::pool({job, t::machine("INTEL", 128, 1), t::machine("INTEL", 256, 1), t::license(1)}, {0});
  for (const auto& m : kGreedy) {
    const auto r = t::run(m, p);
    ASSERT_EQ(r.gangs.size(), 1u) << m;
    EXPECT_EQ(r.gangs[0].nodes[m == std::string("naive") || m == std::string("indexed") ? 1 : 2].ad,
              2)
        << m;
    EXPECT_GT(r.stats.rank_evaluations, 0) << m;
    const auto off = t::run(m, p, {{"rank", "false"}});
    ASSERT_EQ(off.gangs.size(), 1u) << m;
    EXPECT_EQ(off.stats.rank_evaluations, 0) << m;
  }
  EXPECT_EQ(t::run("naive", p, {{"rank", "false"}}).gangs[0].nodes[1].ad, 1);
}

TEST(GangHand, MatchedAdsAreConsumed) {
  const auto p = t::pool({t::job("INTEL", 64), t::job("INTEL", 64), t::machine("INTEL", 128, 1),
                          t::machine("INTEL", 128, 1), t::license(1)},
                         {0, 1});
  for (const auto& m : kGreedy) {
    const auto r = t::run(m, p);
    ASSERT_EQ(r.gangs.size(), 1u) << m;
    EXPECT_EQ(r.gangs[0].nodes[0].ad, 0) << m;
    EXPECT_EQ(check_gangs(p, r.gangs), std::nullopt) << m;
    EXPECT_EQ(r.stats.roots, 2) << m;
  }
}

TEST(GangHand, ADeeperGangThroughAResourcesOwnPort) {
  // The machine needs a scratch disk of at least its memory: job -> machine -> disk, and the
  // license. The first disk is too small.
  const std::string m =
      "[ Type = \"Machine\"; Arch = \"INTEL\"; Memory = 128; Zone = 1; Ports = {"
      "  [ Label = requester; Constraint = requester.Type == \"Job\" ],"
      "  [ Label = scratch; Constraint = scratch.Type == \"Disk\" && scratch.Space >= Memory ] } ]";
  const std::string small = "[ Type = \"Disk\"; Space = 64; Ports = { [ Label = host ] } ]";
  const std::string big = "[ Type = \"Disk\"; Space = 512; Ports = { [ Label = host ] } ]";
  const auto p = t::pool({t::job("INTEL", 64), m, small, big, t::license(1)}, {0});
  for (const auto& name : {"naive", "indexed", "dynamic", "clustered", "exact"}) {
    const auto r = t::run(name, p);
    ASSERT_EQ(r.gangs.size(), 1u) << name;
    EXPECT_EQ(check_gangs(p, r.gangs), std::nullopt) << name;
    std::vector<int> ads = ads_of(r.gangs[0]);
    std::sort(ads.begin(), ads.end());
    EXPECT_EQ(ads, (std::vector<int>{0, 1, 3, 4})) << name;
  }
}

TEST(GangHand, ACandidateDocksThroughAnyOfItsPorts) {
  // The resource's first port wants something else; its second port accepts the job.
  const std::string r2 =
      "[ Type = \"Machine\"; Arch = \"INTEL\"; Memory = 128; Zone = 1; Ports = {"
      "  [ Label = a; Constraint = a.Type == \"Nothing\" ], [ Label = b ] } ]";
  const auto p = t::pool({t::job("INTEL", 64), r2, t::license(1)}, {0});
  for (const auto& name : {"naive", "indexed", "dynamic", "clustered"}) {
    const auto r = t::run(name, p);
    // Docked through port b, the machine's port a stays unbound and needs a partner: none.
    EXPECT_TRUE(r.gangs.empty()) << name;
  }
  const std::string r3 =
      "[ Type = \"Machine\"; Arch = \"INTEL\"; Memory = 128; Zone = 1; Ports = {"
      "  [ Label = a; Constraint = a.Type == \"Other\" ], [ Label = b ] } ]";
  const std::string other = "[ Type = \"Other\"; Ports = { [ Label = o ] } ]";
  const auto q = t::pool({t::job("INTEL", 64), r3, t::license(1), other}, {0});
  for (const auto& name : {"naive", "indexed", "dynamic", "clustered", "exact"}) {
    const auto r = t::run(name, q);
    ASSERT_EQ(r.gangs.size(), 1u) << name;
    EXPECT_EQ(check_gangs(q, r.gangs), std::nullopt) << name;
  }
}

TEST(GangHand, DayTimeReadsTheCyclesClock) {
  const std::string m =
      t::machine("INTEL", 128, 1, " && DayTime() >= '9:00' && DayTime() <= '17:00'");
  auto p = t::pool({t::job("INTEL", 64), m, t::license(1)}, {0}, 10 * 3600.0);
  for (const auto& name : kGreedy) EXPECT_EQ(t::run(name, p).gangs.size(), 1u) << name;
  p.clock = 20 * 3600.0;
  for (const auto& name : kGreedy) EXPECT_TRUE(t::run(name, p).gangs.empty()) << name;
  p.clock.reset();
  for (const auto& name : kGreedy) EXPECT_TRUE(t::run(name, p).gangs.empty()) << name;
}

TEST(GangHand, ARootWithoutPortsIsAGangByItself) {
  const auto p = t::pool({"[ Type = \"Job\" ]", t::machine("INTEL", 128, 1)}, {0});
  for (const auto& name : kGreedy) {
    const auto r = t::run(name, p);
    ASSERT_EQ(r.gangs.size(), 1u) << name;
    EXPECT_EQ(r.gangs[0].nodes.size(), 1u) << name;
  }
}

TEST(GangHand, BadRootsAndParametersAreRefused) {
  auto p = zones();
  p.roots = {0, 0};
  EXPECT_THROW(t::run("dynamic", p), std::invalid_argument);
  p.roots = {9};
  EXPECT_THROW(t::run("naive", p), std::invalid_argument);
  EXPECT_THROW(t::run("indexed", zones(), {{"order", "sideways"}}), arsim::schedulers::ParamError);
  EXPECT_THROW(t::run("nosuch", zones()), arsim::schedulers::ParamError);
}

TEST(GangHand, MaxDocksGivesUpDeterministically) {
  const auto p = zones();
  const auto r = t::run("naive", p, {{"max_docks", "3"}});
  EXPECT_TRUE(r.gangs.empty());
  EXPECT_EQ(r.stats.aborted, 1);
  EXPECT_EQ(r.stats.docks, 3);
}
