// The interval auditor (sim/kinds/interval/output/audit.hpp) on a hand-written run folder: two
// periods of T = 10 on resources r0 and r1; then with one number wrong at a time, every number of
// both files in turn. And the model it judges executions by (speed_model.hpp).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "sim/kinds/interval/output/audit.hpp"
#include "sim/kinds/interval/speed_model.hpp"

namespace fs = std::filesystem;
using namespace arsim::kinds::interval;

namespace {

// Period 0: tasks 1-3 (task 3 waits 1 s); period 1: task 4. Period 0: N = 3, g = 1/3, B = 1,
// beta = 2, rho = 0.5, rho_max = 0.5, G = 1.5, theta = 2/3, D = 1/30. Period 1: N = 1, g = B =
// 0.5, beta = 1, rho = 0.25, rho_max = 0.5, G = 0.5, theta = 2, D = 0. The run: N = 4, M = 2,
// P = 2, g = 0.375, B = 0.75, beta = 2, rho = rho_max = 0.375, G = theta = 1, D = 0.025.
const char* kJobs =
    "job_id,submission_time,requested_number_of_resources,requested_time,starting_time,"
    "execution_time,finish_time,waiting_time,allocated_resources,final_state\n"
    "1,0,1,4,0,4,4,0,r0,COMPLETED_SUCCESSFULLY\n"
    "2,2,1,4,2,4,6,0,r1,COMPLETED_SUCCESSFULLY\n"
    "3,5,1,2,6,2,8,1,r1,COMPLETED_SUCCESSFULLY\n"
    "4,13,1,5,13,5,18,0,r0,COMPLETED_SUCCESSFULLY\n";

const char* kSummary =
    "metric,user,resource,bucket_end,value\n"
    "time_deviation,all,,all,0.025\n"
    "tasks,all,,all,4\n"
    "resources,all,,all,2\n"
    "periods,all,,all,2\n"
    "g,all,,all,0.375\n"
    "B,all,,all,0.75\n"
    "beta,all,,all,2\n"
    "rho,all,,all,0.375\n"
    "rho_max,all,,all,0.375\n"
    "G,all,,all,1\n"
    "theta,all,,all,1\n"
    "time_deviation,all,,10,0.03333333333333333\n"
    "tasks,all,,10,3\n"
    "g,all,,10,0.3333333333333333\n"
    "B,all,,10,1\n"
    "beta,all,,10,2\n"
    "rho,all,,10,0.5\n"
    "rho_max,all,,10,0.5\n"
    "G,all,,10,1.5\n"
    "theta,all,,10,0.6666666666666666\n"
    "time_deviation,all,,20,0\n"
    "tasks,all,,20,1\n"
    "g,all,,20,0.5\n"
    "B,all,,20,0.5\n"
    "beta,all,,20,1\n"
    "rho,all,,20,0.25\n"
    "rho_max,all,,20,0.5\n"
    "G,all,,20,0.5\n"
    "theta,all,,20,2\n";

std::vector<arsim::model::IntervalTask> workload() {
  std::vector<arsim::model::IntervalTask> tasks(4);
  const double start[] = {0, 2, 5, 13}, length[] = {4, 4, 2, 5};
  for (int i = 0; i < 4; ++i) {
    tasks[i].id = i + 1;
    tasks[i].start = start[i];
    tasks[i].finish = start[i] + length[i];
  }
  return tasks;
}

AuditInput input() {
  return {{{"r0", 1, {}}, {"r1", 1, {}}}, 10, workload()};
}

std::vector<std::string> audit(const std::string& jobs, const std::string& summary,
                               const AuditInput& in = input()) {
  const fs::path dir =
      fs::temp_directory_path() / ("arsim-interval-audit-" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "jobs.csv") << jobs;
  std::ofstream(dir / "summary.csv") << summary;
  auto out = audit_run(dir.string(), in);
  fs::remove_all(dir);
  return out;
}

// Some violation says `text` (and `more` after it).
bool mentions(const std::vector<std::string>& violations, const std::string& text,
              const std::string& more = "") {
  for (const auto& v : violations)
    if (const auto at = v.find(text);
        at != std::string::npos && v.find(more, at) != std::string::npos)
      return true;
  return false;
}

std::vector<std::string> split(const std::string& text, char by) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string part; std::getline(in, part, by);) out.push_back(part);
  return out;
}

// `text` with field `column` of line `line` (1 = the header) replaced by `value`.
std::string with_field(const std::string& text, int line, std::size_t column,
                       const std::string& value) {
  auto lines = split(text, '\n');
  auto fields = split(lines.at(line - 1), ',');
  fields.resize(std::max(fields.size(), column + 1));
  fields.at(column) = value;
  std::string joined, out;
  for (std::size_t f = 0; f < fields.size(); ++f) joined += (f ? "," : "") + fields[f];
  lines[line - 1] = joined;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

}  // namespace

TEST(IntervalAudit, ARunThatAgreesWithItselfPasses) {
  const auto out = audit(kJobs, kSummary);
  EXPECT_TRUE(out.empty()) << out.front();
}

