// The auditor's check of latency bounds (output/audit_latency.hpp) on the tiny run of fixture.hpp,
// its edges given latencies: P:A-B 5 ms, P:A-X 1 ms, P:B-X 1 ms, Q:C-X 2 ms. Request 0 is routed on
// P:A-B (5 ms), request 1 on P:A-X+Q:C-X (3 ms).
#include <fstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixture.hpp"
#include "sim/kinds/coallocation/output/auditor.hpp"
#include "workloads/request_file.hpp"

namespace arsim::kinds::coallocation {
namespace {

using namespace fixture;

model::ResourceGraph latency_graph() {
  const model::ResourceGraph plain = tiny_graph();
  const double latency[] = {0.005, 0.001, 0.001, 0.002};  // by edge id (fixture.hpp)
  model::ResourceGraph g;
  for (const auto& v : plain.vertices()) g.add_vertex(v);
  for (auto e : plain.edges()) {
    e.latency = latency[g.edge_count()];
    g.add_edge(e);
  }
  return g;
}

// Writes the run from `rec` into `dir` and workload.txt from `submitted` (the requests as the
// users sent them).
void write_files(const TempDir& dir, const RunRecord& rec, const RunRecord& submitted) {
  write_run(dir.path(), rec, latency_graph(), tiny_config());
  std::vector<model::Request> workload;
  for (const auto& r : submitted.requests) workload.push_back(r.request);
  std::ofstream(dir.path() + "/workload.txt") << workloads::format_request_file(workload);
}

std::vector<std::string> audit(const RunRecord& rec, const RunRecord& submitted) {
  TempDir dir;
  write_files(dir, rec, submitted);
  return audit_run(dir.path(), latency_graph());
}

RunRecord bounded(double request0, double request1) {
  RunRecord rec = tiny_run();
  rec.requests[0].request.pairs[0].max_latency = request0;
  rec.requests[1].request.pairs[0].max_latency = request1;
  return rec;
}

TEST(AuditLatency, PassesRoutesWithinTheirBounds) {
  const RunRecord rec = bounded(0.005, 0.003);  // both exactly at their bound
  EXPECT_THAT(audit(rec, rec), IsEmpty());
  TempDir dir;  // the run records the bounds and the planned route latencies
  write_run(dir.path(), rec, latency_graph(), tiny_config());
  const std::string csv = slurp(dir.file("requests.csv"));
  EXPECT_THAT(csv, HasSubstr(",pair_demands,route_latencies\n"));
  EXPECT_THAT(csv, HasSubstr(",0-1:1@0.005,0.005\n"));
  EXPECT_THAT(csv, HasSubstr(",0-1:2@0.003,0.003\n"));
}

TEST(AuditLatency, CatchesARouteOverItsBound) {
  const RunRecord rec = bounded(0.004, model::kNoLatencyBound);
  EXPECT_THAT(audit(rec, rec),
              ElementsAre(HasSubstr("requests.csv:2: request 0 pair 0 (0-1): route latency "
                                    "0.005 s exceeds its bound 0.004 s")));
}

// The bounds come from workload.txt: a run that dropped a bound from its own record (requests.csv
// says "no bound") is still held to what was submitted.
TEST(AuditLatency, TakesTheBoundsFromWhatWasSubmitted) {
  const RunRecord submitted = bounded(model::kNoLatencyBound, 0.0025);
  EXPECT_THAT(
      audit(tiny_run(), submitted),
      ElementsAre(HasSubstr("request 1 has pair 0 latency bound inf s (submitted 0.0025 s)"),
                  HasSubstr("request 1 pair 0 (0-1): route latency 0.003 s exceeds its "
                            "bound 0.0025 s")));
}

// A tampered route: request 1 said to run over P:A-B+P:B-X+Q:C-X (8 ms) instead of its 3 ms.
TEST(AuditLatency, CatchesATamperedRoute) {
  const RunRecord rec = bounded(model::kNoLatencyBound, 0.004);
  TempDir dir;
  const model::ResourceGraph g = latency_graph();
  write_files(dir, rec, rec);
  EXPECT_THAT(audit_run(dir.path(), g), IsEmpty());
  std::string csv = slurp(dir.file("requests.csv"));
  const std::string honest = "A;C,P:A-X+Q:C-X,";
  ASSERT_NE(csv.find(honest), std::string::npos);
  csv.replace(csv.find(honest), honest.size(), "A;C,P:A-B+P:B-X+Q:C-X,");
  std::ofstream(dir.file("requests.csv")) << csv;
  EXPECT_THAT(audit_run(dir.path(), g),
              Contains(HasSubstr("request 1 pair 0 (0-1): route latency 0.008 s exceeds its "
                                 "bound 0.004 s")));
}

}  // namespace
}  // namespace arsim::kinds::coallocation
