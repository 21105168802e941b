// The auditor on the files of the hand run (record_fixture.hpp): it passes them, and catches each
// planted violation, with the file and line of the row at fault.
#include <gtest/gtest.h>

#include <fstream>

#include "sim/kinds/gangmatch/audit.hpp"
#include "sim/kinds/gangmatch/writers.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/unit/gangsim/record_fixture.hpp"

namespace arsim::kinds::gangmatch {
namespace {

using namespace testing;

const AuditContext kContext{2, 2, 1, 100, 400};

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

}  // namespace
}  // namespace arsim::kinds::gangmatch
