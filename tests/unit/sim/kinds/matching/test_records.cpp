// Events, the Recorder, the step functions and the writers of matching runs, on a hand-made run of
// the tiny workload whose every figure is computed by hand below.
#include <gtest/gtest.h>

#include <cmath>

#include "base/numbers.hpp"
#include "sim/kinds/matching/output/events.hpp"
#include "sim/kinds/matching/output/usage.hpp"
#include "sim/kinds/matching/output/writers.hpp"
#include "sim/metrics/csv.hpp"
#include "tests/support/tiny_matching_workload.hpp"
#include "tests/unit/sim/kinds/matching/hand_run.hpp"

namespace arsim::kinds::matching {
namespace {

using arsim::testing::hand_run;

double num(const metrics::CsvTable& t, std::size_t row, const char* column) {
  return base::parse_double(t.rows.at(row)[t.column(column)]).value();
}

TEST(MatchingRecorder, ContradictionsAndUnfinishedJobsAreBugs) {
  Recorder a(2);
  EXPECT_THROW(a.on(JobStarted{0, 1}), std::logic_error);  // never matched
  a.on(JobMatched{0, 0, 1, 1, {0}});
  EXPECT_THROW(a.on(JobDropped{0, 0, 1, 1}), std::logic_error);  // decided twice
  EXPECT_THROW(a.on(JobFinished{0, 2}), std::logic_error);       // never started
  EXPECT_THROW(a.on(JobSubmitted{5, 0, 1}), std::logic_error);   // unknown job
  a.on(JobStarted{0, 1});
  a.on(JobRejected{1, 1});
  EXPECT_THROW(a.finish(3), std::logic_error);  // job 0 started, never finished
  Recorder b(1);
  EXPECT_THROW(b.finish(0), std::logic_error);  // job 0 undecided
  EXPECT_EQ(hand_run().jobs[4].status, JobStatus::Dropped);
}

TEST(MatchingSteps, IntegralMaxAndTimeAboveByHand) {
  const Steps f{{2, 102, 103, 153}, {8, 0, 5, 0}, 0};
  const Steps g{{0, 60, 120}, {10, 5, 10}, 0};
  EXPECT_DOUBLE_EQ(f.integral(0, 100), 784);
  EXPECT_DOUBLE_EQ(f.integral(100, 153), 16 + 250);
  EXPECT_DOUBLE_EQ(f.integral(0, 1), 0);
  EXPECT_DOUBLE_EQ(f.max(100, 153), 8);
  EXPECT_DOUBLE_EQ(f.max(103, 153), 5);
  EXPECT_DOUBLE_EQ(f.at(102), 0);  // half-open: j0 is gone at 102
  EXPECT_DOUBLE_EQ(measure_above(f, g, 0, 100), 40);
  EXPECT_DOUBLE_EQ(measure_above(f, g, 100, 153), 2);
  EXPECT_DOUBLE_EQ(measure_above(g, f, 0, 2), 2);
}

TEST(MatchingWriters, JobsAndBatchesAsRecorded) {
  const auto w = arsim::testing::tiny_workload();
  const auto r = hand_run();
  const auto jobs = metrics::parse_csv(jobs_csv(w, r), "jobs.csv");
  ASSERT_EQ(jobs.header, jobs_header());
  ASSERT_EQ(jobs.rows.size(), 5u);
  EXPECT_EQ(jobs.rows[1], (std::vector<std::string>{"j1", "5", "1", "50", "103", "50", "153", "98",
                                                    "r0", "COMPLETED_SUCCESSFULLY", "0", "1",
                                                    "server", "1", "103", "1", "completed"}));
  EXPECT_EQ(jobs.rows[2],
            (std::vector<std::string>{"j2", "6", "1", "10", "", "", "", "", "", "REJECTED", "0",
                                      "1", "server", "", "", "0", "rejected"}));
  EXPECT_EQ(jobs.rows[4][jobs.column("final_state")], "REJECTED");
  EXPECT_EQ(jobs.rows[4][jobs.column("status")], "dropped");
  EXPECT_EQ(jobs.rows[4][jobs.column("batch")], "1");
  EXPECT_EQ(jobs.rows[4][jobs.column("attempts")], "2");
  const auto batches = metrics::parse_csv(batches_csv(r), "batches.csv");
  ASSERT_EQ(batches.rows.size(), 2u);
  EXPECT_EQ(num(batches, 1, "size"), 2);
  EXPECT_EQ(num(batches, 1, "dropped"), 1);
  EXPECT_EQ(num(batches, 1, "work"), 12);
  const auto timings = metrics::parse_csv(timings_csv(r), "timings.csv");
  EXPECT_EQ(num(timings, 1, "wall_seconds"), 0.005);
}

TEST(MatchingWriters, ResourcesPerBucketByHand) {
  const auto w = arsim::testing::tiny_workload();
  const auto t = metrics::parse_csv(resources_csv(w, hand_run(), 100), "resources.csv");
  ASSERT_EQ(t.rows.size(), 3u * 2u);  // three servers, one attribute, two buckets
  EXPECT_EQ(t.rows[0][t.column("resource")], "r0");
  EXPECT_EQ(num(t, 1, "bucket_end"), 153);
  EXPECT_DOUBLE_EQ(num(t, 0, "used"), 784.0 / 1000);
  EXPECT_DOUBLE_EQ(num(t, 0, "peak"), 0.8);
  EXPECT_DOUBLE_EQ(num(t, 0, "offered"), 0.8);  // 10 for 60 s, 5 for 40 s
  EXPECT_DOUBLE_EQ(num(t, 0, "over_offer"), 0.4);
  EXPECT_DOUBLE_EQ(num(t, 1, "used"), 266.0 / 530);
  EXPECT_DOUBLE_EQ(num(t, 1, "offered"), 430.0 / 530);
  EXPECT_DOUBLE_EQ(num(t, 1, "over_offer"), 2.0 / 53);
  EXPECT_DOUBLE_EQ(num(t, 2, "used"), 0);  // r1 never used
  EXPECT_DOUBLE_EQ(num(t, 2, "offered"), 1);
}

TEST(MatchingWriters, SummaryByHand) {
  const auto w = arsim::testing::tiny_workload();
  const auto metrics = summary_metrics(w, hand_run());
  auto get = [&](const std::string& name, const std::string& resource = "") {
    for (const auto& m : metrics)
      if (m.name == name && m.resource == resource) return m.value;
    ADD_FAILURE() << "no metric " << name;
    return std::nan("");
  };
  EXPECT_EQ(get("submitted"), 5);
  EXPECT_EQ(get("completed"), 2);
  EXPECT_EQ(get("dropped"), 1);
  EXPECT_EQ(get("expired"), 0);
  EXPECT_EQ(get("rejected"), 2);
  EXPECT_DOUBLE_EQ(get("match_ratio"), 0.4);
  EXPECT_DOUBLE_EQ(get("mean_wait"), (1 + 98) / 2.0);
  EXPECT_DOUBLE_EQ(get("max_wait"), 98);
  EXPECT_DOUBLE_EQ(get("batches"), 2);
  EXPECT_DOUBLE_EQ(get("mean_batch_size"), 1.5);
  EXPECT_DOUBLE_EQ(get("matcher_busy"), 2.0 / 153);
  EXPECT_DOUBLE_EQ(get("arrival_period"), 8);
  // Over [0, 8): r0 holds 8 from 2 on, of 10 + 4 + 6 capacity: 48 / 160.
  EXPECT_DOUBLE_EQ(get("attribute_utilisation", "server.mem"), 0.3);
  EXPECT_DOUBLE_EQ(get("utilisation"), 0.3);
  EXPECT_DOUBLE_EQ(get("offered_share"), 1);
  const auto csv = metrics::parse_csv(summary_csv(metrics), "summary.csv");
  EXPECT_EQ(csv.header,
            (std::vector<std::string>{"metric", "user", "resource", "bucket_end", "value"}));
  EXPECT_EQ(csv.rows.size(), metrics.size());
}

}  // namespace
}  // namespace arsim::kinds::matching
