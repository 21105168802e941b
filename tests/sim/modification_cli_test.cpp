// Modification of a broken reservation (GridARS §5; docs/design/coallocation.md, Failures): when
// a site's failure breaks an accepted request, the GRC re-plans the components on that site with
// the run's planner, the others pinned, and commits only the new parts; when no modification
// commits it releases the request as before. Hand-made requests on platforms/tiny.xml with a
// failure at a known time (failures_support.hpp).
#include <gtest/gtest.h>

#include <sstream>

#include "tests/sim/failures_support.hpp"

using namespace arsim_test;            // NOLINT: the helpers of every end-to-end test
using namespace arsim_test::failures;  // NOLINT: the failure tests' helpers

namespace {

// Request 0's rows of reservations.csv, each split into its fields.
std::vector<std::vector<std::string>> rows_of_request0(const std::string& csv) {
  std::vector<std::vector<std::string>> out;
  std::istringstream in(csv);
  for (std::string row; std::getline(in, row);) {
    if (row.rfind("0,", 0) != 0) continue;
    std::vector<std::string> f;
    std::istringstream fields(row + ",");
    for (std::string x; std::getline(fields, x, ',');) f.push_back(x);
    out.push_back(f);
  }
  return out;
}

}  // namespace

// 2 cores on two sites with 1 Gbit/s between them over [7200, 10800): greedy puts c0 on A and c1
// on B (4 free cores each beat C's 2; ties: lowest id) and routes the pair A-X-B (4 Gbit/s beats
// the direct 2 Gbit/s A-B). A fails at 9000 for good.
TEST(ModificationCli, AHostFailureMovesItsComponentToTheSpareSite) {
  const auto out = run(scenario(scratch("mod-move"), {{"A", "9000 0\n"}}, request("2,2", "0-1:1")));
  // A's RM tells the GRC at 9000 + one loopback message; the new parts start hold_timeout (60 s)
  // later. c0 goes to C: A is down, B holds the pinned c1. Its pair is routed B-X-C: B-X has 3
  // Gbit/s free beside the old route's 1 still held, C-X 4 (bottleneck 3), B-A-X-C only 2.
  const double start = 9000 + kLoopback + 60;
  const std::string repairs = slurp(out / "repairs.csv");
  ASSERT_EQ(lines(repairs), 2u) << repairs;
  EXPECT_EQ(column(repairs, "kind"), std::vector<std::string>{"cores"});
  EXPECT_EQ(column(repairs, "resource"), std::vector<std::string>{"A"});
  EXPECT_EQ(column(repairs, "broken_at"), std::vector<std::string>{"9000"});
  EXPECT_EQ(column(repairs, "moved"), std::vector<std::string>{"0"});
  EXPECT_EQ(column(repairs, "new_sites"), std::vector<std::string>{"C"});
  EXPECT_EQ(column(repairs, "rerouted"), std::vector<std::string>{"0"});
  EXPECT_EQ(column(repairs, "routes"), std::vector<std::string>{"D2:C-X+D1:B-X"});
  EXPECT_NEAR(std::stod(column(repairs, "start")[0]), start, 1e-9);
  const double repaired_at = std::stod(column(repairs, "repaired_at")[0]);
  EXPECT_GT(repaired_at, 9000);
  EXPECT_LT(repaired_at, 9001);  // a few control round trips, well within the hold timeout
  EXPECT_EQ(lines(slurp(out / "releases.csv")), 1u);  // nothing released
  // The first plan's rows, then the repair's; the old route (A-X, B-X) and A's cores given back
  // once the repair committed: A's by a loopback message, the route's by one to nrm_D1 (5 ms of
  // link latency times LV08's factor 13.01, plus 1024 B at 0.97 Gbit/s).
  std::map<std::string, std::string> released, repair;
  for (const auto& f : rows_of_request0(slurp(out / "reservations.csv"))) {
    ASSERT_EQ(f.size(), 10u);
    const std::string key = f[2] + "@" + f[9];
    released[key] = f[8];
    repair[key] = f[4] + "-" + f[5] + ":" + f[6];
  }
  EXPECT_EQ(released.size(), 7u);
  EXPECT_EQ(released["B@0"], "");
  EXPECT_NEAR(std::stod(released["A@0"]), repaired_at + kLoopback, 1e-9);
  for (const char* path : {"D1:A-X@0", "D1:B-X@0"}) {
    EXPECT_GT(std::stod(released[path]), repaired_at + 0.065) << path;
    EXPECT_LT(std::stod(released[path]), repaired_at + 0.0651) << path;
  }
  for (const char* part : {"C@1", "D1:B-X@1", "D2:C-X@1"}) {
    EXPECT_EQ(released[part], "") << part;
    EXPECT_NEAR(std::stod(repair[part].substr(0, repair[part].find('-'))), start, 1e-9) << part;
    EXPECT_EQ(repair[part].substr(repair[part].find('-')),
              std::string("-10800:") + (part[0] == 'C' ? "2" : "1"));
  }
  // c0 ran on A until the failure killed it, then on C from the repair's start to the frame's end.
  const std::string jobs = slurp(out / "jobs.csv");
  EXPECT_EQ(column(jobs, "job_id"), (std::vector<std::string>{"0:0", "0:0", "0:1"})) << jobs;
  EXPECT_EQ(column(jobs, "allocated_resources"), (std::vector<std::string>{"A", "C", "B"}));
  EXPECT_NEAR(std::stod(column(jobs, "starting_time")[1]), start, 1e-9);
  EXPECT_EQ(column(jobs, "finish_time")[1], "10800");
  EXPECT_EQ(metric(out, "repairs"), "1");
  EXPECT_EQ(metric(out, "requests_repaired"), "1");
  EXPECT_EQ(metric(out, "requests_released"), "0");
  EXPECT_EQ(metric(out, "requests_lost"), "0");
  EXPECT_NEAR(std::stod(metric(out, "repair_delay")), repaired_at - 9000, 1e-9);
}