TEST(IntervalAudit, EverySummaryFigureIsRecomputed) {
  const int rows = static_cast<int>(split(kSummary, '\n').size());
  for (int line = 2; line <= rows; ++line) {
    const auto fields = split(split(kSummary, '\n')[line - 1], ',');
    const std::string wrong = fmt::format("{}", std::stod(fields[4]) * 1.5 + 0.125);
    EXPECT_TRUE(mentions(audit(kJobs, with_field(kSummary, line, 4, wrong)),
                         fmt::format("summary.csv:{}: {} is '{}'", line, fields[0], wrong)))
        << "line " << line;
  }
}

TEST(IntervalAudit, SummaryRowsMissingRepeatedOrOfNoPeriodAreReported) {
  auto lines = split(kSummary, '\n');
  std::string without_rho, repeated = std::string(kSummary) + "B,all,,20,0.5\n";
  for (const auto& l : lines)
    if (l != "rho,all,,10,0.5") without_rho += l + "\n";
  EXPECT_TRUE(mentions(audit(kJobs, without_rho), "no row of rho for the period ending 10"));
  EXPECT_TRUE(mentions(audit(kJobs, repeated), "summary.csv:31: metric 'B' unknown or repeated"));
  EXPECT_TRUE(mentions(audit(kJobs, with_field(kSummary, 24, 3, "30")),
                       "summary.csv:24: bucket_end '30' ends no period"));
  EXPECT_TRUE(mentions(audit(kJobs, with_field(kSummary, 5, 1, "A")),
                       "summary.csv:5: expected user 'all'"));
}

TEST(IntervalAudit, EveryJobsNumberIsChecked) {
  // Line 4 (task 3) with each column wrong in turn, the others as written.
  const struct {
    std::size_t column;
    const char* value;
    const char* said;
  } cases[] = {
      {0, "7", "is not the workload's job 3"},
      {1, "4", "is not the workload's job 3"},
      {2, "2", "expected one resource"},
      {3, "3", "is not the workload's job 3"},
      {4, "7", "finishes at 8, but 2 s of work started at 7"},
      {5, "2.5", "execution_time 2.5 is not"},
      {6, "8.5", "finishes at 8.5"},
      {7, "0", "waiting_time 0 is not"},
      {8, "r9", "resource 'r9' is not one of the run's"},
      {9, "FAILED", "expected one resource and state"},
  };
  for (const auto& c : cases)
    EXPECT_TRUE(
        mentions(audit(with_field(kJobs, 4, c.column, c.value), kSummary), "jobs.csv:4: ", c.said))
        << "column " << c.column;
  // Task 2 moved to r0, where its reservation [2, 6) overlaps task 1's [0, 4).
  EXPECT_TRUE(mentions(audit(with_field(kJobs, 3, 8, "r0"), kSummary), "jobs.csv:3: overlaps ",
                       "jobs.csv:2 on resource r0"));
}

TEST(IntervalAudit, ADependentTaskCountsInItsChainsPeriod) {
  // Task 4 depends on task 3: it is requested with it, in period 0, so the summary above (task 4
  // in a period of its own) is wrong.
  auto in = input();
  in.tasks[3].predecessor = 2;
  const auto out = audit(kJobs, kSummary, in);
  EXPECT_TRUE(mentions(out, "summary.csv:5: periods is '2', recomputed from jobs.csv 1"));
  EXPECT_TRUE(mentions(out, "bucket_end '20' ends no period"));
}

TEST(IntervalAudit, FinishesFollowTheHostsSpeed) {
  // r0's host runs at half its peak from 2 s on: task 1 (4 s of work from 0) ends at 6, task 4
  // (5 s from 13) at 23.
  auto in = input();
  in.resources[0].speed = {{2}, {0.5}};
  EXPECT_TRUE(mentions(audit(kJobs, kSummary, in),
                       "jobs.csv:2: finishes at 4, but 4 s of work "
                       "started at 0 on r0 end at 6"));
  auto jobs = with_field(with_field(kJobs, 2, 5, "6"), 2, 6, "6");
  jobs = with_field(with_field(jobs, 5, 5, "10"), 5, 6, "23");
  const auto out = audit(jobs, kSummary, in);
  EXPECT_TRUE(out.empty()) << out.front();
}

TEST(IntervalSpeedModel, TasksRunAtTheHostsSpeedAndShareItsCores) {
  // Constant speed: start + work.
  EXPECT_EQ(finish_times({{1, 3}, {10, 0.5}}, 1, {}), (std::vector<double>{4, 10.5}));
  // Twice the peak until 1, then a tenth: 2 s of work by 1, the last 1 s takes 10.
  EXPECT_DOUBLE_EQ(finish_times({{0, 3}}, 1, {{0, 1}, {2, 0.1}}).at(0), 11);
  // Two tasks at once on one core share it; on two cores they do not.
  EXPECT_EQ(finish_times({{0, 2}, {1, 2}}, 1, {}), (std::vector<double>{3, 4}));
  EXPECT_EQ(finish_times({{0, 2}, {1, 2}}, 2, {}), (std::vector<double>{2, 3}));
  // A host whose speed stays 0 never ends them.
  EXPECT_EQ(finish_times({{0, 1}}, 1, {{0}, {0}}).at(0), INFINITY);
  EXPECT_THROW(finish_times({{0, 0}}, 1, {}), std::invalid_argument);
}
