// Monitoring of broken reservations (docs/design/coallocation.md, Failures): the RM that breaks a
// reservation tells its GRC, which releases the whole request on every RM of its plan and tells
// the user, whose resubmission policy applies as to a rejection. Hand-made requests on
// platforms/tiny.xml with a failure at a known time (failures_support.hpp).
#include <gtest/gtest.h>

#include <sstream>

#include "tests/sim/failures_support.hpp"

using namespace arsim_test;            // NOLINT: the helpers of every end-to-end test
using namespace arsim_test::failures;  // NOLINT: the failure tests' helpers

// 2 cores on two sites over [7200, 10800), with 600 s of slack: the greedy planner takes A and B
// at 7200. A fails at 9000 for good. A hold timeout of 1800 s leaves no modification (its parts
// would start at 9000 + 1800, the frame's end; modification_cli_test.cpp has them), so the GRC
// releases the request.
fs::path two_sites(const std::string& name) {
  const auto s = scenario(scratch(name), {{"A", "9000 0\n"}},
                          "# id user type submit est lst duration service_level cpus pairs\n"
                          "0 UserA 0 0 7200 7800 3600 1 2,2 -\n");
  std::string text = slurp(s);
  const std::string timeout = "hold_timeout=\"60\"";
  text.replace(text.find(timeout), timeout.size(), "hold_timeout=\"1800\"");
  std::ofstream(s) << text;
  return s;
}

TEST(MonitoringCli, AHostFailureReleasesTheOtherSiteAndTheAttemptGoesElsewhere) {
  const auto out = run(with_policy(two_sites("mon-host")));
  // A's RM tells the GRC (one loopback message: every RM of a run with failures runs on the
  // coordinator's host), which releases the request on A and B (one more).
  const std::string releases = slurp(out / "releases.csv");
  ASSERT_EQ(lines(releases), 2u) << releases;
  EXPECT_EQ(column(releases, "broken_at"), std::vector<std::string>{"9000"});
  EXPECT_NEAR(std::stod(column(releases, "released_at")[0]), 9000 + kLoopback, 1e-12);
  const std::string reservations = slurp(out / "reservations.csv");
  // Request 0's rows end with released_at and repair (the last two columns).
  std::istringstream rows(reservations);
  for (std::string row; std::getline(rows, row);) {
    if (row.rfind("0,", 0) != 0) continue;
    EXPECT_EQ(row.substr(row.rfind(',')), ",0") << row;
    row.erase(row.rfind(','));
    EXPECT_NEAR(std::stod(row.substr(row.rfind(',') + 1)), 9000 + 2 * kLoopback, 1e-12) << row;
  }
  EXPECT_EQ(lines(reservations), 5u) << reservations;  // 2 released, 2 of the attempt
  // A's job was killed by the failure; B's was stopped at the release (not a row, as a cancelled
  // job); the attempt, submitted 600 s after the release, ran on B and C.
  const std::string jobs = slurp(out / "jobs.csv");
  EXPECT_EQ(column(jobs, "job_id"), (std::vector<std::string>{"0:0", "1:0", "1:1"})) << jobs;
  EXPECT_EQ(column(slurp(out / "resubmissions.csv"), "original_id"), std::vector<std::string>{"0"});
  const std::string requests = slurp(out / "requests.csv");
  EXPECT_EQ(column(requests, "outcome"), (std::vector<std::string>{"accepted", "accepted"}));
  EXPECT_EQ(column(requests, "sites"), (std::vector<std::string>{"A;B", "B;C"}));
  EXPECT_EQ(metric(out, "requests_released"), "1");
  EXPECT_EQ(metric(out, "reservations_released"), "2");
  EXPECT_EQ(metric(out, "requests_lost"), "0");
  EXPECT_EQ(metric(out, "eventual_acceptance"), "1");
  EXPECT_NEAR(std::stod(metric(out, "release_delay")), kLoopback, 1e-12);
}

// What a release gives back is reserved again at once: request 0 holds all 4 cores of A and B
// over [7200, 10800); A fails at 9000 and the release frees B; request 1, submitted at 9100, takes
// B's 4 cores (and 2 of C) over [9200, 10200). Its job on B gets the cores B's stopped job held,
// runs its whole frame, and the audit counts B's released reservation only until its release.
TEST(MonitoringCli, ReleasedCoresAreReservedAndRunAgain) {
  const auto out = run(scenario(scratch("mon-reuse"), {{"A", "9000 0\n"}},
                                "# id user type submit est lst duration service_level cpus pairs\n"
                                "0 UserA 0 0 7200 7200 3600 1 4,4 -\n"
                                "1 UserA 0 9100 9200 9200 1000 1 4,2 -\n"));
  const std::string requests = slurp(out / "requests.csv");
  EXPECT_EQ(column(requests, "sites"), (std::vector<std::string>{"A;B", "B;C"})) << requests;
  const std::string jobs = slurp(out / "jobs.csv");
  EXPECT_EQ(column(jobs, "job_id"), (std::vector<std::string>{"0:0", "1:0", "1:1"})) << jobs;
  EXPECT_EQ(column(jobs, "execution_time"), (std::vector<std::string>{"1800", "1000", "1000"}))
      << jobs;
  EXPECT_EQ(metric(out, "requests_released"), "1");
}

TEST(MonitoringCli, WithoutAPolicyAReleasedRequestIsLost) {
  const auto out = run(two_sites("mon-lost"));
  EXPECT_EQ(lines(slurp(out / "releases.csv")), 2u);
  EXPECT_EQ(column(slurp(out / "jobs.csv"), "job_id"), std::vector<std::string>{"0:0"});
  EXPECT_EQ(metric(out, "requests_released"), "1");
  EXPECT_EQ(metric(out, "requests_lost"), "1");
}

TEST(MonitoringCli, TheAuditorCatchesTamperedReleases) {
  const auto out = run(two_sites("mon-tampered"));
  const std::string reservations = slurp(out / "reservations.csv");
  const auto tampered = [&](const char* file, const std::string& text,
                            const std::string& expected) {
    const std::string original = slurp(out / file);
    std::ofstream(out / file) << text;
    const auto r = arsim("audit " + out.string());
    EXPECT_EQ(r.status, 1) << file << ": " << r.output;
    EXPECT_NE(r.output.find(expected), std::string::npos) << r.output;
    std::ofstream(out / file) << original;
  };
  // B's reservation kept after the release.
  std::string kept = reservations;
  const auto b = kept.find("0,cores,B,D1,7200,10800,2,,");
  ASSERT_NE(b, std::string::npos) << reservations;
  kept.erase(b + 27, kept.find('\n', b) - b - 29);  // released_at emptied, repair 0 kept
  tampered("reservations.csv", kept, "reservation of request 0 on 'B' has released_at ''");
  // B's job shown as run to its end.
  tampered(
      "jobs.csv",
      slurp(out / "jobs.csv") + "0:1,0,2,3600,7200,3600,10800,0,B,COMPLETED_SUCCESSFULLY,B:2\n",
      "job 0:1 ran until 10800, after its request's release");
  // The release count.
  std::string summary = slurp(out / "summary.csv");
  const std::string row = "requests_lost,all,,all,1";
  summary.replace(summary.find(row), row.size(), "requests_lost,all,,all,0");
  tampered("summary.csv", summary, "requests_lost");
}
