// Latency bounds end to end: `workload.max_latency` on the tiny platform (every path 1 ms: A–B
// direct, A–X–B, C–X–A, C–X–B two paths), planned by greedy and audited.
#include <gtest/gtest.h>

#include <sstream>

#include "tests/sim/cli_support.hpp"

using namespace arsim_test;  // NOLINT: the helpers of every end-to-end test

namespace {

struct Outputs {
  Result result;
  std::string requests, workload;
};

Outputs run_with(const std::string& name, const std::string& set) {
  const auto dir = scratch(name);
  const auto f = write_scenario(dir, good_scenario());
  const auto out = dir / "o";
  Outputs r;
  r.result = arsim(fmt::format("run {} --out {} --audit{}", f.string(), out.string(), set));
  if (r.result.status == 0) {
    r.requests = slurp(out / "requests.csv");
    r.workload = slurp(out / "workload.txt");
  }
  return r;
}

}  // namespace

// Without a bound greedy takes the widest path A–X–B (4 Gbit/s, 2 ms) for pairs on A and B; with
// 1.5 ms only the direct A–B (1 ms) qualifies and C, two paths from every site, gets no pair.
TEST(LatencyCli, ABoundChangesTheRoutesAndTheAuditHoldsThemToIt) {
  const Outputs unbounded = run_with("latency-free", "");
  ASSERT_EQ(unbounded.result.status, 0) << unbounded.result.output;
  EXPECT_EQ(unbounded.workload.find('@'), std::string::npos);
  EXPECT_EQ(unbounded.requests.find("route_latencies"), std::string::npos);
  EXPECT_GT(count(unbounded.requests, "D1:A-X+D1:B-X") + count(unbounded.requests, "D1:B-X+D1:A-X"),
            0u);

  const Outputs bound = run_with("latency-bound", " --set workload.max_latency=0.0015");
  ASSERT_EQ(bound.result.status, 0) << bound.result.output;
  EXPECT_NE(bound.result.output.find("audit: passed"), std::string::npos) << bound.result.output;
  EXPECT_GT(count(bound.workload, ":1@0.0015"), 0u);
  const auto paths = column(bound.requests, "paths");
  // route_latencies is the last column, empty for rejected requests (column() needs a value).
  std::vector<std::string> latencies;
  std::istringstream rows(bound.requests);
  for (std::string line; std::getline(rows, line);)
    latencies.push_back(line.substr(line.rfind(',') + 1));
  ASSERT_EQ(latencies.front(), "route_latencies");
  latencies.erase(latencies.begin());
  const auto outcome = column(bound.requests, "outcome");
  const auto pairs = column(bound.requests, "pairs");
  int routed = 0;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    EXPECT_EQ(paths[i].find('+'), std::string::npos) << "row " << i;  // one edge per route
    if (outcome[i] != "accepted" || pairs[i] == "0") continue;
    // One route per pair, each of 1 ms: "0.001" joined by ';'.
    std::string expected = "0.001";
    for (int extra = std::stoi(pairs[i]); extra > 1; --extra) expected += ";0.001";
    EXPECT_EQ(latencies[i], expected) << "row " << i;
    ++routed;
  }
  EXPECT_GT(routed, 0);
}

TEST(LatencyCli, ANegativeBoundIsRefusedBeforeTheRun) {
  const Outputs bad = run_with("latency-bad", " --set workload.max_latency=-1");
  EXPECT_EQ(bad.result.status, 2) << bad.result.output;
  EXPECT_NE(bad.result.output.find("workload.max_latency"), std::string::npos) << bad.result.output;
}
