// The interval auditor (sim/kinds/interval/audit.hpp) on hand-written run folders: two periods of
// T = 10 on resources r0 and r1, then the same summary with one figure changed.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "sim/kinds/interval/audit.hpp"

namespace fs = std::filesystem;
using arsim::kinds::interval::audit_run;

namespace {

// Period 0: tasks 1-3 (task 3 waits 1 s); period 1: task 4. D = 1 / (4 x 10); D_0 = 1 / 30,
// B_0 = 10 / 10, B_1 = 5 / 10, B = 0.75 over P = 2.
const char* kJobs =
    "job_id,submission_time,requested_number_of_resources,requested_time,starting_time,"
    "execution_time,finish_time,waiting_time,allocated_resources,final_state\n"
    "1,0,1,4,0,4,4,0,r0,COMPLETED_SUCCESSFULLY\n"
    "2,2,1,4,2,4,6,0,r1,COMPLETED_SUCCESSFULLY\n"
    "3,5,1,2,6,2,8,1,r1,COMPLETED_SUCCESSFULLY\n"
    "4,13,1,5,13,5,18,0,r0,COMPLETED_SUCCESSFULLY\n";

std::string summary(const std::string& tasks_0 = "3",
                    const std::string& deviation_0 = "0.03333333333333333",
                    const std::string& load_1 = "0.5") {
  return "metric,user,resource,bucket_end,value\n"
         "time_deviation,all,,all,0.025\n"
         "tasks,all,,all,4\n"
         "resources,all,,all,2\n"
         "periods,all,,all,2\n"
         "B,all,,all,0.75\n"
         "time_deviation,all,,10," +
         deviation_0 + "\ntasks,all,,10," + tasks_0 +
         "\nB,all,,10,1\n"
         "time_deviation,all,,20,0\n"
         "tasks,all,,20,1\n"
         "B,all,,20," +
         load_1 + "\n";
}

std::vector<std::string> audit(const std::string& summary_text) {
  const fs::path dir =
      fs::temp_directory_path() / ("arsim-interval-audit-" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "jobs.csv") << kJobs;
  std::ofstream(dir / "summary.csv") << summary_text;
  auto out = audit_run(dir.string(), {"r0", "r1"}, 10);
  fs::remove_all(dir);
  return out;
}

bool mentions(const std::vector<std::string>& violations, const std::string& text) {
  for (const auto& v : violations)
    if (v.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(IntervalAudit, PeriodRowsThatAgreeWithTheRunPass) {
  EXPECT_TRUE(audit(summary()).empty());
}

TEST(IntervalAudit, PeriodRowsThatDisagreeAreReported) {
  const std::string exact = "0.03333333333333333";
  EXPECT_TRUE(mentions(audit(summary("2", exact)), "the periods' tasks (3)"));
  EXPECT_TRUE(mentions(audit(summary("3", "0.05")), "the periods' deviations add up to 1.5"));
  EXPECT_TRUE(mentions(audit(summary("3", exact, "0.7")), "the periods' B add up to 1.7"));
  EXPECT_TRUE(mentions(audit(summary("3", exact, "")), "period ending 20"));
}
