// Hosts and path links that fail (sim/kinds/coallocation/failures/), end to end: one hand-made
// request on platforms/tiny.xml with a state profile written by the test that switches a host or
// a path off at a known time, one test per failure path; the seeded process of failures.*; the
// refusals; and the auditor catching tampered files.
#include <gtest/gtest.h>

#include "tests/sim/failures_support.hpp"

using namespace arsim_test;            // NOLINT: the helpers of every end-to-end test
using namespace arsim_test::failures;  // NOLINT: the failure tests' helpers

TEST(FailuresCli, AHostDownAtTheReservedStartBreaksTheReservationAndRunsNoJob) {
  // Site A (4 cores, the greedy planner's first) is down from 5000 to 8000.
  const auto out = run(without_repair(
      scenario(scratch("fail-before"), {{"A", "5000 0\n8000 1\n"}}, request("2", "-"))));
  EXPECT_EQ(column(slurp(out / "reservations.csv"), "resource"), std::vector<std::string>{"A"});
  EXPECT_EQ(column(slurp(out / "reservations.csv"), "broken_at"), std::vector<std::string>{"7200"});
  EXPECT_EQ(lines(slurp(out / "jobs.csv")), 1u);  // the header only: the job did not run
  // The run ends at 7200 with the job not run: A is still down then.
  EXPECT_EQ(slurp(out / "failures.csv"), "resource,kind,down,up\nA,host,5000,\n");
  EXPECT_EQ(metric(out, "reservations_broken"), "1");
  EXPECT_EQ(metric(out, "cpu_seconds_lost"), "7200");  // 2 cores × 3600 s
}

TEST(FailuresCli, AHostFailingDuringTheJobKillsIt) {
  const auto out = run(without_repair(
      scenario(scratch("fail-during"), {{"A", "9000 0\n9600 1\n"}}, request("2", "-"))));
  const std::string jobs = slurp(out / "jobs.csv");
  EXPECT_EQ(column(jobs, "final_state"), std::vector<std::string>{"COMPLETED_KILLED"});
  EXPECT_EQ(column(jobs, "finish_time"), std::vector<std::string>{"9000"});
  EXPECT_EQ(column(slurp(out / "reservations.csv"), "broken_at"), std::vector<std::string>{"9000"});
  EXPECT_EQ(metric(out, "failures"), "1");
  EXPECT_EQ(metric(out, "cpu_seconds_lost"), "3600");  // 2 cores × (10800 − 9000)
  EXPECT_EQ(metric(out, "bandwidth_seconds_lost"), "0");
}

TEST(FailuresCli, APathFailingDuringItsFrameBreaksItsBandwidthReservation) {
  // 4 cores on two sites: B and A (C has 2), joined at 1 Gbit/s by the greedy planner's route
  // through the exchange point X: D1:A-X and D1:B-X. D1:A-X fails from 9000 to 9900.
  const auto out = run(
      scenario(scratch("fail-link"), {{"D1:A-X", "9000 0\n9900 1\n"}}, request("4,4", "0-1:1")));
  EXPECT_EQ(slurp(out / "reservations.csv"), std::string(kReservationsHeader) +
                                                 "0,cores,B,D1,7200,10800,4,,,0\n"
                                                 "0,cores,A,D1,7200,10800,4,,,0\n"
                                                 "0,bandwidth,D1:A-X,D1,7200,10800,1,9000,,0\n"
                                                 "0,bandwidth,D1:B-X,D1,7200,10800,1,,,0\n");
  EXPECT_EQ(slurp(out / "failures.csv"), "resource,kind,down,up\nD1:A-X,link,9000,9900\n");
  EXPECT_EQ(column(slurp(out / "jobs.csv"), "final_state"),
            (std::vector<std::string>{"COMPLETED_SUCCESSFULLY", "COMPLETED_SUCCESSFULLY"}));
  EXPECT_EQ(metric(out, "bandwidth_seconds_lost"), "1800");  // 1 Gbit/s × (10800 − 9000)
  EXPECT_EQ(metric(out, "cpu_seconds_lost"), "0");
}

TEST(FailuresCli, AFailureNoReservationOverlapsBreaksNothing) {
  const auto out =
      run(scenario(scratch("fail-idle"), {{"C", "100 0\n200 1\n"}}, request("2", "-")));
  EXPECT_EQ(slurp(out / "failures.csv"), "resource,kind,down,up\nC,host,100,200\n");
  EXPECT_EQ(slurp(out / "reservations.csv"),
            std::string(kReservationsHeader) + "0,cores,A,D1,7200,10800,2,,,0\n");
  EXPECT_EQ(column(slurp(out / "jobs.csv"), "final_state"),
            std::vector<std::string>{"COMPLETED_SUCCESSFULLY"});
  EXPECT_EQ(metric(out, "reservations_broken"), "0");
}

