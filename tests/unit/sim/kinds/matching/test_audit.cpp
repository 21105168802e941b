// The auditor of matching runs (sim/kinds/matching/output/audit.hpp) on the files of the hand-made
// run: it passes them, and catches every planted fault: an over-committed resource, a resource
// outside the job's candidate set, a started job that never finished, a job rejected though it
// fits, counts that disagree, a missing file, and every derived number written wrong
// (test_audit_derived.cpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <tuple>

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

std::vector<std::string> audit(const RunRecord& r, const arsim::testing::TempDir& dir,
                               const AuditContext& context = hand_context()) {
  const auto w = tiny_workload();
  write_run(dir.path(), w, r, {context.bucket, context.deadline.set()});
  return audit_run(dir.path(), w, context);
}

bool mentions(const std::vector<std::string>& violations, const std::string& text) {
  for (const auto& v : violations)
    if (v.find(text) != std::string::npos) return true;
  return false;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += s + "\n";
  return out;
}

// Rewrites one cell of a written CSV file.
void set_cell(const std::string& path, std::size_t row, const std::string& column,
              const std::string& value) {
  auto t = metrics::read_csv(path);
  t.rows.at(row)[t.column(column)] = value;
  metrics::CsvWriter w(t.header);
  for (const auto& r : t.rows) {
    for (const auto& f : r) w.field(f);
    w.end_row();
  }
  metrics::write_atomically(path, w.str());
}

TEST(MatchingAudit, TheHandRunPasses) {
  arsim::testing::TempDir dir;
  const auto v = audit(hand_run(), dir);
  EXPECT_TRUE(v.empty()) << joined(v);
}

TEST(MatchingAudit, JobsThatOnlyTouchAtAnInstantDoNotOverlap) {
  arsim::testing::TempDir dir;
  auto r = hand_run();
  r.jobs[1].match = r.jobs[1].start = 102;  // j1 (5) starts as j0 (8) ends, on r0 (10)
  r.jobs[1].finish = 152;
  r.batches[1].start = 102;  // a batch of no matcher time (measured: the counts do not say)
  r.batches[1].end = 102;
  r.batches[1].matcher_time = 0;
  r.jobs[4].batch = 1;
  auto context = hand_context();
  context.cost.measured = true;
  const auto v = audit(r, dir, context);
  EXPECT_TRUE(v.empty()) << joined(v);
}

TEST(MatchingAudit, APlantedOverCommitmentIsCaught) {
  arsim::testing::TempDir dir;
  auto r = hand_run();
  r.jobs[1].match = r.jobs[1].start = 50;  // j1 (5) now runs beside j0 (8) on r0 (10)
  r.jobs[1].finish = 100;
  r.batches[1].start = 49;
  r.batches[1].end = 50;
  const auto v = audit(r, dir);
  EXPECT_TRUE(mentions(v, "resource r0 attribute mem holds 13 > capacity 10 at 50 (job j1 starts)"))
      << joined(v);
  EXPECT_TRUE(mentions(v, "r0 mem peaks at 1.3")) << joined(v);  // resources.csv agrees
  // batch 1 admitted j1 beside j0 above the offer of 5 it saw, before that report was measured
  EXPECT_TRUE(mentions(v, "batches.csv:3: admits 5 of r0 mem beside 8 held, above the offer 5"))
      << joined(v);
  EXPECT_TRUE(mentions(v,
                       "offers.csv:5: the report measured at 60 is seen by batch 1, which "
                       "began before it"))
      << joined(v);
  EXPECT_EQ(v.size(), 4u) << joined(v);
}

TEST(MatchingAudit, AResourceOutsideTheCandidateSetIsCaught) {
  arsim::testing::TempDir dir;
  auto r = hand_run();
  r.jobs[1].resources = {2};  // r2 runs bsd; j1 asks for linux
  const auto v = audit(r, dir);
  EXPECT_TRUE(mentions(v, "job j1: resource r2 is not in E(j,t) of dependency 0")) << joined(v);
  EXPECT_EQ(v.size(), 1u) << joined(v);
}

TEST(MatchingAudit, AStartedJobThatNeverFinishedIsCaught) {
  arsim::testing::TempDir dir;
  EXPECT_TRUE(audit(hand_run(), dir).empty());
  set_cell(dir.file("jobs.csv"), 0, "finish_time", "");
  auto v = audit_run(dir.path(), tiny_workload(), hand_context());
  EXPECT_TRUE(mentions(v, "jobs.csv:2: completed job j0 lacks")) << joined(v);
  set_cell(dir.file("jobs.csv"), 0, "finish_time", "103");
  v = audit_run(dir.path(), tiny_workload(), hand_context());
  EXPECT_TRUE(mentions(v, "job j0 ran 101 s, not its duration 100 s")) << joined(v);
}

// Batsim's columns the writer derives: each made wrong alone is caught.
TEST(MatchingAudit, WrongBatsimColumnsAreCaught) {
  arsim::testing::TempDir dir;
  const std::tuple<int, const char*, const char*, const char*> cases[] = {
      {0, "execution_time", "99", "job j0 execution_time 99 is not finish - start"},
      {0, "final_state", "REJECTED", "final_state 'REJECTED' of a completed job"},
      {2, "final_state", "COMPLETED_SUCCESSFULLY", "final_state 'COMPLETED_SUCCESSFULLY' of a"},
      {0, "requested_number_of_resources", "2", "requested_number_of_resources '2', the job has 1"},
      {2, "waiting_time", "3", "rejected job j2 has a match, start, finish"},
  };
  for (const auto& [row, column, value, message] : cases) {
    EXPECT_TRUE(audit(hand_run(), dir).empty());
    set_cell(dir.file("jobs.csv"), row, column, value);
    const auto v = audit_run(dir.path(), tiny_workload(), hand_context());
    EXPECT_TRUE(mentions(v, message)) << column << joined(v);
  }
}

TEST(MatchingAudit, ARejectionOfAJobThatFitsIsCaught) {
  arsim::testing::TempDir dir;
  auto r = hand_run();
  r.jobs[4].status = JobStatus::Rejected;
  r.jobs[4].batch = -1;
  r.jobs[4].attempts = 0;
  const auto v = audit(r, dir);
  EXPECT_TRUE(mentions(v, "job j4 rejected though some candidate")) << joined(v);
  EXPECT_TRUE(mentions(v, "dropped 1 but jobs.csv names it for 0 dropped jobs")) << joined(v);
}

TEST(MatchingAudit, CountsThatDisagreeAndMissingFilesAreCaught) {
  arsim::testing::TempDir dir;
  EXPECT_TRUE(audit(hand_run(), dir).empty());
  set_cell(dir.file("summary.csv"), 1, "value", "3");  // completed
  auto v = audit_run(dir.path(), tiny_workload(), hand_context());
  EXPECT_TRUE(mentions(v, "summary.csv:3: completed is 3, recomputed 2")) << joined(v);
  set_cell(dir.file("batches.csv"), 0, "matched", "0");
  v = audit_run(dir.path(), tiny_workload(), hand_context());
  EXPECT_TRUE(mentions(v, "matched 0 but jobs.csv names it for 1 completed jobs")) << joined(v);
  std::filesystem::remove(dir.file("batches.csv"));
  v = audit_run(dir.path(), tiny_workload(), hand_context());
  ASSERT_FALSE(v.empty());
  EXPECT_TRUE(mentions(v, "batches.csv")) << joined(v);
}

}  // namespace
}  // namespace arsim::kinds::matching
