// The auditor recomputes every number the writers derive
// (sim/kinds/matching/output/audit_derived.hpp): on the files of the hand-made run (hand_run.hpp),
// each derived number written wrong is caught, and so are a job started after its batch, a batch
// admitting more than the offer it saw, a matcher time its counts do not cost, and a deadline
// status its counts contradict.
#include <gtest/gtest.h>

#include "sim/kinds/matching/output/audit.hpp"
#include "sim/kinds/matching/output/writers.hpp"
#include "sim/metrics/csv.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/tiny_matching_workload.hpp"
#include "tests/unit/sim/kinds/matching/hand_run.hpp"

namespace arsim::kinds::matching {
namespace {

using arsim::testing::hand_context;
using arsim::testing::hand_run;
using arsim::testing::tiny_workload;

struct Files {
  explicit Files(const RunRecord& r, const AuditContext& c = hand_context()) : ctx(c) {
    write_run(dir.path(), tiny_workload(), r, {c.bucket, c.deadline.set()});
  }
  // Rewrites the cell of `column` in the first row of `file` whose `key_column` is `key` (or row
  // `key` when key_column is empty), then audits.
  std::string plant(const std::string& file, const std::string& key_column, const std::string& key,
                    const std::string& column, const std::string& value) {
    const std::string path = dir.file(file);
    auto t = metrics::read_csv(path);
    bool done = false;
    for (std::size_t i = 0; i < t.rows.size() && !done; ++i)
      if (key_column.empty() ? std::to_string(i) == key : t.rows[i][t.column(key_column)] == key) {
        t.rows[i][t.column(column)] = value;
        done = true;
      }
    EXPECT_TRUE(done) << file << " " << key;
    metrics::CsvWriter w(t.header);
    for (const auto& r : t.rows) {
      for (const auto& f : r) w.field(f);
      w.end_row();
    }
    metrics::write_atomically(path, w.str());
    return audited();
  }
  std::string audited() const {
    std::string out;
    for (const auto& v : audit_run(dir.path(), tiny_workload(), ctx)) out += v + "\n";
    return out;
  }
  arsim::testing::TempDir dir;
  AuditContext ctx;
};

TEST(MatchingAuditDerived, EverySummaryMetricIsRecomputed) {
  for (const char* metric : {"utilisation", "offered_share", "mean_wait", "max_wait",
                             "mean_attempts", "match_ratio", "matcher_busy", "mean_batch_size",
                             "mean_matcher_time", "max_matcher_time", "arrival_period"}) {
    Files f(hand_run());
    ASSERT_EQ(f.audited(), "");
    const std::string v = f.plant("summary.csv", "metric", metric, "value", "0.123");
    EXPECT_NE(v.find(std::string(metric) + " is 0.123, recomputed"), std::string::npos)
        << metric << ": " << v;
  }
  Files f(hand_run());
  const std::string v =
      f.plant("summary.csv", "resource", "server.mem", "value", "0.5");  // attribute_utilisation
  EXPECT_NE(v.find("attribute_utilisation of server.mem is 0.5, recomputed"), std::string::npos)
      << v;
}

TEST(MatchingAuditDerived, EveryBucketNumberOfResourcesCsvIsRecomputed) {
  for (const char* column : {"used", "peak", "offered", "over_offer", "bucket_end"}) {
    Files f(hand_run());
    const std::string v = f.plant("resources.csv", "", "0", column, "0.25");
    EXPECT_NE(v.find("resources.csv:2: " + std::string(column) + " is 0.25, recomputed"),
              std::string::npos)
        << column << ": " << v;
  }
}

TEST(MatchingAuditDerived, AJobStartingAfterItsBatchIsCaught) {
  auto r = hand_run();
  r.jobs[1].start += 30;  // j1 matched at 103 starts at 133, and still runs its 50 s
  r.jobs[1].finish += 30;
  Files f(r);
  EXPECT_NE(f.audited().find("job j1 starts at 133, not at its match 103"), std::string::npos)
      << f.audited();
}

TEST(MatchingAuditDerived, AnAdmissionAboveTheOfferTheMatcherSawIsCaught) {
  auto r = hand_run();
  r.offers[0].offered[0][0] = 7;  // batch 0 saw r0 offer 7, and admitted j0's 8
  Files f(r);
  EXPECT_NE(f.audited().find("batches.csv:2: admits 8 of r0 mem beside 0 held, above the offer 7 "
                             "it saw"),
            std::string::npos)
      << f.audited();
}

TEST(MatchingAuditDerived, AnObjectiveOrMatcherTimeTheBatchDoesNotHaveIsCaught) {
  Files f(hand_run());
  EXPECT_NE(f.plant("batches.csv", "batch", "0", "objective", "2")
                .find("batches.csv:2: objective 2 does not score the 1 jobs it matched"),
            std::string::npos);
  Files g(hand_run());
  g.plant("batches.csv", "batch", "1", "end", "104");  // lasts 2 s where its counts cost 1
  EXPECT_NE(g.plant("batches.csv", "batch", "1", "matcher_time", "2")
                .find("batches.csv:3: matcher time 2 s, but its counts cost 1 s"),
            std::string::npos)
      << g.audited();
  auto prioritized = hand_context();
  prioritized.policy.objective = model::matching::Objective::Prioritized;
  auto r = hand_run();
  r.batches[0].objective = 3;  // j0's priority is 1
  EXPECT_NE(Files(r, prioritized).audited().find("objective 3 does not score"), std::string::npos);
}

// With a deadline of 0.5 s, every batch of the hand run (1 s) misses it: charged 0.5 s, status
// missed_deadline, and summary.csv counts 2.
TEST(MatchingAuditDerived, TheDeadlineStatusAndItsCountAreRecomputed) {
  auto c = hand_context();
  c.deadline.seconds = 0.5;
  auto r = hand_run();
  for (auto& b : r.batches) {
    b.status = kMissedStatus;
    b.matcher_time = 0.5;
    b.end = b.start + 0.5;
  }
  r.jobs[0].match = r.jobs[0].start = 1.5;
  r.jobs[0].finish = 101.5;
  r.jobs[1].match = r.jobs[1].start = r.jobs[4].match = 102.5;
  r.jobs[1].finish = 152.5;
  r.jobs[4].match = -1;
  r.end_time = 152.5;
  Files f(r, c);
  ASSERT_EQ(f.audited(), "");
  EXPECT_NE(f.plant("summary.csv", "metric", "missed_deadline", "value", "1")
                .find("missed_deadline is 1, recomputed 2"),
            std::string::npos);
  Files g(r, c);
  EXPECT_NE(g.plant("batches.csv", "batch", "0", "status", "optimal")
                .find("batches.csv:2: status 'optimal' though its counts cost 1 s against the "
                      "deadline 0.5 s"),
            std::string::npos);
  auto none = hand_context();  // the same files without a deadline
  EXPECT_NE(Files(r, none).audited().find("missed a deadline the run does not have"),
            std::string::npos);
}

}  // namespace
}  // namespace arsim::kinds::matching
