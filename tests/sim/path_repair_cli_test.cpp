// Modification of a reservation a path's failure broke (GridARS §5; docs/design/coallocation.md,
// Failures): the GRC re-routes the pairs whose route uses the failed path between the same sites,
// nothing moves, and commits only the new routes; with no other route it releases the request as
// before. Hand-made requests on platforms/tiny.xml with D1:A-X failing at 9000 for good
// (failures_support.hpp).
#include <gtest/gtest.h>

#include <map>

#include "tests/sim/failures_support.hpp"

using namespace arsim_test;            // NOLINT: the helpers of every end-to-end test
using namespace arsim_test::failures;  // NOLINT: the failure tests' helpers

namespace {

// A control message (1024 bytes) between the coordinator's host and the network RM of D1 crosses
// ctl_nrm_D1 (1 Gbit/s, 5 ms) under LV08: latency × 13.01, bandwidth × 0.97 shared with the
// reverse traffic (weight 1.05).
constexpr double kToNetworkRm = 13.01 * 5e-3 + 1024 * 1.05 / (0.97 * 125e6);

// Request 0: 2 cores on A and on B over [7200, 10800) with `gbps` between them; the greedy planner
// routes it A-X-B (4 Gbit/s beats the direct 2). Request 1: 1 core on A over [5400, 9000). SimGrid
// switches off a path no activity uses without stopping its clock there, so the RM's notice would
// leave at the run's next event; request 1's job ends at 9000 and makes that event the failure's
// instant.
fs::path path_fails(const std::string& name, const std::string& gbps, bool resubmit = false) {
  const auto s = scenario(scratch(name), {{"D1:A-X", "9000 0\n"}},
                          request("2,2", "0-1:" + gbps) + "1 UserA 0 0 5400 5400 3600 1 1 -\n");
  return resubmit ? with_policy(s) : s;
}

// The rows of request 0 in reservations.csv: resource@repair → column `name`.
std::map<std::string, std::string> request0(const fs::path& out, const std::string& name) {
  const std::string csv = slurp(out / "reservations.csv");
  const auto ids = column(csv, "request_id"), resources = column(csv, "resource"),
             repairs = column(csv, "repair"), values = column(csv, name);
  std::map<std::string, std::string> at;
  for (std::size_t i = 0; i < ids.size(); ++i)
    if (ids[i] == "0") at[resources[i] + "@" + repairs[i]] = values[i];
  return at;
}

}  // namespace

// The network RM of D1 tells the GRC at 9000 + one message on ctl_nrm_D1; the new route starts
// hold_timeout (60 s) later. A-X is down (none free), so the pair goes over A-B (2 Gbit/s free for
// its 1); B-X keeps the old route's 1 until the commit. The old route, the failed A-X and B-X, is
// given back one message to the network RM after the commit; the cores stay as they are.
TEST(PathRepairCli, APathFailureReroutesThePairBetweenTheSameSites) {
  const auto out = run(path_fails("path-reroute", "1"));
  const double start = 9000 + kToNetworkRm + 60;
  const std::string repairs = slurp(out / "repairs.csv");
  ASSERT_EQ(lines(repairs), 2u) << repairs;
  EXPECT_EQ(column(repairs, "kind"), std::vector<std::string>{"bandwidth"});
  EXPECT_EQ(column(repairs, "resource"), std::vector<std::string>{"D1:A-X"});
  EXPECT_EQ(column(repairs, "broken_at"), std::vector<std::string>{"9000"});
  EXPECT_EQ(column(repairs, "moved"), std::vector<std::string>{""});
  EXPECT_EQ(column(repairs, "new_sites"), std::vector<std::string>{""});
  EXPECT_EQ(column(repairs, "rerouted"), std::vector<std::string>{"0"});
  EXPECT_EQ(column(repairs, "routes"), std::vector<std::string>{"D1:A-B"});
  EXPECT_NEAR(std::stod(column(repairs, "start")[0]), start, 1e-9);
  const double repaired_at = std::stod(column(repairs, "repaired_at")[0]);
  EXPECT_GT(repaired_at, 9000 + kToNetworkRm);
  EXPECT_LT(repaired_at, 9001);  // a few control round trips, well within the hold timeout
  const auto released = request0(out, "released_at"), starts = request0(out, "start"),
             amounts = request0(out, "amount");
  ASSERT_EQ(released.size(), 5u) << slurp(out / "reservations.csv");
  for (const char* site : {"A@0", "B@0"}) EXPECT_EQ(released.at(site), "") << site;
  for (const char* path : {"D1:A-X@0", "D1:B-X@0"})
    EXPECT_NEAR(std::stod(released.at(path)), repaired_at + kToNetworkRm, 1e-9) << path;
  EXPECT_EQ(request0(out, "broken_at").at("D1:A-X@0"), "9000");
  EXPECT_EQ(released.at("D1:A-B@1"), "");
  EXPECT_NEAR(std::stod(starts.at("D1:A-B@1")), start, 1e-9);
  EXPECT_EQ(amounts.at("D1:A-B@1"), "1");
  EXPECT_EQ(lines(slurp(out / "releases.csv")), 1u);  // nothing released
  EXPECT_EQ(column(slurp(out / "jobs.csv"), "final_state"),
            (std::vector<std::string>{"COMPLETED_SUCCESSFULLY", "COMPLETED_SUCCESSFULLY",
                                      "COMPLETED_SUCCESSFULLY"}));
  EXPECT_EQ(metric(out, "repairs"), "1");
  EXPECT_EQ(metric(out, "requests_repaired"), "1");
  EXPECT_EQ(metric(out, "requests_released"), "0");
  EXPECT_NEAR(std::stod(metric(out, "repair_delay")), repaired_at - 9000, 1e-9);
}

