// The auditor (sim/kinds/coallocation/output/auditor.hpp) passes the correct tiny run and catches
// each planted fault. Faults are planted in the record before writing, or in the CSV text after.
#include "sim/kinds/coallocation/output/auditor.hpp"

#include <fstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixture.hpp"
#include "sim/kinds/coallocation/output/audit_rows.hpp"
#include "workloads/request_file.hpp"

namespace arsim::kinds::coallocation {
namespace {

using namespace fixture;
using ::testing::AllOf;
using ::testing::Not;

// workload.txt as the run writes it: the requests as submitted.
void write_workload(const std::string& dir, const RunRecord& rec) {
  std::vector<model::Request> submitted;
  for (const auto& r : rec.requests) submitted.push_back(r.request);
  std::ofstream(dir + "/workload.txt") << workloads::format_request_file(submitted);
}

std::vector<std::string> audit(const RunRecord& rec,
                               std::optional<model::TimeFrame> window = std::nullopt) {
  TempDir dir;
  write_run(dir.path(), rec, tiny_graph(), tiny_config());
  write_workload(dir.path(), rec);
  return audit_run(dir.path(), tiny_graph(), window);
}

TEST(Auditor, PassesTheCorrectRun) {
  // On B, request 0 holds 2 cores over [1200, 1800) and request 3 holds 4 over [1800, 2400): they
  // touch at 1800 and must not count as 6 cores at once.
  EXPECT_THAT(audit(tiny_run()), IsEmpty());
  EXPECT_THAT(audit(tiny_run(), model::TimeFrame{1200, 2400}), IsEmpty());
}

TEST(Auditor, CatchesOverBooking) {
  RunRecord rec = tiny_run();
  rec.requests[1].request.components[0].cpus = 3;  // request 1 now takes 3 cores on A
  rec.reservations[3].amount = 3;                  // 2 + 3 > 4 over [1260, 1560)
  // The job that ran is still the 2-core one: jobs.csv tells the plan was changed after the run.
  EXPECT_THAT(audit(rec),
              ElementsAre(AllOf(HasSubstr("reservations.csv:5: cores of 'A' over capacity"),
                                HasSubstr("at t=1260: 5 > 4")),
                          HasSubstr("jobs.csv:4: job 1:0 used 2 cores, not the component's 3")));
}

TEST(Auditor, CatchesOverBookedBandwidth) {
  RunRecord rec = tiny_run();
  rec.requests[1].request.pairs[0].bandwidth = 6;  // Q:C-X has 5 Gbit/s
  rec.reservations[5].amount = 6;
  rec.reservations[6].amount = 6;
  EXPECT_THAT(audit(rec), ElementsAre(HasSubstr("bandwidth of 'Q:C-X' over capacity")));
}

TEST(Auditor, CatchesARequestListedTwice) {
  TempDir dir;
  write_run(dir.path(), tiny_run(), tiny_graph(), tiny_config());
  const std::string text = slurp(dir.file("requests.csv"));
  const auto line = text.find("\n2,u1");
  const std::string row = text.substr(line + 1, text.find('\n', line + 1) - line);
  std::ofstream(dir.file("requests.csv"), std::ios::app) << row;
  write_workload(dir.path(), tiny_run());
  EXPECT_THAT(audit_run(dir.path(), tiny_graph()),
              ElementsAre(HasSubstr("requests.csv:6: request 2 listed twice")));
}

TEST(Auditor, CatchesAMissingRequest) {
  RunRecord rec = tiny_run();
  rec.requests.erase(rec.requests.begin() + 2);  // the rejected one: no reservation refers to it
  rec.attempts.clear();                          // its refused plan
  EXPECT_THAT(audit(rec), ElementsAre(HasSubstr("request id 2 missing")));
}

TEST(Auditor, CatchesAReservationOutsideItsFrame) {
  RunRecord rec = tiny_run();
  rec.reservations[4].frame = {1300, 1600};  // request 1's cores on C, reserved frame [1260, 1560)
  EXPECT_THAT(audit(rec), ElementsAre(HasSubstr("is not request 1's reserved frame")));
}

TEST(Auditor, CatchesAReservedFrameOutsideTheRequestWindow) {
  RunRecord rec = tiny_run();
  rec.requests[3].plan.frame = {1900, 2500};  // LST is 1800
  rec.reservations[7].frame = {1900, 2500};
  EXPECT_THAT(audit(rec),
              ElementsAre(HasSubstr("outside [EST 1800, LST + D 2400]"),
                          HasSubstr("job 3:0 ran over [1800, 2100), outside the reserved frame")));
  EXPECT_THAT(audit(tiny_run(), model::TimeFrame{1200, 2000}),
              Contains(HasSubstr("outside the window [1200, 2000)")));
}

TEST(Auditor, CatchesAReservationOfARejectedRequest) {
  RunRecord rec = tiny_run();
  rec.reservations.push_back(cores(2, kB, 1200, 1800, 1));
  EXPECT_THAT(audit(rec), ElementsAre(HasSubstr("reservation of rejected request 2")));
}

TEST(Auditor, CatchesABrokenPathChain) {
  RunRecord rec = tiny_run();
  rec.requests[1].plan.routes = {{kAX, kBX}};  // A → X → B, but the pair joins A and C
  rec.reservations[6].resource = kBX;
  EXPECT_THAT(audit(rec), ElementsAre(HasSubstr("request 1 pair 0: broken chain, ends at 'B'")));
  rec = tiny_run();
  rec.requests[1].plan.routes = {{kCX, kAX}};  // starts at C, not at A
  EXPECT_THAT(audit(rec), ElementsAre(HasSubstr("'Q:C-X' does not touch 'A'")));
}

TEST(Auditor, CatchesTwoComponentsOnOneSite) {
  RunRecord rec = tiny_run();
  rec.requests[0].plan.sites = {kA, kA};
  rec.reservations[1].resource = kA;
  EXPECT_THAT(audit(rec), Contains(HasSubstr("request 0: two components on site 'A'")));
}

TEST(Auditor, CatchesReservationsThatDoNotMatchThePlan) {
  RunRecord rec = tiny_run();
  rec.reservations.erase(rec.reservations.begin() + 2);  // request 0's bandwidth on P:A-B
  EXPECT_THAT(audit(rec), ElementsAre(HasSubstr("request 0 reserved 0 Gbit/s on 'P:A-B', its "
                                                "plan needs 1")));
  rec = tiny_run();
  rec.reservations.pop_back();  // request 3's only reservation
  EXPECT_THAT(audit(rec), ElementsAre(HasSubstr("accepted request 3 has no reservation")));
}

TEST(Auditor, ReportsUnreadableFiles) {
  TempDir dir;
  EXPECT_THAT(audit_run(dir.path(), tiny_graph()), ElementsAre(HasSubstr("cannot open")));
  write_run(dir.path(), tiny_run(), tiny_graph(), tiny_config());
  std::ofstream(dir.file("reservations.csv"), std::ios::app) << "1,cores,A,P,x,1560,2\n";
  EXPECT_THAT(audit_run(dir.path(), tiny_graph()),
              Contains(HasSubstr("reservations.csv:10: column start: 'x' is not a number")));
}

}  // namespace
}  // namespace arsim::kinds::coallocation

