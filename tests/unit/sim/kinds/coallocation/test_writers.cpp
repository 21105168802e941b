// The run files written from a hand-built record (sim/kinds/coallocation/output/writers.hpp);
// expected values are computed by hand in fixture.hpp's comment.
#include "sim/kinds/coallocation/output/writers.hpp"

#include <map>
#include <sstream>
#include <tuple>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixture.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation {
namespace {

using namespace fixture;
using metrics::CsvTable;
using metrics::parse_csv;
using metrics::read_csv;

const char* const kFiles[] = {"requests.csv",  "timings.csv", "reservations.csv", "jobs.csv",
                              "resources.csv", "summary.csv", "grcs.csv",         "attempts.csv"};

TEST(Writers, RequestsListEveryDecision) {
  EXPECT_EQ(requests_csv(tiny_run(), tiny_graph()),
            "request_id,user,type,submit,est,lst,duration,service_level,components,cpus,pairs,"
            "outcome,frames,plans_found,plans_tried,reserved_start,reserved_end,time_deviation,"
            "sites,paths,decision_time,solver_nodes,solves,component_cpus,pair_demands\n"
            "0,u1,1,60,1200,1500,600,1,2,4,1,accepted,10,3,1,1200,1800,0,A;B,P:A-B,61.5,7,1,2;2,"
            "0-1:1\n"
            "1,u2,2,300,1200,1560,300,1,2,4,1,accepted,10,3,1,1260,1560,60,A;C,P:A-X+Q:C-X,301.5,7,"
            "1,2;2,0-1:2\n"
            "2,u1,3,720,1200,1800,600,1,1,4,0,rejected,10,3,1,,,,,,721.5,7,1,4,\n"
            "3,u2,4,900,1800,1800,600,1,1,4,0,accepted,10,3,1,1800,2400,0,B,,901.5,7,1,4,\n");
}

TEST(Writers, ReservationsAndTimings) {
  EXPECT_EQ(reservations_csv(tiny_run(), tiny_graph()),
            "request_id,kind,resource,domain,start,end,amount\n"
            "0,cores,A,P,1200,1800,2\n"
            "0,cores,B,P,1200,1800,2\n"
            "0,bandwidth,P:A-B,P,1200,1800,1\n"
            "1,cores,A,P,1260,1560,2\n"
            "1,cores,C,Q,1260,1560,2\n"
            "1,bandwidth,P:A-X,P,1260,1560,2\n"
            "1,bandwidth,Q:C-X,Q,1260,1560,2\n"
            "3,cores,B,P,1800,2400,4\n");
  EXPECT_EQ(timings_csv(tiny_run()),
            "request_id,planning_wall_seconds,planning_cpu_seconds\n0,0.25,0.125\n1,0.25,0.125\n"
            "2,0.25,0.125\n3,0.25,0.125\n");
}

TEST(Writers, JobsAreSortedByRequestAndComponent) {
  EXPECT_EQ(jobs_csv(tiny_run(), tiny_graph()),
            "job_id,submission_time,requested_number_of_resources,requested_time,starting_time,"
            "execution_time,finish_time,waiting_time,allocated_resources,final_state,hosts\n"
            "0:0,60,2,600,1200,600,1800,0,A,COMPLETED_SUCCESSFULLY,a1:2\n"
            "0:1,60,2,600,1200,600,1800,0,B,COMPLETED_SUCCESSFULLY,b1:2\n"
            "1:0,300,2,300,1260,300,1560,60,A,COMPLETED_SUCCESSFULLY,a2:2\n"
            "1:1,300,2,300,1260,300,1560,60,C,COMPLETED_SUCCESSFULLY,c1:2\n"
            "3:0,900,4,600,1800,300,2100,0,B,COMPLETED_SUCCESSFULLY,b1:4\n");
}

TEST(Writers, ResourcesGiveReservedAndUsedFractionsPerBucket) {
  const CsvTable t = parse_csv(resources_csv(tiny_run(), tiny_graph(), tiny_config()), "r.csv");
  ASSERT_EQ(t.rows.size(), 7u * 4u);  // 3 sites + 4 paths, 4 buckets of [0, 2400)
  std::map<std::pair<std::string, std::string>, std::pair<std::string, std::string>> got;
  for (const auto& row : t.rows) got[{row[0], row[4]}] = {row[6], row[7]};
  using P = std::pair<std::string, std::string>;
  EXPECT_EQ(got.at({"A", "1200"}), P("0.75", "0.75"));  // (2·600 + 2·300) / (4·600)
  EXPECT_EQ(got.at({"B", "1200"}), P("0.5", "0.5"));
  EXPECT_EQ(got.at({"B", "1800"}), P("1", "0.5"));  // the job ran 300 s of its 600
  EXPECT_EQ(got.at({"C", "1200"}), P("0.5", "0.5"));
  EXPECT_EQ(got.at({"P:A-B", "1200"}), P("0.1", "0.1"));
  EXPECT_EQ(got.at({"P:A-X", "1200"}), P("0.1", "0.1"));
  EXPECT_EQ(got.at({"Q:C-X", "1200"}), P("0.2", "0.2"));
  EXPECT_EQ(got.at({"P:B-X", "1200"}), P("0", "0"));
  EXPECT_EQ(got.at({"A", "600"}), P("0", "0"));
  EXPECT_EQ(t.rows[0], (std::vector<std::string>{"A", "cores", "P", "4", "0", "600", "0", "0"}));
}

// (metric, user, resource, bucket_end) → value text.
std::map<std::tuple<std::string, std::string, std::string, std::string>, std::string> summary() {
  const CsvTable t = parse_csv(
      summary_csv(compute_summary(tiny_run(), tiny_graph(), tiny_config())), "summary.csv");
  std::map<std::tuple<std::string, std::string, std::string, std::string>, std::string> m;
  for (const auto& r : t.rows)
    EXPECT_TRUE(m.emplace(std::tuple(r[0], r[1], r[2], r[3]), r[4]).second);
  return m;
}

TEST(Summary, SuccessRatioPerUserAndBucket) {
  const auto m = summary();
  auto ratio = [&](const char* user, const char* bucket) {
    return m.at({"success_ratio", user, "", bucket});
  };
  // Bucket [0, 600): requests 0 (u1) and 1 (u2), both accepted; [600, 1200): 2 (u1, rejected)
  // and 3 (u2, accepted); [1200, 1800): nothing submitted.
  EXPECT_EQ(ratio("u1", "600"), "1");
  EXPECT_EQ(ratio("u1", "1200"), "0");
  EXPECT_EQ(ratio("u1", "1800"), "");
  EXPECT_EQ(ratio("u2", "1200"), "1");
  EXPECT_EQ(ratio("all", "1200"), "0.5");
  EXPECT_EQ(ratio("u1", "all"), "0.5");
  EXPECT_EQ(ratio("all", "all"), "0.75");
  EXPECT_EQ(m.at({"submitted", "all", "", "all"}), "4");
  EXPECT_EQ(m.at({"accepted", "u2", "", "all"}), "2");
  EXPECT_EQ(m.at({"mean_time_deviation", "u2", "", "all"}), "30");  // (60 + 0) / 2
  EXPECT_EQ(m.at({"mean_time_deviation", "all", "", "all"}), "20");
}

TEST(Summary, RequestAndSiteLoads) {
  const auto m = summary();
  // 10 cores × 1200 s = 12000 CPU·s; requests ask 2400, 1200, 2400, 2400.
  EXPECT_EQ(m.at({"request_load", "all", "", "600"}), "0.3");
  EXPECT_EQ(m.at({"request_load", "all", "", "1200"}), "0.7");
  EXPECT_EQ(m.at({"request_load", "all", "", "1800"}), "0.7");
  // A: 2·600 + 2·300 of 4·1200; B: 2·600, then + 4·600 once request 3 (submit 900) counts.
  EXPECT_EQ(m.at({"site_load", "all", "A", "600"}), "0.375");
  EXPECT_EQ(m.at({"site_load", "all", "B", "600"}), "0.25");
  EXPECT_EQ(m.at({"site_load", "all", "B", "1200"}), "0.75");
  EXPECT_EQ(m.at({"site_load", "all", "C", "1800"}), "0.25");
  EXPECT_EQ(m.count({"site_load", "all", "X", "600"}), 0u);  // exchange points carry no load
}

TEST(Writers, WritingTwiceGivesIdenticalFiles) {
  fixture::TempDir d1, d2;
  write_run(d1.path(), tiny_run(), tiny_graph(), tiny_config());
  write_run(d2.path() + "/sub", tiny_run(), tiny_graph(), tiny_config());
  for (const char* f : kFiles) {
    const std::string a = slurp(d1.file(f));
    EXPECT_FALSE(a.empty()) << f;
    EXPECT_EQ(a, slurp(d2.file(std::string("sub/") + f))) << f;
  }
  for (const auto& e : std::filesystem::directory_iterator(d1.path()))
    EXPECT_NE(e.path().extension(), ".tmp") << e.path();
}

TEST(Writers, BadConfigIsRejected) {
  MetricsConfig cfg = tiny_config();
  cfg.bucket = 0;
  EXPECT_THROW(validate(cfg), std::invalid_argument);
  cfg = tiny_config();
  cfg.window_end = cfg.window_start;
  EXPECT_THROW(compute_summary(tiny_run(), tiny_graph(), cfg), std::invalid_argument);
}

TEST(Summary, PrintsOneLinePerUser) {
  std::ostringstream out;
  print_summary(out, tiny_run(), tiny_graph(), tiny_config());
  const std::string s = out.str();
  EXPECT_THAT(s, HasSubstr("u1"));
  EXPECT_THAT(s, HasSubstr("0.750"));  // overall success ratio
  EXPECT_THAT(s, HasSubstr("request load at 30 min: 0.700"));
  EXPECT_THAT(s, HasSubstr("mean site load: 0.458 over 3 sites"));  // (0.375 + 0.75 + 0.25) / 3
  std::ostringstream empty;
  print_summary(empty, RunRecord{}, tiny_graph(), MetricsConfig{});
  EXPECT_THAT(empty.str(), HasSubstr("all"));
}

}  // namespace
}  // namespace arsim::kinds::coallocation
