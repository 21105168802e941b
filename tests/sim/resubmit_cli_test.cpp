// Resubmission after a rejection (sim/kinds/coallocation/resubmit.hpp), end to end: the
// scenario of tests/sim/data/tiny_greedy.xml with a request file made so that UserB's request is
// rejected at first and its attempt accepted, audited; the auditor catches a wrong link; without
// a policy no resubmission file or metric is written.
#include <gtest/gtest.h>

#include "tests/sim/cli_support.hpp"

using namespace arsim_test;  // NOLINT: the helpers of every end-to-end test

namespace {

// UserA holds all cores of sites A and B (4 each) over [7200, 10800). UserB's 4 cores for 3600 s
// starting in [7200, 7300] fit nowhere (site C has 2 cores): rejected. Its attempt, with the
// window 100 s × `window_factor`, or 4 × `cpus_factor` cores, may fit.
constexpr const char* kRequests = R"(# id user type submit est lst duration service_level cpus pairs
0 UserA 0 0 7200 7200 3600 1 4,4 -
1 UserB 0 10 7200 7300 3600 1 4 -
)";

// tiny_greedy.xml with the request file above and `policy` as attributes of UserB.
fs::path scenario(const fs::path& dir, const std::string& policy) {
  std::ofstream(dir / "requests.txt") << kRequests;
  std::string body = slurp(fs::absolute("tests/sim/data/tiny_greedy.xml"));
  body.replace(body.find("../../../platforms"), 18, fs::absolute("platforms").string());
  const auto w = body.find("<workload");
  body.replace(w, body.find("/>", w) + 2 - w,
               R"(<workload generator="file" file="requests.txt" arrival_end="7200"
            window_start="7200" window_end="36000"/>)");
  const std::string b = R"(<user name="UserB" mean_interarrival="300" service_level="0.5")";
  body.replace(body.find(b), b.size(), R"(<user name="UserB" mean_interarrival="300" )" + policy);
  return write_scenario(dir, body);
}

fs::path run(const fs::path& dir, const std::string& policy) {
  const auto out = dir / "o";
  const auto r = arsim(fmt::format("run {} --out {} --audit --progress 0",
                                   scenario(dir, policy).string(), out.string()));
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("audit: passed"), std::string::npos) << r.output;
  return out;
}

}  // namespace

TEST(ResubmitCli, AWiderWindowGetsTheRejectedRequestAccepted) {
  const auto out = run(scratch("resubmit-window"),
                       R"(resubmit.attempts="2" resubmit.delay="600" resubmit.window_factor="40")");
  const std::string requests = slurp(out / "requests.csv");
  EXPECT_EQ(column(requests, "outcome"),
            (std::vector<std::string>{"accepted", "rejected", "accepted"}));
  // Attempt 1 of request 1 is request 2: EST max(7200, submit), LST = EST + 100 × 40.
  EXPECT_EQ(column(requests, "est").at(2), "7200");
  EXPECT_EQ(column(requests, "lst").at(2), "11200");
  EXPECT_EQ(column(requests, "reserved_start").at(2), "11200");
  EXPECT_EQ(std::stod(column(requests, "submit").at(2)),
            std::stod(column(requests, "decision_time").at(1)) + 600);
  EXPECT_EQ(slurp(out / "resubmissions.csv"), "request_id,original_id,attempt\n2,1,1\n");
  const std::string summary = slurp(out / "summary.csv");
  EXPECT_NE(summary.find("eventual_acceptance,UserB,,all,1\n"), std::string::npos) << summary;
  EXPECT_NE(summary.find("attempts_per_request,UserB,,all,2\n"), std::string::npos) << summary;
  EXPECT_NE(summary.find("attempts_per_request,all,,all,1.5\n"), std::string::npos) << summary;
}

TEST(ResubmitCli, FewerCoresFitTheSmallSite) {
  const auto out =
      run(scratch("resubmit-cpus"), R"(resubmit.attempts="1" resubmit.cpus_factor="0.5")");
  const std::string requests = slurp(out / "requests.csv");
  EXPECT_EQ(column(requests, "outcome").at(2), "accepted");
  EXPECT_EQ(column(requests, "component_cpus").at(2), "2");
  EXPECT_EQ(column(requests, "sites").at(2), "C");
}

TEST(ResubmitCli, TheAuditorCatchesAWrongLink) {
  const auto out = run(scratch("resubmit-tampered"), R"(resubmit.attempts="1")");
  // The window stays 100 s wide: the attempt is rejected too, and no attempt is left.
  EXPECT_EQ(slurp(out / "resubmissions.csv"), "request_id,original_id,attempt\n2,1,1\n");
  std::ofstream(out / "resubmissions.csv") << "request_id,original_id,attempt\n2,0,1\n";
  const auto r = arsim("audit " + out.string());
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(
      r.output.find("resubmissions.csv:2: attempt 1 of request 0; user 'UserA' makes at most 0"),
      std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("request 1 was rejected and its user has attempts left"),
            std::string::npos)
      << r.output;
  // Numbered 2 where it is the first attempt.
  std::ofstream(out / "resubmissions.csv") << "request_id,original_id,attempt\n2,1,2\n";
  const auto numbered = arsim("audit " + out.string());
  EXPECT_EQ(numbered.status, 1) << numbered.output;
  EXPECT_NE(numbered.output.find("request 2 is attempt 2 of request 1; expected attempt 1"),
            std::string::npos)
      << numbered.output;
}

TEST(ResubmitCli, WithoutAttemptsNothingIsAdded) {
  const auto out = run(scratch("resubmit-none"), R"(resubmit.delay="60")");
  EXPECT_FALSE(fs::exists(out / "resubmissions.csv"));
  EXPECT_EQ(lines(slurp(out / "requests.csv")), 3u);
  EXPECT_EQ(slurp(out / "summary.csv").find("eventual_acceptance"), std::string::npos);
}