// The repaired request breaks again: C, c0's new site, fails at 10000. A is down and B holds c1,
// so no modification exists and the GRC releases every commit of the request: the first plan's
// parts still held (B) and the repair's (C, B-X, C-X), each once. The user resubmits (its attempt
// is rejected: two sites are down), so the run lasts until the network RMs have the release.
TEST(ModificationCli, ABreakOfARepairedPartReleasesEveryCommit) {
  const auto out = run(with_policy(scenario(
      scratch("mod-again"), {{"A", "9000 0\n"}, {"C", "10000 0\n"}}, request("2,2", "0-1:1"))));
  EXPECT_EQ(lines(slurp(out / "repairs.csv")), 2u);
  const std::string releases = slurp(out / "releases.csv");
  ASSERT_EQ(lines(releases), 2u) << releases;
  EXPECT_EQ(column(releases, "broken_at"), std::vector<std::string>{"10000"});
  const double released = std::stod(column(releases, "released_at")[0]);
  const double repaired = std::stod(column(slurp(out / "repairs.csv"), "repaired_at")[0]);
  std::size_t at_release = 0;
  for (const auto& f : rows_of_request0(slurp(out / "reservations.csv"))) {
    ASSERT_EQ(f.size(), 10u);
    ASSERT_FALSE(f[8].empty()) << f[2];  // every part given back, by the repair or the release
    const double at = std::stod(f[8]);
    EXPECT_TRUE(at < repaired + 1 || at >= released) << f[2] << " " << at;
    at_release += at >= released ? 1 : 0;
  }
  EXPECT_EQ(at_release, 4u);  // B's cores (repair 0); C's cores, B-X and C-X (repair 1)
  EXPECT_EQ(column(slurp(out / "jobs.csv"), "final_state"),
            (std::vector<std::string>{"COMPLETED_KILLED", "COMPLETED_KILLED"}));
  EXPECT_EQ(metric(out, "repairs"), "1");
  EXPECT_EQ(metric(out, "requests_released"), "1");
}