// 3 Gbit/s: A-B's 2 cannot carry it and A's only other path is down, so no modification exists
// and the request is released after the modification's availability query; the user's attempt,
// 600 s later, finds the same and is rejected.
TEST(PathRepairCli, WithoutAnotherRouteTheRequestIsReleased) {
  const auto out = run(path_fails("path-none", "3", true));
  EXPECT_EQ(lines(slurp(out / "repairs.csv")), 1u);
  const std::string releases = slurp(out / "releases.csv");
  ASSERT_EQ(lines(releases), 2u) << releases;
  EXPECT_EQ(column(releases, "broken_at"), std::vector<std::string>{"9000"});
  const double released_at = std::stod(column(releases, "released_at")[0]);
  EXPECT_GT(released_at, 9000 + kToNetworkRm);
  EXPECT_LT(released_at, 9001);
  const auto released = request0(out, "released_at");
  ASSERT_EQ(released.size(), 4u);
  for (const char* path : {"D1:A-X@0", "D1:B-X@0"})
    EXPECT_NEAR(std::stod(released.at(path)), released_at + kToNetworkRm, 1e-9) << path;
  EXPECT_EQ(column(slurp(out / "requests.csv"), "outcome"),
            (std::vector<std::string>{"accepted", "accepted", "rejected"}));
  EXPECT_EQ(metric(out, "repairs"), "0");
  EXPECT_EQ(metric(out, "requests_released"), "1");
  EXPECT_EQ(metric(out, "requests_lost"), "1");
}

TEST(PathRepairCli, TheAuditorCatchesATamperedReroute) {
  const auto out = run(path_fails("path-tamper", "1"));
  const std::string row = column(slurp(out / "repairs.csv"), "repaired_at")[0];
  // The new route said to be the old one, over the failed path.
  expect_audit_catches(out, "repairs.csv", ",0,D1:A-B\n", ",0,D1:A-X+D1:B-X\n",
                       "routes pair 0 between 'A' and 'B' over 'D1:A-X+D1:B-X': 'D1:A-X' was down "
                       "from the break 9000 until the commit " +
                           row);
  // A component said to have moved.
  expect_audit_catches(out, "repairs.csv", ",,,0,", ",0,C,0,", "not a row of request_id");
  // No pair said to be re-routed.
  expect_audit_catches(out, "repairs.csv", ",,,0,D1:A-B\n", ",,,,\n", "not a row of request_id");
  // The new route's bandwidth halved.
  expect_audit_catches(out, "reservations.csv", ",10800,1,,,1\n", ",10800,0.5,,,1\n",
                       "reserved bandwidth other than its new routes'");
  // The old route's B-X kept.
  const std::string csv = slurp(out / "reservations.csv");
  const auto b = csv.find("0,bandwidth,D1:B-X,D1,7200,10800,1,,");
  ASSERT_NE(b, std::string::npos) << csv;
  const std::string kept = csv.substr(b, csv.find('\n', b) - b);
  expect_audit_catches(out, "reservations.csv", kept, "0,bandwidth,D1:B-X,D1,7200,10800,1,,,0",
                       "did not give back its old route's 'D1:B-X' (repair 0)");
}

// Request 0: 1 core on each of A, B and C, pairs 0-2 and 1-2 (1 Gbit/s each), routed A-X-C and
// B-X-C (C-X holds 2 for both under one commit). Requests 1 and 2 make the run step to 9000 and
// 9030 (path_fails). D1:A-X fails at 9000: pair 0-2 goes A-B, B-X, C-X (the only way round) from
// 9060.07 under repair 1. D1:B-X fails at 9030, before that start: the first plan's B-X breaks,
// and no route joins B and C any more, so the request is released. Repair 1's parts are given
// back before they began: B-X's too, though its path is down at its start, is not broken.
TEST(PathRepairCli, ARouteGivenBackBeforeItBeganIsNotBroken) {
  const auto out =
      run(scenario(scratch("path-moot"), {{"D1:A-X", "9000 0\n"}, {"D1:B-X", "9030 0\n"}},
                   request("1,1,1", "0-2:1,1-2:1") + "1 UserA 0 0 5400 5400 3600 1 1 -\n"
                                                     "2 UserA 0 0 5430 5430 3600 1 1 -\n"));
  const std::string repairs = slurp(out / "repairs.csv");
  EXPECT_EQ(column(repairs, "rerouted"), std::vector<std::string>{"0"});
  EXPECT_EQ(column(repairs, "routes"), std::vector<std::string>{"D1:A-B+D1:B-X+D2:C-X"});
  EXPECT_EQ(column(slurp(out / "releases.csv"), "broken_at"), std::vector<std::string>{"9030"});
  const auto broken = request0(out, "broken_at"), released = request0(out, "released_at");
  EXPECT_EQ(broken.at("D1:A-X@0"), "9000");
  EXPECT_EQ(broken.at("D1:B-X@0"), "9030");
  for (const char* part : {"D1:A-B@1", "D1:B-X@1", "D2:C-X@1"}) {
    EXPECT_EQ(broken.at(part), "") << part;
    EXPECT_LT(std::stod(released.at(part)), 9060) << part;
  }
  EXPECT_EQ(metric(out, "reservations_broken"), "2");
}