TEST(FailuresCli, ARequestArrivingWhileASiteIsDownIsNotPlacedThere) {
  // 4 cores fit A or B; the greedy planner takes A when it is up.
  const auto up = run(scenario(scratch("fail-none"), {}, request("4", "-", 10)));
  EXPECT_EQ(column(slurp(up / "requests.csv"), "sites"), std::vector<std::string>{"A"});
  EXPECT_FALSE(fs::exists(up / "failures.csv"));
  const auto down =
      run(scenario(scratch("fail-arrive"), {{"A", "1 0\n20000 1\n"}}, request("4", "-", 10)));
  EXPECT_EQ(column(slurp(down / "requests.csv"), "sites"), std::vector<std::string>{"B"});
  EXPECT_EQ(slurp(down / "reservations.csv"),
            std::string(kReservationsHeader) + "0,cores,B,D1,7200,10800,4,,,0\n");
}

TEST(FailuresCli, TheSeededProcessDrawsTheSameFailuresForTheSameSeed) {
  const std::string keys =
      R"(  <failures hosts.ttf="3000" hosts.ttr="900" links.ttf="5000" links.ttr="600"/>
)";
  const std::string requests = request("2", "-") + "1 UserA 1 20 7200 9000 3600 1 2,2 0-1:1\n";
  const auto a = run(scenario(scratch("seed-a"), {}, requests, keys));
  const auto b = run(scenario(scratch("seed-b"), {}, requests, keys));
  const auto c = run(scenario(scratch("seed-c"), {}, requests, keys), "--seed 8");
  const std::string failures = slurp(a / "failures.csv");
  EXPECT_GT(lines(failures), 2u) << failures;
  EXPECT_NE(failures.find(",link,"), std::string::npos) << failures;
  EXPECT_EQ(failures, slurp(b / "failures.csv"));
  for (const char* f : {"reservations.csv", "jobs.csv", "summary.csv"})
    EXPECT_EQ(slurp(a / f), slurp(b / f)) << f;
  EXPECT_NE(failures, slurp(c / "failures.csv"));
}

TEST(FailuresCli, WhatArsimCannotSurviveIsRefusedBeforeTheRun) {
  const auto dir = scratch("fail-refused");
  // The coordinator's host.
  auto r = arsim("run " + scenario(dir, {{"grc", "10 0\n"}}, request("2", "-")).string() +
                 " --out " + (dir / "o").string());
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
  EXPECT_NE(r.output.find("p.xml:8: state_file of 'grc'"), std::string::npos) << r.output;
  // The users' host (control links and network RMs' hosts may fail:
  // control_faults_cli_test.cpp).
  r = arsim("check " + scenario(dir, {{"portal", "10 0\n"}}, request("2", "-")).string());
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("state_file of 'portal'"), std::string::npos) << r.output;
  // Transfers with failures.
  r = arsim("check " + scenario(dir, {}, request("2", "-"),
                                "  <transfers enabled=\"true\"/>\n"
                                "  <failures hosts.ttf=\"3000\" hosts.ttr=\"900\"/>\n")
                           .string());
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("transfers over paths that fail are not modelled"), std::string::npos)
      << r.output;
  // A time to failure without a time to repair.
  r = arsim("check " +
            scenario(dir, {}, request("2", "-"), "  <failures hosts.ttf=\"3000\"/>\n").string());
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("failures.hosts.ttf"), std::string::npos) << r.output;
}

TEST(FailuresCli, TheAuditorCatchesTamperedFailureRecords) {
  const auto dir = scratch("fail-tampered");
  const auto out = run(scenario(dir, {{"A", "9000 0\n9600 1\n"}}, request("2", "-")));
  const std::string reservations = slurp(out / "reservations.csv"), jobs = slurp(out / "jobs.csv"),
                    summary = slurp(out / "summary.csv"), failures = slurp(out / "failures.csv");
  // `original` is what the file holds: each tampering puts it back.
  const auto tampered = [&](const char* file, const std::string& from, const std::string& to,
                            const std::string& original, const std::string& expected) {
    EXPECT_EQ(slurp(out / file), original);
    expect_audit_catches(out, file, from, to, expected);
  };
  // The reservation not marked broken.
  tampered("reservations.csv", ",2,9000,", ",2,,", reservations, "has broken_at '', not '9000'");
  // The killed job shown as run to its end.
  tampered("jobs.csv", "COMPLETED_KILLED", "COMPLETED_SUCCESSFULLY", jobs,
           "final_state is 'COMPLETED_SUCCESSFULLY' but it ended at 9000, before its reserved end "
           "10800");
  // A failure earlier than the job's end: it ran on a host that was down.
  tampered("failures.csv", "A,host,9000,", "A,host,8000,", failures,
           "ran on host 'A' over [7200, 9000) while it was down from 8000");
  // The lost CPU·s.
  tampered("summary.csv", "cpu_seconds_lost,all,,all,3600", "cpu_seconds_lost,all,,all,100",
           summary, "cpu_seconds_lost");
  // failures.csv removed.
  fs::remove(out / "failures.csv");
  const auto r = arsim("audit " + out.string());
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("failures.csv is missing"), std::string::npos) << r.output;
}
