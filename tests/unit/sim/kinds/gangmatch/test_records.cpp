// The recorder and the writers on the hand run of record_fixture.hpp: every row and metric below
// is computed by hand from its events.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/kinds/gangmatch/output/writers.hpp"
#include "sim/metrics/csv.hpp"
#include "tests/unit/sim/kinds/gangmatch/record_fixture.hpp"

namespace arsim::kinds::gangmatch {
namespace {

using namespace testing;

TEST(GangsimRecorder, TheHandRunsRecord) {
  const RunRecord r = small_run();
  ASSERT_EQ(r.jobs.size(), 2u);
  const JobRow& j = r.jobs[0];
  EXPECT_TRUE(j.submitted);
  EXPECT_EQ(j.first_match, 61);
  EXPECT_EQ(j.match, 121);
  EXPECT_EQ(j.claim, 121.2);
  EXPECT_EQ(j.start, 121.3);
  EXPECT_EQ(j.finish, 221.3);
  EXPECT_EQ(j.workstation, kWs0);
  EXPECT_EQ(j.licenses, (std::vector<Member>{kLic0}));
  EXPECT_EQ(j.gangs, 2);
  EXPECT_EQ(j.refusals, 1);
  EXPECT_EQ(j.ports, 2);
  EXPECT_EQ(job_state(j), "finished");
  EXPECT_EQ(job_state(r.jobs[1]), "waiting");
  ASSERT_EQ(r.gangs.size(), 2u);
  EXPECT_EQ(r.gangs[0].outcome, "refused");
  EXPECT_EQ(r.gangs[0].refused_by.at(0), (std::pair<Member, std::string>{kWs1, "owner"}));
  EXPECT_EQ(r.gangs[1].outcome, "committed");
  ASSERT_EQ(r.holds.size(), 3u);
  EXPECT_FALSE(r.holds[0].committed);
  EXPECT_EQ(r.holds[0].end, 61.3);
  EXPECT_TRUE(r.holds[1].committed && r.holds[2].committed);
  ASSERT_EQ(r.unavailable.size(), 1u);
  EXPECT_EQ(r.unavailable[0].end, 300);
  EXPECT_EQ(r.end, 400);
}

TEST(GangsimRecorder, OpenHoldsAndPeriodsEndWithTheRun) {
  Recorder rec(small_workload());
  rec.on(AvailabilityChanged{kWs1, false, 10});
  rec.on(GangMatched{0, 0, 61, {kJob0, kWs0, kLic0}});
  rec.on(HoldStarted{kWs0, 0, 0, 62});
  const RunRecord r = rec.finish(70);
  EXPECT_EQ(r.holds.at(0).end, 70);
  EXPECT_EQ(r.unavailable.at(0).end, 70);
  EXPECT_EQ(r.gangs.at(0).outcome, "unclaimed");
  EXPECT_THROW(rec.on(HoldEnded{kLic0, 0, 80}), std::logic_error);  // never started
}

TEST(GangsimWriters, RowsOfTheHandRun) {
  const RunRecord r = small_run();
  EXPECT_EQ(jobs_csv(r),
            "job_id,submission_time,requested_number_of_resources,requested_time,starting_time,"
            "execution_time,finish_time,waiting_time,allocated_resources,final_state,"
            "user,state,first_match,match,claim,workstation,licenses,gangs,refusals\n"
            "job0,0,2,100,121.3,100.00000000000001,221.3,121.3,ws0;lic0,COMPLETED_SUCCESSFULLY,"
            "u,finished,61,121,121.2,ws0,lic0,2,1\n"
            "job1,0,2,50,,,,,,WAITING_AT_END,u,waiting,,,,,,0,0\n");
  EXPECT_EQ(gangs_csv(r),
            "gang,cycle,matched,job,workstation,licenses,outcome,decided,refused_by\n"
            "0,0,61,job0,ws1,lic0,refused,61.2,ws1:owner\n"
            "1,1,121,job0,ws0,lic0,committed,121.2,\n");
  EXPECT_EQ(holds_csv(r),
            "resource,kind,gang,job,start,end,outcome\n"
            "lic0,license,0,job0,61.1,61.3,released\n"
            "ws0,workstation,1,job0,121.1,221.4,committed\n"
            "lic0,license,1,job0,121.1,221.4,committed\n");
  EXPECT_EQ(unavailability_csv(r),
            "resource,kind,cause,start,end\nws1,workstation,owner,60.5,300\n");
  EXPECT_EQ(cycles_csv(r),
            "cycle,start,end,duration,roots,resources,gangs,probes,evaluations,docks\n"
            "0,60,61,1,2,3,1,4,6,2\n1,120,121,1,2,3,1,4,6,2\n");
  EXPECT_EQ(timings_csv(r), "cycle,matcher_wall_seconds\n0,0.001\n1,0.002\n");
}

TEST(GangsimWriters, UtilisationByHand) {
  const auto t = metrics::parse_csv(utilisation_csv(small_run(), 100, 400), "utilisation.csv");
  ASSERT_EQ(t.rows.size(), 8u);  // 4 buckets x 2 kinds
  auto at = [&](std::size_t row, const char* col) { return std::stod(t.rows[row][t.column(col)]); };
  // Workstations, [100, 200): ws0 held from 121.1, runs from 121.3; ws1 unavailable throughout.
  EXPECT_EQ(t.rows[1][t.column("kind")], "workstation");
  EXPECT_NEAR(at(1, "held"), 78.9 / 200, 1e-12);
  EXPECT_NEAR(at(1, "running"), 78.7 / 200, 1e-12);
  EXPECT_NEAR(at(1, "unavailable"), 0.5, 1e-12);
  // [0, 100): ws1 unavailable from 60.5; lic0 held [61.1, 61.3).
  EXPECT_NEAR(at(0, "unavailable"), 39.5 / 200, 1e-12);
  EXPECT_EQ(t.rows[4][t.column("kind")], "license");
  EXPECT_NEAR(at(4, "held"), 0.2 / 100, 1e-12);
  EXPECT_NEAR(at(6, "held"), 21.4 / 100, 1e-12);  // [200, 300): held until 221.4
  EXPECT_NEAR(at(6, "running"), 21.3 / 100, 1e-12);
  EXPECT_EQ(at(7, "held"), 0);
}

TEST(GangsimWriters, SummaryByHand) {
  std::map<std::string, double> m;
  for (const auto& [k, v] : summary_metrics(small_run())) m[k] = v;
  EXPECT_EQ(m.at("jobs"), 2);
  EXPECT_EQ(m.at("submitted"), 2);
  EXPECT_EQ(m.at("started"), 1);
  EXPECT_EQ(m.at("finished"), 1);
  EXPECT_EQ(m.at("mean_wait"), 121.3);
  EXPECT_EQ(m.at("mean_match_delay"), 61);
  EXPECT_EQ(m.at("gangs"), 2);
  EXPECT_EQ(m.at("committed_gangs"), 1);
  EXPECT_EQ(m.at("refused_gangs"), 1);
  EXPECT_EQ(m.at("refusals"), 1);
  EXPECT_EQ(m.at("refusal_ratio"), 0.5);
  EXPECT_EQ(m.at("cycles"), 2);
  EXPECT_EQ(m.at("probes"), 8);
  EXPECT_EQ(m.at("mean_cycle_time"), 1);
  EXPECT_NEAR(m.at("workstation_utilisation"), 100.0 / 800, 1e-12);
  EXPECT_NEAR(m.at("workstation_unavailable"), 239.5 / 800, 1e-12);
  EXPECT_NEAR(m.at("license_utilisation"), 100.5 / 400, 1e-12);
  EXPECT_EQ(m.at("makespan"), 221.3);
  EXPECT_EQ(m.at("end"), 400);
  // A run without a decided gang has no refusal ratio: an empty value in summary.csv.
  RunRecord empty;
  EXPECT_NE(summary_csv(empty).find("refusal_ratio,all,,all,\n"), std::string::npos);
}

}  // namespace
}  // namespace arsim::kinds::gangmatch
