// Monitoring of broken reservations (docs/design/coallocation.md, Failures): the RM that breaks a
// reservation tells its GRC, which releases the whole request on every RM of its plan and tells
// the user, whose resubmission policy applies as to a rejection. Hand-made requests on
// platforms/tiny.xml with a failure at a known time (failures_support.hpp).
#include <gtest/gtest.h>

#include "tests/sim/failures_support.hpp"

using namespace arsim_test;            // NOLINT: the helpers of every end-to-end test
using namespace arsim_test::failures;  // NOLINT: the failure tests' helpers

namespace {
// UserA resubmits once, 600 s after a rejection or a release.
fs::path with_policy(const fs::path& s) {
  std::string text = slurp(s);
  const std::string user = "mean_interarrival=\"300\"";
  text.replace(text.find(user), user.size(),
               user + " resubmit.attempts=\"1\" resubmit.delay=\"600\"");
  std::ofstream(s) << text;
  return s;
}
}  // namespace

TEST(MonitoringCli, AHostFailureReleasesTheOtherSiteAndTheAttemptGoesElsewhere) {
  // 2 cores on two sites: the greedy planner takes A and B. A fails at 9000 for good.
  const auto out =
      run(with_policy(scenario(scratch("mon-host"), {{"A", "9000 0\n"}}, request("2,2", "-"))));
  for (const char* f : {"requests.csv", "reservations.csv", "jobs.csv", "releases.csv",
                        "resubmissions.csv", "summary.csv"})
    std::cout << f << ":\n" << slurp(out / f) << "\n";
}
