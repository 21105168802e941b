// Control-plane faults (docs/design/coallocation.md, Control-plane faults): a network RM's host
// or a control link failing during the two-phase commit, and a coordinator crashing in the
// middle of one. Whatever is lost, nothing stays held or committed for a request that is not
// accepted: the auditor checks it from the written files (a reservation of a rejected request is
// a violation), and each test checks the instants by hand.
//
// One request on platforms/tiny.xml (failures_support.hpp): a core on A and on B over
// [7200, 10800) with 1 Gbit/s between them, on D1's paths, so the GRC holds and commits on A's
// and B's compute RMs (beside it, on its host) and on nrm_D1 (over ctl_nrm_D1). Each instant
// below is taken from the decision time T of the same run without faults: the GRC decides when
// nrm_D1's commit vote arrives, one control message after nrm_D1 got the commit, itself one
// message after the GRC sent it at c = T - 2m.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/sim/failures_support.hpp"

using namespace arsim_test;            // NOLINT: the helpers of every end-to-end test
using namespace arsim_test::failures;  // NOLINT: the failure tests' helpers

namespace {

// A 1024-byte control message over one ctl_* link (1 Gbit/s, 5 ms) under SimGrid's LV08 model:
// latency × 13.01, bandwidth × 0.97.
constexpr double kMessage = 13.01 * 0.005 + 1024 / (0.97 * 1.25e8);
constexpr double kHoldTimeout = 60;  // failures_support.hpp's scenario

// SimGrid's solver shares bandwidth to a relative precision of 1e-5 (its maxmin precision): the
// instants below hold to a microsecond, far below a message's 65 ms.
constexpr double kTol = 1e-5;

const std::string kRequest = request("1,1", "0-1:1");

// The instant the GRC sends the commit, from a run whose nrm_D1 never fails (a profile that
// keeps it up makes it a run with failures all the same: the compute RMs beside the GRC).
double commit_sent(const std::string& request_file = kRequest) {
  const auto out = run(scenario(scratch("ctl-reference"), {{"nrm_D1", "0 1\n"}}, request_file));
  const std::string requests = slurp(out / "requests.csv");
  EXPECT_EQ(column(requests, "outcome"), std::vector<std::string>{"accepted"});
  return std::stod(column(requests, "decision_time").at(0)) - 2 * kMessage;
}

std::string profile(double down, double up) {
  return fmt::format("0 1\n{:.17g} 0\n{:.17g} 1\n", down, up);
}

}  // namespace

// nrm_D1's host fails after it granted its hold, while the commit is on its way: the commit is
// lost with the host. The GRC counts the missing vote as a refusal when the hold timeout has
// passed since it sent the commit, and cancels on every RM: A and B give back what they had
// committed. The RM starts again at 700 with its table; the user's attempt, 600 s after the
// rejection, is accepted.
TEST(ControlFaultsCli, ANetworkRmHostFailingBetweenHoldAndCommit) {
  const double c = commit_sent();
  const auto out = run(with_policy(
      scenario(scratch("ctl-rm-host"), {{"nrm_D1", profile(c + kMessage / 2, 700)}}, kRequest)));
  const std::string requests = slurp(out / "requests.csv");
  EXPECT_EQ(column(requests, "outcome"), (std::vector<std::string>{"rejected", "accepted"}));
  EXPECT_NEAR(std::stod(column(requests, "decision_time").at(0)), c + kHoldTimeout, kTol);
  EXPECT_NEAR(std::stod(column(requests, "submit").at(1)), c + kHoldTimeout + 600, kTol);
  // Only the attempt holds anything: request 0's commits on A and B were cancelled.
  EXPECT_EQ(column(slurp(out / "reservations.csv"), "request_id"),
            (std::vector<std::string>{"1", "1", "1", "1"}));
  const std::string attempts = slurp(out / "attempts.csv");
  EXPECT_EQ(column(attempts, "phase"), std::vector<std::string>{"commit"});
  EXPECT_EQ(column(attempts, "refused"), std::vector<std::string>{"1"});
  const std::string failures = slurp(out / "failures.csv");
  EXPECT_EQ(column(failures, "kind"), std::vector<std::string>{"control-host"});
  EXPECT_EQ(column(failures, "up"), std::vector<std::string>{"700"});
}

// ctl_nrm_D1 fails after nrm_D1 committed, while its vote is on its way: the vote is lost, the
// GRC gives up on the commit at c + the hold timeout and cancels it everywhere. The cancel for
// nrm_D1 cannot cross the link until it is back at 300; its messenger sends it again every
// second until then, and nrm_D1 gives back its part: no row is left. A messenger that waits
// longer than the frame gives up, and the auditor finds nrm_D1's part of a rejected request.
TEST(ControlFaultsCli, AControlLinkLosingACommitVote) {
  const double c = commit_sent();
  const auto link = std::pair{std::string("ctl_nrm_D1"), profile(c + 1.5 * kMessage, 300)};
  const auto out = run(scenario(scratch("ctl-link"), {link}, kRequest));
  const std::string requests = slurp(out / "requests.csv");
  EXPECT_EQ(column(requests, "outcome"), std::vector<std::string>{"rejected"});
  EXPECT_NEAR(std::stod(column(requests, "decision_time").at(0)), c + kHoldTimeout, kTol);
  EXPECT_EQ(slurp(out / "reservations.csv"), kReservationsHeader);
  EXPECT_EQ(column(slurp(out / "failures.csv"), "kind"), std::vector<std::string>{"control-link"});

  const auto late =
      scenario(scratch("ctl-link-late"), {link}, kRequest, "  <failures retry=\"100000\"/>\n");
  const auto r = arsim(fmt::format("run {} --out {} --audit --progress 0", late.string(),
                                   (late.parent_path() / "o").string()));
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("reservation of rejected request 0"), std::string::npos) << r.output;
  EXPECT_EQ(column(slurp(late.parent_path() / "o" / "reservations.csv"), "resource"),
            (std::vector<std::string>{"D1:A-X", "D1:B-X"}));
}

