// Rows declared as (name, formatter) columns (sim/metrics/rows.hpp) and Batsim's job columns
// (sim/metrics/batsim_job.hpp).
#include "sim/metrics/rows.hpp"

#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sim/metrics/batsim_job.hpp"

namespace arsim::metrics {
namespace {

struct Part {
  std::string name;
  int count = 0;
};

struct Row {
  Part part;
  std::optional<double> when;
  double scale = 1;
};

TEST(Rows, HeaderAndFieldsComeFromOneTable) {
  Columns<Row> cols = columns_of(
      Columns<Part>{column("name", &Part::name), column("count", &Part::count)}, &Row::part);
  cols.push_back(column("when", &Row::when));
  cols.push_back(computed<Row>("twice", [](const Row& r) { return 2 * r.scale; }));
  EXPECT_EQ(header_of(cols), (std::vector<std::string>{"name", "count", "when", "twice"}));
  const std::vector<Row> rows = {{{"a,b", 3}, 1.5, 0.25}, {{"c", 0}, std::nullopt, 3}};
  EXPECT_EQ(rows_csv(cols, rows), "name,count,when,twice\n\"a,b\",3,1.5,0.5\nc,0,,6\n");
}

TEST(Rows, BatsimJobColumnsInBatsimsOrder) {
  EXPECT_EQ(
      header_of(batsim_job_columns()),
      (std::vector<std::string>{"job_id", "submission_time", "requested_number_of_resources",
                                "requested_time", "starting_time", "execution_time", "finish_time",
                                "waiting_time", "allocated_resources", "final_state"}));
  BatsimJob done;
  done.job_id = "7";
  done.requested_number_of_resources = 2;
  done.requested_time = 60;
  done.set_times(10, 25, 85);
  done.allocated_resources = "a;b";
  done.final_state = kCompleted;
  BatsimJob waiting;
  waiting.job_id = "8";
  waiting.set_times(12, std::nullopt, std::nullopt);
  waiting.final_state = kWaitingAtEnd;
  EXPECT_EQ(rows_csv(batsim_job_columns(), std::vector{done, waiting}),
            "job_id,submission_time,requested_number_of_resources,requested_time,starting_time,"
            "execution_time,finish_time,waiting_time,allocated_resources,final_state\n"
            "7,10,2,60,25,60,85,15,a;b,COMPLETED_SUCCESSFULLY\n"
            "8,12,0,,,,,,,WAITING_AT_END\n");
}

}  // namespace
}  // namespace arsim::metrics
