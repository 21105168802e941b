// The auditor recomputes every number the kind writes from the raw records: each kind of wrong
// number planted in a file of the correct tiny run (fixture.hpp) is caught, naming file and line.
#include <fstream>
#include <sstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fixture.hpp"
#include "sim/kinds/coallocation/output/audit_rows.hpp"
#include "sim/kinds/coallocation/output/auditor.hpp"
#include "workloads/request_file.hpp"

namespace arsim::kinds::coallocation {
namespace {

using namespace fixture;

class AuditMetrics : public ::testing::Test {
 protected:
  void SetUp() override {
    write_run(dir_.path(), tiny_run(), tiny_graph(), tiny_config());
    std::vector<model::Request> submitted;
    for (const auto& r : tiny_run().requests) submitted.push_back(r.request);
    std::ofstream(dir_.file("workload.txt")) << workloads::format_request_file(submitted);
  }
  std::vector<std::string> audit() {
    return audit_run(dir_.path(), tiny_graph(),
                     AuditSetup{std::nullopt, {}, {}, tiny_config(), {}});
  }
  // Sets `column` of the first row of `file` that starts with `prefix` to `value`.
  void set_cell(const std::string& file, const std::string& prefix, const std::string& column,
                const std::string& value) {
    std::istringstream in(slurp(dir_.file(file)));
    std::string header, line, out;
    std::getline(in, header);
    const auto names = audit::split_list(header, ',');
    const auto at = std::find(names.begin(), names.end(), column) - names.begin();
    ASSERT_LT(static_cast<std::size_t>(at), names.size()) << column;
    bool done = false;
    out = header + "\n";
    while (std::getline(in, line)) {
      if (!done && line.rfind(prefix, 0) == 0) {
        auto cells = audit::split_list(line, ',');
        cells.at(at) = value;
        line.clear();
        for (std::size_t i = 0; i < cells.size(); ++i) line += (i ? "," : "") + cells[i];
        done = true;
      }
      out += line + "\n";
    }
    ASSERT_TRUE(done) << prefix;
    std::ofstream(dir_.file(file)) << out;
  }
  void drop_row(const std::string& file, const std::string& prefix) {
    std::istringstream in(slurp(dir_.file(file)));
    std::string out;
    for (std::string line; std::getline(in, line);)
      if (line.rfind(prefix, 0) != 0) out += line + "\n";
    std::ofstream(dir_.file(file)) << out;
  }
  TempDir dir_;
};

TEST_F(AuditMetrics, PassTheCorrectRun) {
  EXPECT_THAT(audit(), IsEmpty());
}

TEST_F(AuditMetrics, CatchAHalvedSuccessRatio) {
  set_cell("summary.csv", "success_ratio,all,,all,", "value", "0.375");
  EXPECT_THAT(audit(), ElementsAre(HasSubstr("success_ratio of user 'all' at bucket_end all is "
                                             "'0.375', the records give 0.75")));
}

TEST_F(AuditMetrics, CatchWrongCounts) {
  set_cell("summary.csv", "accepted,all,", "value", "1");
  set_cell("summary.csv", "submitted,u1,", "value", "7");
  const auto found = audit();
  EXPECT_THAT(found, Contains(HasSubstr("accepted of user 'all' at bucket_end all is '1', the "
                                        "records give 3")));
  EXPECT_THAT(found, Contains(HasSubstr("submitted of user 'u1' at bucket_end all is '7', the "
                                        "records give 2")));
  EXPECT_EQ(found.size(), 2u);
}

TEST_F(AuditMetrics, CatchABucketSuccessRatioDeviationAndLoads) {
  set_cell("summary.csv", "success_ratio,u1,,600,", "value", "0.5");
  set_cell("summary.csv", "mean_time_deviation,all,", "value", "30");
  set_cell("summary.csv", "request_load,all,,1800,", "value", "0.1");
  set_cell("summary.csv", "site_load,all,B,1800,", "value", "0.9");
  const auto found = audit();
  EXPECT_THAT(found, Contains(HasSubstr("success_ratio of user 'u1' at bucket_end 600 is '0.5', "
                                        "the records give 1")));
  EXPECT_THAT(found, Contains(HasSubstr("mean_time_deviation of user 'all' at bucket_end all is "
                                        "'30', the records give 20")));
  EXPECT_THAT(found, Contains(HasSubstr("request_load of user 'all' at bucket_end 1800 is '0.1'")));
  EXPECT_THAT(found, Contains(HasSubstr("site_load of user 'all' on 'B' at bucket_end 1800 is "
                                        "'0.9'")));
  EXPECT_EQ(found.size(), 4u);
}

TEST_F(AuditMetrics, CatchAValueWhereNoneIsDefinedAndAMissingOne) {
  set_cell("summary.csv", "success_ratio,u2,,1800,", "value", "1");  // u2 submitted nothing then
  set_cell("summary.csv", "success_ratio,u1,,600,", "value", "");
  const auto found = audit();
  EXPECT_THAT(found, Contains(HasSubstr("success_ratio of user 'u2' at bucket_end 1800 is '1', the "
                                        "records give empty")));
  EXPECT_THAT(found, Contains(HasSubstr("success_ratio of user 'u1' at bucket_end 600 is '', the "
                                        "records give 1")));
}

TEST_F(AuditMetrics, CatchAMissingAndAnExtraSummaryRow) {
  drop_row("summary.csv", "submitted,u2,");
  std::ofstream(dir_.file("summary.csv"), std::ios::app) << "submitted,u3,,all,1\n";
  const auto found = audit();
  EXPECT_THAT(found, Contains(HasSubstr("submitted of user 'u3' at bucket_end all is not a row "
                                        "the records give")));
  EXPECT_THAT(found, Contains(HasSubstr("no row for submitted of user 'u2' at bucket_end all")));
}

TEST_F(AuditMetrics, CatchReservedAndUsedShares) {
  set_cell("resources.csv", "A,cores,P,4,1200,", "reserved", "1.5");
  set_cell("resources.csv", "A,cores,P,4,1200,", "used", "1.5");
  set_cell("resources.csv", "P:A-B,bandwidth,P,10,1200,", "used", "0.5");
  const auto found = audit();
  EXPECT_THAT(found, Contains(HasSubstr("reserved of cores 'A' in [1200, 1800) is '1.5', the "
                                        "records give 0.75")));
  EXPECT_THAT(found, Contains(HasSubstr("used of cores 'A' in [1200, 1800) is '1.5', the "
                                        "records give 0.75")));
  EXPECT_THAT(found, Contains(HasSubstr("used of bandwidth 'P:A-B' in [1200, 1800) is '0.5', the "
                                        "records give 0.1")));
  EXPECT_EQ(found.size(), 3u);
}

TEST_F(AuditMetrics, CatchCapacityBucketEdgesAndRows) {
  set_cell("resources.csv", "B,cores,P,4,600,", "capacity", "8");
  set_cell("resources.csv", "C,cores,Q,2,0,", "bucket_end", "700");
  const auto found = audit();
  EXPECT_THAT(found, Contains(HasSubstr("capacity of cores 'B' in [600, 1200) is '8'")));
  EXPECT_THAT(found, Contains(HasSubstr("bucket_end of cores 'C' in [0, 600) is '700'")));
  drop_row("resources.csv", "Q:C-X,bandwidth,Q,5,1800,");
  EXPECT_THAT(audit(),
              Contains(HasSubstr("resources.csv: 27 rows, the graph and buckets give 28")));
}

TEST_F(AuditMetrics, CatchDerivedColumnsOfRequestsAndJobs) {
  set_cell("requests.csv", "1,u2,", "time_deviation", "0");
  set_cell("jobs.csv", "3:0,", "execution_time", "600");
  set_cell("jobs.csv", "1:0,", "waiting_time", "0");
  set_cell("jobs.csv", "0:1,", "submission_time", "61");
  set_cell("jobs.csv", "1:1,", "requested_time", "600");
  set_cell("jobs.csv", "0:0,", "final_state", "FAILED");
  const auto found = audit();
  EXPECT_THAT(found, Contains(HasSubstr("request 1 time_deviation is 0, not reserved start 1260 "
                                        "- EST 1200")));
  EXPECT_THAT(found, Contains(HasSubstr("job 3:0 execution_time is '600', not 300")));
  EXPECT_THAT(found, Contains(HasSubstr("job 1:0 waiting_time is '0', not 60")));
  EXPECT_THAT(found, Contains(HasSubstr("job 0:1 submission_time is '61', not 60")));
  EXPECT_THAT(found, Contains(HasSubstr("job 1:1 requested_time is '600', not 300")));
  EXPECT_THAT(found, Contains(HasSubstr("job 0:0 final_state is 'FAILED'")));
  EXPECT_EQ(found.size(), 6u);
}

TEST_F(AuditMetrics, CatchASubmitTimeOrUserChangedInTheResults) {
  // Moving request 2 into the first bucket, with summary.csv rewritten to match, is caught by
  // workload.txt.
  set_cell("requests.csv", "2,u1,", "submit", "100");
  set_cell("requests.csv", "3,u2,", "user", "u1");
  const auto found = audit();
  EXPECT_THAT(found, Contains(HasSubstr("request 2 has submit 100 (submitted at 720)")));
  EXPECT_THAT(found, Contains(HasSubstr("request 3 has user 'u1' (submitted by 'u2')")));
}

}  // namespace
}  // namespace arsim::kinds::coallocation