// The GRC crashes after sending the commit (A and B committed at once, nrm_D1 one message
// later) and restarts 50 s later. Its log holds the open commit: presumed abort, it cancels it on
// every RM, rejects the request at the restart (one failed attempt, every vote counted lost) and
// tells the user, whose attempt 600 s later is accepted. The request is submitted at 1000, so
// the next crash (a constant time to failure after the restart) comes after the attempt.
TEST(ControlFaultsCli, ACoordinatorCrashingInTheMiddleOfACommit) {
  const std::string late = request("1,1", "0-1:1", 1000);
  const double c = commit_sent(late);
  const double crash = c + kMessage / 2;
  const auto out = run(with_policy(
      scenario(scratch("ctl-grc"), {}, late,
               fmt::format("  <failures coordinator.ttf=\"{:.17g}\" coordinator.ttr=\"50\" "
                           "law=\"constant\"/>\n",
                           crash))));
  const std::string requests = slurp(out / "requests.csv");
  EXPECT_EQ(column(requests, "outcome"), (std::vector<std::string>{"rejected", "accepted"}));
  EXPECT_NEAR(std::stod(column(requests, "decision_time").at(0)), crash + 50, kTol);
  EXPECT_EQ(column(slurp(out / "reservations.csv"), "request_id"),
            (std::vector<std::string>{"1", "1", "1", "1"}));
  const std::string attempts = slurp(out / "attempts.csv");
  EXPECT_EQ(column(attempts, "phase"), std::vector<std::string>{"commit"});
  EXPECT_EQ(column(attempts, "rms"), std::vector<std::string>{"3"});
  EXPECT_EQ(column(attempts, "refused"), std::vector<std::string>{"3"});
  const std::string failures = slurp(out / "failures.csv");
  ASSERT_GE(lines(failures), 2u) << failures;
  EXPECT_EQ(column(failures, "kind").front(), "coordinator");
  EXPECT_NEAR(std::stod(column(failures, "down").front()), crash, kTol);
}

// What arsim does not model is refused before the run, in one line with exit status 2.
TEST(ControlFaultsCli, ACoordinatorsHostProfileAndAHalfSetCrashProcessAreRefused) {
  const auto host = scenario(scratch("ctl-refused-host"), {{"grc", "0 1\n50 0\n"}}, kRequest);
  auto r = arsim("check " + host.string());
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("failures.coordinator"), std::string::npos) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
  const auto keys = scenario(scratch("ctl-refused-keys"), {}, kRequest,
                             "  <failures coordinator.ttf=\"100\"/>\n");
  r = arsim("check " + keys.string());
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("failures.coordinator.ttr"), std::string::npos) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
}

// A coordinator crashing while it repairs: A fails at 9000 and the GRC plans, holds and commits a
// modification (a few control round trips, under a second); it crashes 0.2 s into it and restarts
// 10 s later. Recovery cancels what the interrupted modification had opened and handles the
// notice again: a new modification whose parts start at the restart + the hold timeout (no
// planning delay). Nothing of the interrupted one stays: every repair row starts then.
TEST(ControlFaultsCli, ACoordinatorCrashingWhileItRepairsRepairsAfterItsRestart) {
  const auto out =
      run(scenario(scratch("ctl-grc-repair"), {{"A", "9000 0\n"}}, request("2,2", "0-1:1"),
                   "  <failures coordinator.ttf=\"9000.2\" coordinator.ttr=\"10\" "
                   "law=\"constant\"/>\n"));
  const double restart = 9000.2 + 10;
  const std::string repairs = slurp(out / "repairs.csv");
  ASSERT_EQ(lines(repairs), 2u) << repairs;
  EXPECT_EQ(column(repairs, "new_sites"), std::vector<std::string>{"C"});
  EXPECT_NEAR(std::stod(column(repairs, "start")[0]), restart + kHoldTimeout, kTol);
  EXPECT_GT(std::stod(column(repairs, "repaired_at")[0]), restart);
  const std::string reservations = slurp(out / "reservations.csv");
  const auto repair = column(reservations, "repair");
  const auto start = column(reservations, "start");
  for (std::size_t i = 0; i < repair.size(); ++i) {
    if (repair[i] == "0") continue;
    EXPECT_NEAR(std::stod(start[i]), restart + kHoldTimeout, kTol);
  }
  EXPECT_EQ(std::count(repair.begin(), repair.end(), "1"), 3) << reservations;  // C, B-X, C-X
  const std::string failures = slurp(out / "failures.csv");
  EXPECT_EQ(failures, "resource,kind,down,up\nA,host,9000,\ngrc,coordinator,9000.2,9010.2\n");
}
