// The auditor's check of the hosts column of jobs.csv (output/audit_hosts.hpp): on the tiny run,
// whose site A has two 2-core hosts, two jobs put on the same host's cores are caught.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixture.hpp"
#include "sim/kinds/coallocation/output/auditor.hpp"
#include "workloads/request_file.hpp"

namespace arsim::kinds::coallocation {
namespace {

using namespace fixture;

// A: hosts a1 and a2 of 2 cores; B: b1 of 4; C: c1 of 2.
audit::SiteHosts tiny_hosts() {
  return {{"A", {{"a1", 2}, {"a2", 2}}}, {"B", {{"b1", 4}}}, {"C", {{"c1", 2}}}};
}

std::vector<std::string> audit(const RunRecord& rec) {
  TempDir dir;
  write_run(dir.path(), rec, tiny_graph(), tiny_config());
  std::vector<model::Request> submitted;
  for (const auto& r : rec.requests) submitted.push_back(r.request);
  std::ofstream(dir.file("workload.txt")) << workloads::format_request_file(submitted);
  return audit_run(dir.path(), tiny_graph(),
                   AuditSetup{std::nullopt, {}, tiny_hosts(), tiny_config(), {}});
}

TEST(AuditHosts, PassesJobsOnCoresNoOtherJobHolds) {
  EXPECT_THAT(audit(tiny_run()), IsEmpty());
}

TEST(AuditHosts, CatchesTwoJobsOnTheSameCores) {
  // Requests 0 and 1 overlap on A over [1260, 1560): both on a1 is 4 cores on a 2-core host,
  // though the site's 4 cores suffice.
  RunRecord rec = tiny_run();
  rec.jobs[0].hosts = {{"a1", 2}};
  EXPECT_THAT(audit(rec), ElementsAre(HasSubstr(
                              "jobs.csv:4: cores of host 'a1' (site 'A') over capacity at t=1260: "
                              "4 > 2")));
}

TEST(AuditHosts, AJobEndingWhenTheNextStartsSharesNothing) {
  // On b1, request 0's job holds 2 cores over [1200, 1800) and request 3's 4 from 1800: a finish
  // reported a rounding error late is no overlap.
  RunRecord rec = tiny_run();
  rec.jobs[3].end = 1800 + 1e-9;
  EXPECT_THAT(audit(rec), IsEmpty());
}

TEST(AuditHosts, CatchesAHostOfAnotherSiteAndCoresThatDoNotAddUp) {
  RunRecord rec = tiny_run();
  rec.jobs[1].hosts = {{"a2", 2}};              // request 1's job on C, on a host of A
  rec.jobs[2].hosts = {{"a1", 1}};              // 1 core for a 2-core job
  rec.jobs[4].hosts = {{"b1", 2}, {"b1x", 2}};  // a host B does not have
  EXPECT_THAT(audit(rec),
              ElementsAre(HasSubstr("jobs.csv:2: job 0:0 held 1 cores on its hosts, not its 2"),
                          HasSubstr("jobs.csv:5: job 1:1 ran on 'a2', not a host of site 'C'"),
                          HasSubstr("jobs.csv:6: job 3:0 ran on 'b1x', not a host of site 'B'")));
}

TEST(AuditHosts, CatchesAMalformedHostsField) {
  RunRecord rec = tiny_run();
  rec.jobs[0].hosts = {{"a2", -1}};
  rec.jobs[2].hosts = {{"", 2}};
  const auto found = audit(rec);
  EXPECT_THAT(found, ::testing::Contains(HasSubstr("jobs.csv:2: job 0:0 hosts item ':2'")));
  EXPECT_THAT(found, ::testing::Contains(HasSubstr("job 1:0 held -1 cores on host 'a2'")));
}

}  // namespace
}  // namespace arsim::kinds::coallocation
