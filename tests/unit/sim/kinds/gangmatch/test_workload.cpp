// The ads, arrivals, durations and unavailable periods of a gangmatching run (workload.hpp), and
// the names of its members.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "model/gang/gang.hpp"
#include "model/random.hpp"
#include "tests/unit/sim/kinds/gangmatch/fixture.hpp"

namespace arsim::kinds::gangmatch {
namespace {

TEST(GangsimMembers, NamesReadBackAndOthersAreRefused) {
  for (Member m : {Member{MemberKind::Job, 0}, Member{MemberKind::Workstation, 17},
                   Member{MemberKind::License, 1023}})
    EXPECT_EQ(parse_member(member_name(m)), m) << member_name(m);
  EXPECT_EQ(member_name({MemberKind::Workstation, 3}), "ws3");
  for (const char* bad : {"", "ws", "ws03", "ws-1", "ws3x", "lic 2", "job+1", "host0", "WS3"})
    EXPECT_FALSE(parse_member(bad)) << bad;
}

TEST(GangsimWorkload, WithStatePutsTheStateFirstAndAtTheHeadOfTheConstraint) {
  const std::string lic = testing::license_text(2);
  const std::string owner = with_state(lic, "InUse");
  const std::string head = "[ State = \"InUse\"; Type = \"License\"";
  EXPECT_EQ(owner.substr(0, head.size()), head);
  EXPECT_NE(owner.find("Constraint = State == \"Unclaimed\" && requester.Type"), std::string::npos);
  EXPECT_THROW(with_state("Type = 1", "Owner"), std::logic_error);
  EXPECT_THROW(with_state(testing::job_text("u"), "Owner"), std::logic_error);  // two ports
}

// A gang of the hand job, workstation and license: valid with the resources' Unclaimed ads, and
// not with the Owner (InUse) ad of either.
TEST(GangsimWorkload, AnUnavailableAdFailsItsOwnConstraintOnly) {
  const auto ws = testing::workstation(0), lic = testing::license(0);
  const auto j = testing::job(0, "u", 0, 10);
  model::gang::Gang g{{{0, -1, -1, -1}, {1, 0, 0, 0}, {2, 0, 1, 0}}};
  auto problem = [&](const classad::ClassAd& w, const classad::ClassAd& l) {
    return model::gang::GangProblem{{j.ad, w, l}, {0}, 0.0};
  };
  EXPECT_FALSE(model::gang::check_gang(problem(ws.available, lic.available), g));
  const auto owner = model::gang::check_gang(problem(ws.unavailable, lic.available), g);
  ASSERT_TRUE(owner);
  EXPECT_NE(owner->find("port 'requester' of ws0"), std::string::npos) << *owner;
  EXPECT_TRUE(model::gang::check_gang(problem(ws.available, lic.unavailable), g));
}

TEST(GangsimWorkload, JobsWorkstationsAndLicensesOfTheGenerator) {
  WorkloadConfig c;
  c.ads.jobs = 40;
  c.ads.license_density = 0.5;
  c.ads.selectivity = 4;
  c.durations = {100, 200, 400};
  const Workload w = make_workload(c, 7, 0);
  ASSERT_EQ(w.jobs.size(), 40u);
  ASSERT_EQ(w.workstations.size(), 40u);
  ASSERT_EQ(w.licenses.size(), 20u);
  std::set<double> durations;
  for (const auto& j : w.jobs) {
    EXPECT_EQ(j.submit, 0);  // batch
    EXPECT_EQ(j.user, "user" + std::to_string(j.index % 16));
    EXPECT_EQ(j.ad.port_count(), 2);
    durations.insert(j.duration);
  }
  EXPECT_EQ(durations, (std::set<double>{100, 200, 400}));
  for (const auto& r : w.workstations) EXPECT_EQ(r.id.kind, MemberKind::Workstation);
  EXPECT_EQ(w.licenses[5].id, (Member{MemberKind::License, 5}));
  // Same seed, same ads and durations; the generator's jobs do not change with L or S.
  c.ads.license_density = 1;
  const Workload again = make_workload(c, 7, 0);
  EXPECT_EQ(again.licenses.size(), 40u);
  for (std::size_t j = 0; j < w.jobs.size(); ++j)
    EXPECT_EQ(again.jobs[j].duration, w.jobs[j].duration);
}

TEST(GangsimWorkload, PoissonArrivalsAreOrderedWithTheMeanAsked) {
  WorkloadConfig c;
  c.ads.jobs = 1000;
  c.poisson = true;
  c.mean_interarrival = 30;
  const Workload w = make_workload(c, 3, 1);
  for (std::size_t j = 1; j < w.jobs.size(); ++j) EXPECT_GE(w.jobs[j].submit, w.jobs[j - 1].submit);
  EXPECT_NEAR(w.jobs.back().submit / 1000, 30, 30 * 0.1);  // 1000 exponentials: within 10 %
}

TEST(GangsimWorkload, BadConfigsNameTheirField) {
  WorkloadConfig c;
  c.durations = {};
  EXPECT_THROW(validate(c), std::invalid_argument);
  c.durations = {0};
  EXPECT_THROW(validate(c), std::invalid_argument);
  c.durations = {1};
  c.ads.jobs = 0;
  EXPECT_THROW(validate(c), std::invalid_argument);
  c.ads.jobs = 1;
  c.poisson = true;
  c.mean_interarrival = 0;
  try {
    validate(c);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).substr(0, 18), "mean_interarrival:");
  }
}

TEST(GangsimWorkload, UnavailablePeriodsAlternateBeforeTheHorizon) {
  auto rng = model::make_stream(1, 0, "test");
  EXPECT_TRUE(unavailability(rng, {0, 100}, 1e6).empty());
  const auto p = unavailability(rng, {1.0 / 500, 100}, 1e7);
  ASSERT_GT(p.size(), 1000u);
  double last = 0, up = 0, down = 0;
  for (const auto& x : p) {
    EXPECT_GT(x.start, last);
    EXPECT_GT(x.end, x.start);
    EXPECT_LT(x.start, 1e7);
    up += x.start - last;
    down += x.end - x.start;
    last = x.end;
  }
  const double n = static_cast<double>(p.size());
  EXPECT_NEAR(up / n, 500, 500 * 0.1);
  EXPECT_NEAR(down / n, 100, 100 * 0.1);
  EXPECT_EQ(unavailability_stream({MemberKind::Workstation, 3}), "gangmatch-owner-ws3");
  EXPECT_EQ(unavailability_stream({MemberKind::License, 0}), "gangmatch-external-lic0");
}

}  // namespace
}  // namespace arsim::kinds::gangmatch
