// Breaks that come late and releases at the end of a run (docs/design/coallocation.md, Failures):
// a reservation that begins while its resource is down breaks at its start, then, and is
// monitored as any other break; a release the run's last events cause still reaches every RM.
// Hand-made requests on platforms/tiny.xml with failures at known times (failures_support.hpp).
#include <gtest/gtest.h>

#include <map>

#include "tests/sim/failures_support.hpp"

using namespace arsim_test;            // NOLINT: the helpers of every end-to-end test
using namespace arsim_test::failures;  // NOLINT: the failure tests' helpers

namespace {

// A control message (1024 bytes) from the coordinator's host to the network RM of D1 crosses
// ctl_nrm_D1 (1 Gbit/s, 5 ms) under LV08: latency × 13.01, bandwidth × 0.97 shared with the
// reverse traffic (weight 1.05).
constexpr double kToNetworkRm = 13.01 * 5e-3 + 1024 * 1.05 / (0.97 * 125e6);

// The released_at of each row of request `id` in reservations.csv, by resource.
std::map<std::string, double> released_at(const fs::path& out, const std::string& id) {
  const std::string csv = slurp(out / "reservations.csv");
  const auto ids = column(csv, "request_id"), resources = column(csv, "resource"),
             released = column(csv, "released_at");
  std::map<std::string, double> at;
  for (std::size_t i = 0; i < ids.size(); ++i)
    if (ids[i] == id) at[resources[i]] = released[i].empty() ? -1 : std::stod(released[i]);
  return at;
}

// Request 0 holds A and B over [7200, 10800) with a path between them; both hosts fail at 9000
// for good, killing both jobs: nothing else keeps the run going (no resubmission policy).
void expect_everything_released(const fs::path& out) {
  const std::string releases = slurp(out / "releases.csv");
  EXPECT_EQ(column(releases, "broken_at"), std::vector<std::string>{"9000"}) << releases;
  ASSERT_EQ(lines(releases), 2u) << releases;
  EXPECT_NEAR(std::stod(column(releases, "released_at")[0]), 9000 + kLoopback, 1e-9);
  const auto at = released_at(out, "0");
  ASSERT_EQ(at.size(), 4u) << slurp(out / "reservations.csv");
  for (const char* site : {"A", "B"}) EXPECT_NEAR(at.at(site), 9000 + 2 * kLoopback, 1e-9);
  for (const char* path : {"D1:A-X", "D1:B-X"})
    EXPECT_NEAR(at.at(path), 9000 + kLoopback + kToNetworkRm, 1e-9) << path;
  EXPECT_EQ(metric(out, "requests_released"), "1");
  EXPECT_EQ(metric(out, "reservations_broken"), "2");
}

}  // namespace

// B fails at 7000 and A at 8000, both for good; request 0 was placed on A and B over
// [7200, 10800) before. B's reservation breaks at 7200, when it begins on a host that is down:
// B's RM tells the GRC then, which (with no room to repair) releases the request on A and B (two
// loopback messages), so A's reservation is released before A fails and is not broken. The attempt
// (EST = LST = its submission, 600 s after the notice) is rejected: its frame has begun when the
// GRC holds it.
TEST(LateBreaksCli, AReservationBeginningOnADownHostBreaksAtItsStart) {
  const auto out = run(without_repair(with_policy(scenario(
      scratch("late-start"), {{"B", "7000 0\n"}, {"A", "8000 0\n"}}, request("2,2", "-")))));
  const std::string reservations = slurp(out / "reservations.csv");
  EXPECT_EQ(column(reservations, "resource"), (std::vector<std::string>{"B", "A"}));
  EXPECT_EQ(column(reservations, "broken_at"), (std::vector<std::string>{"7200", ""}));
  const auto at = released_at(out, "0");
  for (const char* site : {"A", "B"}) EXPECT_NEAR(at.at(site), 7200 + 2 * kLoopback, 1e-9);
  const std::string releases = slurp(out / "releases.csv");
  EXPECT_EQ(column(releases, "broken_at"), std::vector<std::string>{"7200"}) << releases;
  EXPECT_NEAR(std::stod(column(releases, "released_at")[0]), 7200 + kLoopback, 1e-9);
  // B's job did not run (its host was down), A's was stopped at the release: no row.
  EXPECT_EQ(lines(slurp(out / "jobs.csv")), 1u);
  EXPECT_EQ(metric(out, "reservations_broken"), "1");
  EXPECT_EQ(metric(out, "cpu_seconds_lost"), "7200");  // B: 2 cores × 3600 s
  EXPECT_EQ(metric(out, "requests_released"), "1");
  EXPECT_EQ(column(slurp(out / "requests.csv"), "outcome"),
            (std::vector<std::string>{"accepted", "rejected"}));
}

TEST(LateBreaksCli, AFailureKillingTheLastJobsStillReleasesEveryRm) {
  expect_everything_released(run(without_repair(scenario(
      scratch("late-end"), {{"A", "9000 0\n"}, {"B", "9000 0\n"}}, request("2,2", "0-1:1")))));
}

// The same failures drawn by the seeded process: every site's host fails at 9000 for good
// (constant law), from the process's actor rather than a state profile.
TEST(LateBreaksCli, AFailureOfTheSeededProcessKillingTheLastJobsStillReleasesEveryRm) {
  const std::string keys =
      R"(  <failures hosts.ttf="9000" hosts.ttr="100000" law="constant"/>
)";
  expect_everything_released(
      run(without_repair(scenario(scratch("late-seeded"), {}, request("2,2", "0-1:1"), keys))));
}

// B fails at 0.2602363 s, while request 0 is being decided: after B's RM granted its hold (the
// request is still placed on A and B) and before the commit reached it (a failure 1.5e-7 s later
// comes after the commit). A fails at 7000. Both reservations begin on a host that is down:
// both break at 7200, B's though it was committed during the failure.
TEST(LateBreaksCli, AReservationCommittedWhileItsHostIsDownBreaksAtItsStart) {
  const auto out = run(without_repair(scenario(
      scratch("late-commit"), {{"A", "7000 0\n"}, {"B", "0.2602363 0\n"}}, request("2,2", "-"))));
  const std::string reservations = slurp(out / "reservations.csv");
  EXPECT_EQ(column(reservations, "resource"), (std::vector<std::string>{"B", "A"}));
  EXPECT_EQ(column(reservations, "broken_at"), (std::vector<std::string>{"7200", "7200"}));
  EXPECT_EQ(metric(out, "reservations_broken"), "2");
  EXPECT_EQ(metric(out, "cpu_seconds_lost"), "14400");  // 2 × 2 cores × 3600 s
}
