// The pure parts of transfers over reserved paths (sim/kinds/coallocation/transfers/): units,
// volumes, the Poisson count of background flows, the measured use of paths, the reserved
// schedule background traffic leaves free, transfers.csv and its audit with planted violations.
// Every expected number is computed by hand in the comments.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "model/random.hpp"
#include "sim/kinds/coallocation/output/writers.hpp"
#include "sim/kinds/coallocation/transfers/model.hpp"
#include "sim/kinds/coallocation/transfers/output.hpp"
#include "sim/metrics/csv.hpp"
#include "tests/unit/sim/kinds/coallocation/fixture.hpp"

using namespace arsim;
using namespace arsim::kinds::coallocation;
using namespace arsim::kinds::coallocation::transfers;

TEST(TransferUnits, GbitPerSecondIsAnEighthOfAGigabytePerSecond) {
  // SimGrid's "5Gbps" is 625e6 bytes/s; platform_view.cpp turns it into 5 Gbit/s.
  EXPECT_DOUBLE_EQ(gbps_to_bytes_per_second(5), 625e6);
  EXPECT_DOUBLE_EQ(gbps_to_bytes_per_second(1), 1.25e8);
  EXPECT_DOUBLE_EQ(bytes_to_gbit(1e9), 8);
  // 1 GB in 8 s is 1 Gbit/s.
  EXPECT_DOUBLE_EQ(throughput_gbps(1e9, 100, 108), 1);
  EXPECT_EQ(throughput_gbps(1e9, 5, 5), 0);
}

