// Transfers through the arsim binary: off by default (no transfers.csv, a path's use is its
// reservation), on without changing what was decided, and one-line errors with status 2 for bad
// transfer keys.
#include <gtest/gtest.h>

#include "tests/sim/cli_support.hpp"

using namespace arsim_test;  // NOLINT: the helpers of every end-to-end test

namespace {

const char* kScenario = "tests/sim/data/tiny_greedy.xml";

// The rows of resources.csv about paths: (reserved, used).
std::vector<std::pair<std::string, std::string>> path_use(const std::string& csv) {
  const auto kind = column(csv, "kind"), reserved = column(csv, "reserved"),
             used = column(csv, "used");
  std::vector<std::pair<std::string, std::string>> out;
  for (std::size_t i = 0; i < kind.size(); ++i)
    if (kind[i] == "bandwidth") out.emplace_back(reserved[i], used[i]);
  return out;
}

}  // namespace

TEST(TransferCli, OffByDefaultPathsUseTheirReservation) {
  const auto out = scratch("transfers-off");
  const auto r = arsim(fmt::format("run {} --out {} --audit", kScenario, out.string()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_FALSE(fs::exists(out / "transfers.csv"));
  const auto use = path_use(slurp(out / "resources.csv"));
  ASSERT_FALSE(use.empty());
  for (const auto& [reserved, used] : use) EXPECT_EQ(reserved, used);
}

TEST(TransferCli, OnCarriesEveryReservedPairWithoutChangingDecisions) {
  const auto off = scratch("transfers-ref"), on = scratch("transfers-on");
  ASSERT_EQ(arsim(fmt::format("run {} --out {}", kScenario, off.string())).status, 0);
  const auto r = arsim(
      fmt::format("run {} --out {} --audit --set transfers.enabled=true", kScenario, on.string()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("audit: passed"), std::string::npos) << r.output;
  for (const char* f : {"reservations.csv", "jobs.csv", "summary.csv"})
    EXPECT_EQ(slurp(off / f), slurp(on / f)) << f;
  const std::string transfers = slurp(on / "transfers.csv");
  const auto on_time = column(transfers, "on_time");
  ASSERT_FALSE(on_time.empty());
  // The default volume is half the reservation: every reserved transfer ends in time.
  for (const auto& v : on_time) EXPECT_EQ(v, "1");
  // Measured use differs from the reservation somewhere (half the volume: half the share).
  bool measured = false;
  for (const auto& [reserved, used] : path_use(slurp(on / "resources.csv")))
    measured = measured || reserved != used;
  EXPECT_TRUE(measured);
}

TEST(TransferCli, BadTransferKeysAreOneLineWithStatus2) {
  const auto out = scratch("transfers-bad");
  for (const char* set :
       {"transfers.volume=0", "transfers.mode=fast", "background.flows=3", "background.slot=-1"}) {
    const auto r = arsim(fmt::format("run {} --out {} --set {}", kScenario, out.string(), set));
    EXPECT_EQ(r.status, 2) << set << ": " << r.output;
    EXPECT_EQ(lines(r.output), 1u) << r.output;
    const std::string key(set, std::string(set).find('='));
    EXPECT_NE(r.output.find(key), std::string::npos) << r.output;
  }
  const auto r =
      arsim(fmt::format("run {} --out {} --set transfers.enabled=true --set "
                        "background.flows=2 --set background.links=no_such_path",
                        kScenario, out.string()));
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("background.links"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("no_such_path"), std::string::npos) << r.output;
}
