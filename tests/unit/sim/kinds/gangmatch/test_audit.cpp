// The auditor on the files of the hand run (record_fixture.hpp): it passes them, and catches each
// planted violation, with the file and line of the row at fault.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <tuple>

#include <fmt/format.h>

#include "sim/kinds/gangmatch/output/audit.hpp"
#include "sim/kinds/gangmatch/output/writers.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/unit/sim/kinds/gangmatch/record_fixture.hpp"

namespace arsim::kinds::gangmatch {
namespace {

using namespace testing;

const AuditContext kContext{2, 2, 1, 100, 400, {0.25, 0}};  // cycles: 4 probes, 1 s

std::vector<std::string> audit(const arsim::testing::TempDir& dir, const RunRecord& r) {
  write_run(dir.path(), r, kContext.bucket, kContext.horizon);
  return audit_run(dir.path(), kContext);
}

// True when some violation contains every one of `parts`.
bool caught(const std::vector<std::string>& v, std::initializer_list<const char*> parts) {
  for (const auto& m : v) {
    bool all = true;
    for (const char* p : parts) all = all && m.find(p) != std::string::npos;
    if (all) return true;
  }
  return false;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& m : v) out += m + "\n";
  return out;
}

TEST(GangsimAudit, TheHandRunPasses) {
  arsim::testing::TempDir dir;
  const auto v = audit(dir, small_run());
  EXPECT_TRUE(v.empty()) << joined(v);
}

TEST(GangsimAudit, AWorkstationHeldByTwoGangsAtOnceIsCaught) {
  arsim::testing::TempDir dir;
  RunRecord r = small_run();
  // A gang of job1 in cycle 1 with ws0 (a matcher's fault), and ws0 saying yes to it while it
  // runs job0 (an agent's fault).
  r.gangs.push_back({2, 1, 121, {kJob1, kWs0, kLic0}, "refused", 121.2, {{kLic0, "held"}}});
  r.jobs[1].gangs = 1;
  r.jobs[1].refusals = 1;
  r.cycles[1].gangs = 2;
  r.holds.push_back({kWs0, 2, 1, 150, 160, false});
  const auto v = audit(dir, r);
  EXPECT_TRUE(caught(v, {"holds.csv:5", "hold on ws0 [150, 160) overlaps [121.1, 221.4)"}))
      << joined(v);
  EXPECT_TRUE(caught(v, {"is in two gangs of cycle 1"})) << joined(v);
}

TEST(GangsimAudit, AYesWhileTheOwnerIsBackIsCaught) {
  arsim::testing::TempDir dir;
  RunRecord r = small_run();
  r.holds[0].resource = kWs1;  // ws1, whose owner came back at 60.5, said yes at 61.1
  r.gangs[0].refused_by[0].first = kLic0;
  const auto v = audit(dir, r);
  EXPECT_TRUE(caught(v, {"holds.csv:2", "ws1 said yes to gang 0 at 61.1 while unavailable"}))
      << joined(v);
}

TEST(GangsimAudit, AJobThatRanWithoutItsLicenseIsCaught) {
  arsim::testing::TempDir dir;
  RunRecord r = small_run();
  r.holds.pop_back();  // lic0's committed hold for gang 1
  const auto v = audit(dir, r);
  EXPECT_TRUE(caught(v, {"jobs.csv:2", "job0 ran without a committed hold on lic0"})) << joined(v);
  EXPECT_TRUE(caught(v, {"gangs.csv:3", "committed without a committed hold on lic0"}))
      << joined(v);
}

TEST(GangsimAudit, AHoldShorterThanTheRunIsCaught) {
  arsim::testing::TempDir dir;
  RunRecord r = small_run();
  r.holds[2].end = 200;  // lic0 let go at 200, job0 ran until 221.3
  const auto v = audit(dir, r);
  EXPECT_TRUE(caught(v, {"holds.csv:4", "lic0 was held [121.1, 200) but job0 ran"})) << joined(v);
}

TEST(GangsimAudit, AMemberThatDoesNotExistIsCaught) {
  arsim::testing::TempDir dir;
  RunRecord r = small_run();
  r.gangs[0].members[1] = {MemberKind::Workstation, 9};
  r.gangs[0].refused_by[0].first = {MemberKind::Workstation, 9};
  const auto v = audit(dir, r);
  EXPECT_TRUE(caught(v, {"gangs.csv:2", "workstation 'ws9'", "the run (it has 2)"})) << joined(v);
}

TEST(GangsimAudit, ARunShorterThanTheDurationAndTamperedFilesAreCaught) {
  arsim::testing::TempDir dir;
  RunRecord r = small_run();
  r.jobs[0].finish = 200;
  auto v = audit(dir, r);
  EXPECT_TRUE(caught(v, {"jobs.csv:2", "job0 ran 78.7 s, its duration is 100 s"})) << joined(v);

  write_run(dir.path(), small_run(), kContext.bucket, kContext.horizon);
  std::ofstream(dir.file("summary.csv"), std::ios::app) << "";  // untouched: passes
  EXPECT_TRUE(audit_run(dir.path(), kContext).empty());
  std::string summary = arsim::testing::slurp(dir.file("summary.csv"));
  summary.replace(summary.find("finished,all,,all,1"), 19, "finished,all,,all,2");
  std::ofstream(dir.file("summary.csv")) << summary;
  v = audit_run(dir.path(), kContext);
  EXPECT_TRUE(caught(v, {"summary.csv: finished is 2, recomputed 1"})) << joined(v);

  write_run(dir.path(), small_run(), kContext.bucket, kContext.horizon);
  std::string util = arsim::testing::slurp(dir.file("utilisation.csv"));
  util.replace(util.find(",0.5\n"), 5, ",0.4\n");
  std::ofstream(dir.file("utilisation.csv")) << util;
  v = audit_run(dir.path(), kContext);
  EXPECT_TRUE(caught(v, {"utilisation.csv:3", "unavailable '0.4', recomputed 0.5"})) << joined(v);
}

TEST(GangsimAudit, OverlappingCyclesAndAMissingFileAreCaught) {
  arsim::testing::TempDir dir;
  RunRecord r = small_run();
  r.cycles[1].start = 60.5;
  auto v = audit(dir, r);
  EXPECT_TRUE(caught(v, {"cycles.csv:3", "cycle 1 [60.5, 121] overlaps"})) << joined(v);
  std::filesystem::remove(dir.file("holds.csv"));
  v = audit_run(dir.path(), kContext);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_NE(v[0].find("holds.csv"), std::string::npos) << v[0];
}

// Field `column` (0-based) of line `line` (1-based, the header is line 1) of `file` set to `value`.
void plant(const arsim::testing::TempDir& dir, const std::string& file, int line, int column,
           const std::string& value) {
  std::istringstream in(arsim::testing::slurp(dir.file(file)));
  std::string out;
  int n = 0;
  for (std::string row; std::getline(in, row);) {
    if (++n == line) {
      std::vector<std::string> fields;
      std::istringstream cells(row);
      for (std::string f; std::getline(cells, f, ',');) fields.push_back(f);
      if (row.back() == ',') fields.push_back("");
      fields.at(column) = value;
      row.clear();
      for (std::size_t i = 0; i < fields.size(); ++i) row += (i ? "," : "") + fields[i];
    }
    out += row + "\n";
  }
  std::ofstream(dir.file(file)) << out;
}

// Every number summary.csv holds is recomputed from the other files: each one made wrong alone
// is caught, naming the metric.
TEST(GangsimAudit, EveryWrongSummaryMetricIsCaught) {
  arsim::testing::TempDir dir;
  const RunRecord r = small_run();
  const auto metrics = summary_metrics(r);
  for (std::size_t k = 0; k < metrics.size(); ++k) {
    const auto& [metric, value] = metrics[k];
    write_run(dir.path(), r, kContext.bucket, kContext.horizon);
    ASSERT_TRUE(audit_run(dir.path(), kContext).empty());
    plant(dir, "summary.csv", static_cast<int>(k) + 2, 4,
          std::isnan(value) ? "7" : fmt::format("{}", value / 2 - 1));
    const auto v = audit_run(dir.path(), kContext);
    EXPECT_TRUE(caught(v, {("summary.csv: " + metric + " is").c_str()})) << metric << joined(v);
  }
}

// Every field of utilisation.csv is recomputed: bounds, counts and shares.
TEST(GangsimAudit, EveryWrongUtilisationFieldIsCaught) {
  arsim::testing::TempDir dir;
  const RunRecord r = small_run();
  const char* columns[] = {"kind", "resources", "bucket_start", "bucket_end",
                           "held", "running",   "unavailable"};
  for (int line : {2, 4, 9}) {
    for (int column = 0; column < 7; ++column) {
      write_run(dir.path(), r, kContext.bucket, kContext.horizon);
      plant(dir, "utilisation.csv", line, column, column == 0 ? "bogus" : "0.123");
      const auto v = audit_run(dir.path(), kContext);
      const std::string where = "utilisation.csv:" + std::to_string(line);
      EXPECT_TRUE(caught(v, {where.c_str(), columns[column]}))
          << line << columns[column] << joined(v);
    }
  }
}

// The columns of jobs.csv and cycles.csv computed from others: each made wrong is caught.
TEST(GangsimAudit, WrongDerivedColumnsOfJobsAndCyclesAreCaught) {
  arsim::testing::TempDir dir;
  const RunRecord r = small_run();
  const std::tuple<const char*, int, int, const char*, const char*> cases[] = {
      {"jobs.csv", 2, 7, "5", "waiting_time '5'"},                           // wait of job0
      {"jobs.csv", 2, 5, "50", "execution_time '50'"},                       // job0 ran 100 s
      {"jobs.csv", 2, 9, "REJECTED", "final_state 'REJECTED'"},              // job0 finished
      {"jobs.csv", 3, 9, "NOT_SUBMITTED", "final_state 'NOT_SUBMITTED'"},    // job1 waits
      {"jobs.csv", 2, 8, "ws1;lic0", "allocated_resources 'ws1;lic0'"},      // job0 ran on ws0
      {"jobs.csv", 2, 11, "running", "state 'running'"},                     // job0 finished
      {"jobs.csv", 3, 11, "unsubmitted", "submitted is 2, recomputed 1"},    // job1 waits
      {"jobs.csv", 2, 12, "62", "first match, match, claim 62"},             // first_match of job0
      {"jobs.csv", 2, 13, "122", "first match, match, claim"},               // match
      {"jobs.csv", 2, 14, "121.25", "first match, match, claim"},            // claim
      {"jobs.csv", 3, 15, "ws1", "allocated_resources '': expected 'ws1'"},  // job1 waits
      {"cycles.csv", 2, 3, "2", "duration '2'"},                             // duration of cycle 0
      {"cycles.csv", 3, 2, "122", "duration '1': expected 2"},               // end of cycle 1
  };
  for (const auto& [file, line, column, value, part] : cases) {
    write_run(dir.path(), r, kContext.bucket, kContext.horizon);
    plant(dir, file, line, column, value);
    const auto v = audit_run(dir.path(), kContext);
    EXPECT_TRUE(caught(v, {part})) << file << line << part << joined(v);
  }
  // A workstation for job1, which waits, written in both columns that name it.
  write_run(dir.path(), r, kContext.bucket, kContext.horizon);
  plant(dir, "jobs.csv", 3, 15, "ws1");
  plant(dir, "jobs.csv", 3, 8, "ws1");
  EXPECT_TRUE(caught(audit_run(dir.path(), kContext), {"has not the resources"}));
  // A cycle longer than its probes cost (4 probes at 0.25 s), its duration written to match.
  write_run(dir.path(), r, kContext.bucket, kContext.horizon);
  plant(dir, "cycles.csv", 3, 2, "122");
  plant(dir, "cycles.csv", 3, 3, "2");
  const auto v = audit_run(dir.path(), kContext);
  EXPECT_TRUE(caught(v, {"cycles.csv:3", "cycle 1 lasts 2 s; 4 probes and 6 evaluations cost 1 s"}))
      << joined(v);
}

// A horizon shorter than one bucket: the writer's bucket and the auditor's agree.
TEST(GangsimAudit, AHorizonShorterThanABucketPasses) {
  arsim::testing::TempDir dir;
  const AuditContext c{2, 2, 1, 100, 1e-300, {0.25, 0}};
  write_run(dir.path(), small_run(), c.bucket, c.horizon);
  const auto v = audit_run(dir.path(), c);
  EXPECT_TRUE(v.empty()) << joined(v);
  EXPECT_EQ(bucket_count(100, 1e-300), 1);
  EXPECT_EQ(bucket_count(100, 400), 4);
  EXPECT_EQ(bucket_count(100, 400.5), 5);
}

}  // namespace
}  // namespace arsim::kinds::gangmatch