namespace arsim::kinds::coallocation {
namespace {

// Faults planted in the files after a correct run, consistently in requests.csv and
// reservations.csv, so only workload.txt or jobs.csv can tell.
class AuditorInputs : public ::testing::Test {
 protected:
  void SetUp() override {
    write_run(dir_.path(), tiny_run(), tiny_graph(), tiny_config());
    write_workload(dir_.path(), tiny_run());
  }
  void replace(const std::string& file, const std::string& from, const std::string& to) {
    std::string text = slurp(dir_.file(file));
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    std::ofstream(dir_.file(file)) << text;
  }
  std::vector<std::string> audit() { return audit_run(dir_.path(), tiny_graph()); }
  TempDir dir_;
};

TEST_F(AuditorInputs, PassTheCorrectRun) {
  EXPECT_THAT(audit(), IsEmpty());
}

TEST_F(AuditorInputs, CatchACpuCountChangedInTheResults) {
  // Request 3 asked for 4 cores on one site; write 1 in requests.csv and reservations.csv.
  const std::string req = slurp(dir_.file("requests.csv"));
  const auto header =
      ::arsim::kinds::coallocation::audit::split_list(req.substr(0, req.find('\n')), ',');
  const auto row = req.find("\n3,");
  const std::string line = req.substr(row + 1, req.find('\n', row + 1) - row - 1);
  const auto cells = ::arsim::kinds::coallocation::audit::split_list(line, ',');
  std::string cut;
  for (std::size_t i = 0; i < cells.size(); ++i)
    cut +=
        (i ? "," : "") +
        (header.at(i) == "cpus" || header.at(i) == "component_cpus" ? std::string("1") : cells[i]);
  replace("requests.csv", line, cut);
  const std::string res = slurp(dir_.file("reservations.csv"));
  const auto at = res.find("\n3,");
  const std::string reservation = res.substr(at + 1, res.find('\n', at + 1) - at - 1);
  replace("reservations.csv", reservation, reservation.substr(0, reservation.rfind(',')) + ",1");
  const auto found = audit();
  EXPECT_THAT(found, Contains(HasSubstr("request 3 has component cpus 1 (submitted 4)")));
  EXPECT_THAT(found, Contains(HasSubstr("job 3:0 used 4 cores, not the component's 1")));
  EXPECT_THAT(found, Not(Contains(HasSubstr("sum to"))));
}

TEST_F(AuditorInputs, CatchAnAcceptedRequestRewrittenAsRejected) {
  // Request 3 becomes rejected in requests.csv and loses its reservations: consistent on its
  // own, but its job ran.
  std::string req = slurp(dir_.file("requests.csv"));
  const auto row = req.find("\n3,");
  const auto end = req.find('\n', row + 1);
  const std::string line = req.substr(row + 1, end - row - 1);
  const auto cells = ::arsim::kinds::coallocation::audit::split_list(line, ',');
  std::string rejected;
  const auto header =
      ::arsim::kinds::coallocation::audit::split_list(req.substr(0, req.find('\n')), ',');
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const std::string& h = header.at(i);
    std::string v = cells[i];
    if (h == "outcome") v = "rejected";
    if (h == "reserved_start" || h == "reserved_end" || h == "time_deviation" || h == "sites" ||
        h == "paths")
      v = "";
    rejected += (i ? "," : "") + v;
  }
  replace("requests.csv", line, rejected);
  std::string res = slurp(dir_.file("reservations.csv"));
  std::string kept;
  std::istringstream in(res);
  for (std::string l; std::getline(in, l);)
    if (l.rfind("3,", 0) != 0) kept += l + "\n";
  std::ofstream(dir_.file("reservations.csv")) << kept;
  EXPECT_THAT(audit(), Contains(HasSubstr("job 3:0 ran for a request that was not accepted")));
}

TEST_F(AuditorInputs, CatchAMissingJob) {
  std::string jobs = slurp(dir_.file("jobs.csv"));
  std::string kept;
  std::istringstream in(jobs);
  for (std::string l; std::getline(in, l);)
    if (l.rfind("3:0,", 0) != 0) kept += l + "\n";
  std::ofstream(dir_.file("jobs.csv")) << kept;
  EXPECT_THAT(audit(), ElementsAre(HasSubstr("component 0 of accepted request 3 never ran")));
}

TEST_F(AuditorInputs, CatchAMissingWorkload) {
  std::filesystem::remove(dir_.file("workload.txt"));
  EXPECT_THAT(audit(), ElementsAre(HasSubstr("workload.txt")));
}

}  // namespace
}  // namespace arsim::kinds::coallocation
