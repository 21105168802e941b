// grcs.csv and attempts.csv (output/competition.hpp) from the hand-built tiny run, and the
// auditor's checks of them: the correct run passes, each planted fault is caught, and a run
// written before these files existed is still audited.
#include "sim/kinds/coallocation/output/competition.hpp"

#include <filesystem>
#include <fstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixture.hpp"
#include "sim/kinds/coallocation/output/auditor.hpp"
#include "workloads/request_file.hpp"

namespace arsim::kinds::coallocation {
namespace {

using namespace fixture;

// The tiny run with u2 on a second coordinator g2, whose first plan for request 1 lost a hold to
// the other GRC, and a third coordinator g3 without users.
RunRecord two_grcs() {
  RunRecord rec = tiny_run();
  rec.coordinators = {"grc", "g2", "g3"};
  for (auto& r : rec.requests)
    if (r.request.user == "u2") r.coordinator = "g2";
  rec.requests[1].plans_tried = 2;
  rec.attempts.push_back({1, "g2", 1, AttemptPhase::Hold, {1200, 1500}, 301, 5, 2, 0});
  return rec;
}

audit::CoordinatorOfUser g2_for_u2() {
  return {{{"u2", "g2"}}, "grc"};
}

std::vector<std::string> audit_dir(const std::string& dir, const RunRecord& rec,
                                   const audit::CoordinatorOfUser& of) {
  std::vector<model::Request> submitted;
  for (const auto& r : rec.requests) submitted.push_back(r.request);
  std::ofstream(dir + "/workload.txt") << workloads::format_request_file(submitted);
  return audit_run(dir, tiny_graph(), std::nullopt, of);
}

TEST(Competition, GrcsAddUpPerCoordinator) {
  EXPECT_EQ(grcs_csv(two_grcs()),
            "coordinator,requests,accepted,success_ratio,plans_found,plans_tried,hold_refusals,"
            "frame_started,commit_failures\n"
            "grc,2,1,0.5,6,2,1,0,0\n"
            "g2,2,2,1,6,3,1,0,0\n"
            "g3,0,0,,0,0,0,0,0\n");
  EXPECT_EQ(attempts_csv(two_grcs()),
            "request_id,coordinator,attempt,phase,frame_start,frame_end,time,rms,refused,started\n"
            "2,grc,1,hold,1200,1800,721,1,1,0\n"
            "1,g2,1,hold,1200,1500,301,5,2,0\n");
}

TEST(Competition, AuditorPassesBothRuns) {
  TempDir one, two;
  write_run(one.path(), tiny_run(), tiny_graph(), tiny_config());
  EXPECT_THAT(audit_dir(one.path(), tiny_run(), {}), IsEmpty());
  write_run(two.path(), two_grcs(), tiny_graph(), tiny_config());
  EXPECT_THAT(audit_dir(two.path(), two_grcs(), g2_for_u2()), IsEmpty());
}

TEST(Competition, AuditorCatchesAnAttemptOfTheWrongCoordinator) {
  TempDir dir;
  write_run(dir.path(), two_grcs(), tiny_graph(), tiny_config());
  // Read with every user on the <grc>: request 1's attempt and grcs.csv no longer fit.
  const auto v = audit_dir(dir.path(), two_grcs(), {});
  EXPECT_THAT(v,
              ::testing::Contains(HasSubstr(
                  "attempts.csv:3: request 1 was tried by 'g2', but its user submits to 'grc'")));
  EXPECT_THAT(v, ::testing::Contains(HasSubstr("requests of 'grc' is '2', the other files say 4")));
}

TEST(Competition, AuditorCatchesAMissingAttempt) {
  RunRecord rec = two_grcs();
  rec.attempts.pop_back();  // request 1 tried 2 plans, committed the second: one must have failed
  TempDir dir;
  write_run(dir.path(), rec, tiny_graph(), tiny_config());
  EXPECT_THAT(audit_dir(dir.path(), rec, g2_for_u2()),
              ElementsAre(HasSubstr("requests.csv:3: request 1 tried 2 plan(s) and was accepted, "
                                    "but attempts.csv has 0 failed attempt(s)")));
}

TEST(Competition, AuditorCatchesAGrcsRowThatDoesNotAddUp) {
  TempDir dir;
  write_run(dir.path(), two_grcs(), tiny_graph(), tiny_config());
  std::string text = slurp(dir.file("grcs.csv"));
  text.replace(text.find("g2,2,2,1,6,3,1"), 14, "g2,2,2,1,6,3,0");
  std::ofstream(dir.file("grcs.csv")) << text;
  EXPECT_THAT(audit_dir(dir.path(), two_grcs(), g2_for_u2()),
              ElementsAre(HasSubstr("grcs.csv:3: hold_refusals of 'g2' is '0', the other files "
                                    "say 1")));
}

TEST(Competition, AuditorCatchesAttemptsThatCannotBe) {
  RunRecord rec = two_grcs();
  rec.attempts[1].frame = {1260, 1560};  // the frame request 1 committed
  rec.attempts[0].started = 1;           // "started" at 721, but the frame begins at 1200
  rec.attempts[0].frame = {1300, 1800};  // not D = 600 long
  TempDir dir;
  write_run(dir.path(), rec, tiny_graph(), tiny_config());
  EXPECT_THAT(
      audit_dir(dir.path(), rec, g2_for_u2()),
      ElementsAre(HasSubstr("attempts.csv:2: frame [1300, 1800) is not a frame of length 600"),
                  HasSubstr("attempts.csv:2: refused as started at 721, before its frame began"),
                  HasSubstr("attempts.csv:3: failed on frame [1260, 1560), the frame request 1 "
                            "committed")));
}

TEST(Competition, RunsWithoutTheFilesAreStillAudited) {
  TempDir dir;
  write_run(dir.path(), tiny_run(), tiny_graph(), tiny_config());
  std::filesystem::remove(dir.file("attempts.csv"));
  EXPECT_THAT(audit_dir(dir.path(), tiny_run(), {}),
              ElementsAre("grcs.csv is there without attempts.csv"));
  std::filesystem::remove(dir.file("grcs.csv"));
  EXPECT_THAT(audit_dir(dir.path(), tiny_run(), {}), IsEmpty());
}

}  // namespace
}  // namespace arsim::kinds::coallocation