// 3 cores on two sites: C (2 cores) cannot take a component, so no modification exists and the
// request is released as without modifications; its attempt, 600 s later, finds A down and C too
// small, and is rejected.
TEST(ModificationCli, WithoutASpareSiteTheRequestIsReleased) {
  const auto out =
      run(with_policy(scenario(scratch("mod-none"), {{"A", "9000 0\n"}}, request("3,3", "0-1:1"))));
  EXPECT_EQ(lines(slurp(out / "repairs.csv")), 1u);
  const std::string releases = slurp(out / "releases.csv");
  ASSERT_EQ(lines(releases), 2u) << releases;
  // After the modification's availability query found no plan.
  EXPECT_GT(std::stod(column(releases, "released_at")[0]), 9000 + kLoopback);
  EXPECT_LT(std::stod(column(releases, "released_at")[0]), 9001);
  EXPECT_EQ(column(slurp(out / "requests.csv"), "outcome"),
            (std::vector<std::string>{"accepted", "rejected"}));
  EXPECT_EQ(metric(out, "repairs"), "0");
  EXPECT_EQ(metric(out, "requests_released"), "1");
  EXPECT_EQ(metric(out, "requests_lost"), "1");
  EXPECT_EQ(metric(out, "repair_delay"), "");
}

TEST(ModificationCli, TheAuditorCatchesATamperedRepair) {
  const auto out =
      run(scenario(scratch("mod-tamper"), {{"A", "9000 0\n"}}, request("2,2", "0-1:1")));
  const auto tampered = [&](const char* file, const std::string& from, const std::string& to,
                            const std::string& expected) {
    expect_audit_catches(out, file, from, to, expected);
  };
  // The new site's cores halved.
  const std::string reservations = slurp(out / "reservations.csv");
  const auto c = reservations.find("0,cores,C,D2,");
  ASSERT_NE(c, std::string::npos);
  const std::string row = reservations.substr(c, reservations.find('\n', c) - c);
  std::string fewer = row;
  fewer.replace(fewer.find(",10800,2,"), 9, ",10800,1,");
  tampered("reservations.csv", row, fewer, "reserved cores other than its moved components'");
  // The component moved to B, which holds c1.
  tampered("repairs.csv", ",0,C,0,", ",0,B,0,", "not a compute site that was up");
  // The new route said to be the old one.
  tampered("repairs.csv", ",D2:C-X+D1:B-X\n", ",D1:A-X+D1:B-X\n",
           "routes pair 0 between 'C' and 'B' over 'D1:A-X+D1:B-X': 'D1:A-X' does not touch 'C'");
  // The repair delay.
  const std::string summary = slurp(out / "summary.csv");
  const auto d = summary.find("repair_delay,all,,all,");
  tampered("summary.csv", summary.substr(d, summary.find('\n', d) - d), "repair_delay,all,,all,7",
           "repair_delay");
}

// As above, but A is back up at 9100 and C, where c0 went, fails at 9500 for good: the second
// repair moves c0 back to A (B holds the pinned c1). jobs.csv names all three of c0's jobs 0:0,
// the third on A though A was c0's first site too, and the audit takes each placement once.
TEST(ModificationCli, AComponentMayComeBackToTheSiteItLeft) {
  const auto out = run(scenario(scratch("mod-back"), {{"A", "9000 0\n9100 1\n"}, {"C", "9500 0\n"}},
                                request("2,2", "0-1:1")));
  const std::string repairs = slurp(out / "repairs.csv");
  EXPECT_EQ(column(repairs, "resource"), (std::vector<std::string>{"A", "C"}));
  EXPECT_EQ(column(repairs, "new_sites"), (std::vector<std::string>{"C", "A"}));
  const std::string jobs = slurp(out / "jobs.csv");
  EXPECT_EQ(column(jobs, "job_id"), (std::vector<std::string>{"0:0", "0:0", "0:0", "0:1"}));
  EXPECT_EQ(column(jobs, "allocated_resources"), (std::vector<std::string>{"A", "C", "A", "B"}));
  EXPECT_EQ(column(jobs, "final_state"),
            (std::vector<std::string>{"COMPLETED_KILLED", "COMPLETED_KILLED",
                                      "COMPLETED_SUCCESSFULLY", "COMPLETED_SUCCESSFULLY"}));
  EXPECT_EQ(column(jobs, "starting_time")[2], column(repairs, "start")[1]);
  EXPECT_EQ(column(jobs, "finish_time")[2], "10800");
}