TEST(TransferVolume, FractionOfDurationTimesBandwidth) {
  // 0.08 × 100 s × 1 Gbit/s = 8 Gbit = 1e9 bytes.
  EXPECT_EQ(pair_volume_bytes(0.08, 100, 1), 1'000'000'000u);
  // 0.5 × 3600 s × 1 Gbit/s = 1800 Gbit = 225e9 bytes.
  EXPECT_EQ(pair_volume_bytes(0.5, 3600, 1), 225'000'000'000u);
  // 0.9 × 1800 s × 2.5 Gbit/s = 4050 Gbit = 506.25e9 bytes.
  EXPECT_EQ(pair_volume_bytes(0.9, 1800, 2.5), 506'250'000'000u);
  EXPECT_THROW(pair_volume_bytes(-0.1, 10, 1), std::invalid_argument);
  EXPECT_THROW(pair_volume_bytes(0.5, 10, std::nan("")), std::invalid_argument);
}

TEST(BackgroundDraw, PoissonCountsAreSeededAndHaveTheirMean) {
  auto a = model::make_stream(1, 0, "background:P:A-B");
  auto b = model::make_stream(1, 0, "background:P:A-B");
  auto c = model::make_stream(1, 0, "background:P:A-X");
  int same = 0, differ = 0;
  double sum = 0;
  const int n = 20000;
  for (int i = 0; i < n; ++i) {
    const int x = poisson(a, 16);
    same += x == poisson(b, 16);
    differ += x != poisson(c, 16);
    sum += x;
  }
  EXPECT_EQ(same, n);    // same seed, same stream: the same counts
  EXPECT_GT(differ, 0);  // another path's stream: other counts
  // Mean 16, standard deviation 4: the mean of 20,000 draws is within 0.2 of 16 (7 sigma).
  EXPECT_NEAR(sum / n, 16, 0.2);
  EXPECT_EQ(poisson(a, 0), 0);
  EXPECT_THROW(poisson(a, -1), std::invalid_argument);
}

TEST(PathUse, FlowsSpreadOverTheirTimeOnEveryEdgeTheyCrossed) {
  const Buckets b{600, 2400};
  std::vector<FlowRecord> flows = {
      {{0}, 0, 1200, 150e9},     // 1200 Gbit over 1200 s: 600 Gbit in buckets 0 and 1
      {{0, 2}, 300, 900, 75e9},  // 600 Gbit over 600 s: 300 in bucket 0, 300 in bucket 1
      {{1}, 2000, 2000, 1e9},    // empty interval: not counted
      {{7}, 0, 600, 1e9},        // an edge id the graph does not have: not counted
  };
  const auto used = edge_usage_gbit(flows, 3, b);
  ASSERT_EQ(used.size(), 3u);
  EXPECT_DOUBLE_EQ(used[0][0], 900);
  EXPECT_DOUBLE_EQ(used[0][1], 900);
  EXPECT_DOUBLE_EQ(used[0][2], 0);
  EXPECT_DOUBLE_EQ(used[2][0], 300);
  EXPECT_DOUBLE_EQ(used[2][1], 300);
  EXPECT_DOUBLE_EQ(used[1][3], 0);
}

TEST(PathUse, ResourcesCsvMeasuresPathsOnlyWithTransfers) {
  const auto g = fixture::tiny_graph();
  RunRecord rec;
  rec.reservations.push_back(fixture::bandwidth(0, 0, 1200, 1800, 2));  // P:A-B, 2 of 10 Gbit/s
  // 5 Gbit/s over [1200, 1500): 1500 Gbit = 187.5e9 bytes; in bucket [1200, 1800) of a 10 Gbit/s
  // path: 1500 / (10 × 600) = 0.25.
  rec.flows.push_back({{0}, 1200, 1500, 187.5e9});
  const MetricsConfig cfg{600, 2400, 1800, 1200, 2400};
  const std::string row_off = "P:A-B,bandwidth,P,10,1200,1800,0.2,0.2";
  const std::string row_on = "P:A-B,bandwidth,P,10,1200,1800,0.2,0.25";
  EXPECT_NE(resources_csv(rec, g, cfg).find(row_off), std::string::npos);
  rec.transfers = true;
  EXPECT_NE(resources_csv(rec, g, cfg).find(row_on), std::string::npos);
}

TEST(ReservedSchedule, PeakOverAnInterval) {
  ReservedSchedule s;
  s.add(0, {0, 100}, 1);
  s.add(0, {50, 150}, 2);
  s.add(0, {150, 160}, 4);
  EXPECT_DOUBLE_EQ(s.peak(0, 0, 50), 1);  // the second starts at 50: half-open
  EXPECT_DOUBLE_EQ(s.peak(0, 0, 200), 4);
  EXPECT_DOUBLE_EQ(s.peak(0, 60, 150), 3);
  EXPECT_DOUBLE_EQ(s.peak(0, 100, 150), 2);
  EXPECT_DOUBLE_EQ(s.peak(0, 160, 300), 0);
  EXPECT_DOUBLE_EQ(s.peak(1, 0, 300), 0);
}

namespace {

const std::string kHeader =
    "request_id,pair,volume_bytes,reserved_gbps,reserved_start,reserved_end,transfer_start,"
    "transfer_end,throughput_gbps,on_time,mode,exact,links\n";

audit::RequestRow accepted(int id, std::vector<double> pair_gbps) {
  audit::RequestRow r;
  r.where = "requests.csv:" + std::to_string(id + 2);
  r.id = id;
  r.accepted = true;
  for (double bw : pair_gbps) r.pairs.push_back({0, 1, bw});
  return r;
}

std::vector<std::string> audit_text(const std::vector<audit::RequestRow>& requests,
                                    const std::string& rows) {
  std::vector<std::string> out;
  audit_transfers(requests, metrics::parse_csv(kHeader + rows, "transfers.csv"),
                  fixture::tiny_graph(), out);
  return out;
}

bool mentions(const std::vector<std::string>& v, const std::string& what) {
  for (const auto& s : v)
    if (s.find(what) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(TransferAudit, WrittenRowsPass) {
  RunRecord rec;
  TransferRecord t;
  t.request_id = 0;
  t.pair = 0;
  t.bytes = 1e9;
  t.reserved_gbps = 1;
  t.reserved = {100, 200};
  t.start = 100;
  t.end = 108.01301;
  t.links = {"P:A-B"};
  rec.transfers_done.push_back(t);
  const std::string text = transfers_csv(rec);
  EXPECT_NE(text.find("0,0,1000000000,1,100,200,100,108.01301,"), std::string::npos);
  std::vector<std::string> out;
  audit_transfers({accepted(0, {1})}, metrics::parse_csv(text, "transfers.csv"),
                  fixture::tiny_graph(), out);
  EXPECT_TRUE(out.empty()) << out.front();
}

TEST(TransferAudit, SlowReservedTransferOnAWideEnoughPathIsFlagged) {
  // 1e9 bytes at 1 Gbit/s need 8 s; 10 s is 2 s over, beyond the 0.5 s latency allowance.
  const auto out =
      audit_text({accepted(0, {1})}, "0,0,1000000000,1,100,200,100,110,0.8,1,reserved,1,P:A-B\n");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(mentions(out, "below its reserved 1 Gbit/s"));
  // The same time within the allowance passes: 8.4 s.
  EXPECT_TRUE(
      audit_text({accepted(0, {1})},
                 "0,0,1000000000,1,100,200,100,108.4,0.9523809523809523,1,reserved,1,P:A-B\n")
          .empty());
}

TEST(TransferAudit, NoRateClaimWhereReservationsExceedTheLinkOrForBestEffort) {
  // Q:C-X has 5 Gbit/s; two reserved transfers of 3 Gbit/s overlap on it: 6 > 5, so neither is
  // owed its rate. 3e9 bytes at 3 Gbit/s would take 8 s; both took 10 s.
  const std::string over =
      "0,0,3000000000,3,100,200,100,110,2.4,1,reserved,1,Q:C-X\n"
      "1,0,3000000000,3,105,205,105,115,2.4,1,reserved,1,Q:C-X\n";
  EXPECT_TRUE(audit_text({accepted(0, {3}), accepted(1, {3})}, over).empty());
  // Best effort is owed nothing; a link that is not a path edge has no known capacity.
  EXPECT_TRUE(audit_text({accepted(0, {1})},
                         "0,0,1000000000,1,100,200,100,130,0.26666666666666666,1,unreserved,1,"
                         "P:A-B\n")
                  .empty());
  EXPECT_TRUE(audit_text({accepted(0, {1})},
                         "0,0,1000000000,1,100,200,100,130,0.26666666666666666,1,reserved,0,"
                         "ctl_A+P:A-B\n")
                  .empty());
}

TEST(TransferAudit, PlantedInconsistenciesAreFlagged) {
  // on_time says 1 but the transfer ended after the reserved end.
  EXPECT_TRUE(mentions(
      audit_text({accepted(0, {1})}, "0,0,1000000000,1,100,105,100,108,1,1,reserved,1,P:A-B\n"),
      "on_time 1 disagrees"));
  // Throughput is not volume over time (1e9 bytes in 8 s is 1 Gbit/s, not 2).
  EXPECT_TRUE(mentions(
      audit_text({accepted(0, {1})}, "0,0,1000000000,1,100,200,100,108,2,1,reserved,1,P:A-B\n"),
      "is not volume / time"));
  // Started before the reserved start.
  EXPECT_TRUE(mentions(
      audit_text({accepted(0, {1})}, "0,0,1000000000,1,100,200,90,98,1,1,reserved,1,P:A-B\n"),
      "starts before the reserved start"));
  // A pair of an accepted request without a row; a row of a pair that reserved nothing.
  EXPECT_TRUE(mentions(
      audit_text({accepted(0, {1, 1})}, "0,0,1000000000,1,100,200,100,108,1,1,reserved,1,P:A-B\n"),
      "no transfer of request 0 pair 1"));
  EXPECT_TRUE(mentions(audit_text({accepted(0, {1, 0})},
                                  "0,0,1000000000,1,100,200,100,108,1,1,reserved,1,P:A-B\n"
                                  "0,1,1000000000,1,100,200,100,108,1,1,reserved,1,P:A-B\n"),
                       "not a reserved pair"));
  // A row listed twice.
  EXPECT_TRUE(mentions(audit_text({accepted(0, {1})},
                                  "0,0,1000000000,1,100,200,100,108,1,1,reserved,1,P:A-B\n"
                                  "0,0,1000000000,1,100,200,100,108,1,1,reserved,1,P:A-B\n"),
                       "listed twice"));
}

TEST(TransferVolume, FractionsAreDrawnPerPairFromTheirOwnStream) {
  EXPECT_EQ(volume_fraction({0.7}, 1, 0, 5, 2), 0.7);  // one choice: no draw
  EXPECT_THROW(volume_fraction({}, 1, 0, 5, 2), std::invalid_argument);
  const std::vector<double> choices{0.25, 0.5, 1};
  std::map<double, int> seen;
  for (int request = 0; request < 300; ++request)
    for (int pair = 0; pair < 4; ++pair) {
      const double f = volume_fraction(choices, 1, 0, request, pair);
      EXPECT_EQ(f, volume_fraction(choices, 1, 0, request, pair));  // the same pair, the same draw
      ++seen[f];
    }
  ASSERT_EQ(seen.size(), 3u);  // only the choices, each drawn: 1200 draws, 400 expected each
  for (const auto& [f, n] : seen) EXPECT_GT(n, 300) << f;
  // Another run index gives other draws for some pairs.
  int differ = 0;
  for (int request = 0; request < 100; ++request)
    differ +=
        volume_fraction(choices, 1, 0, request, 0) != volume_fraction(choices, 1, 1, request, 0);
  EXPECT_GT(differ, 0);
}
