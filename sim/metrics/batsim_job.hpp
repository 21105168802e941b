// The columns every simulating kind's jobs.csv starts with: Batsim's, in its order and units
// (seconds; https://batsim.readthedocs.io/en/latest/output-jobs.html), so one reader reads every
// kind's jobs (docs/reference/outputs.md says what each column means in each kind).
#pragma once

#include <optional>
#include <string>

#include "sim/metrics/rows.hpp"

namespace arsim::metrics {

// final_state of a job that ran to its end (Batsim's name), of one the scheduler refused (Batsim's
// REJECTED), and of the jobs a run ended before they finished (arsim's: Batsim runs every job to
// its end): still running, submitted but never started, or never submitted.
inline constexpr const char* kCompleted = "COMPLETED_SUCCESSFULLY";
inline constexpr const char* kKilled = "COMPLETED_KILLED";  // Batsim's state of a killed job
inline constexpr const char* kRejected = "REJECTED";
inline constexpr const char* kRunningAtEnd = "RUNNING_AT_END";
inline constexpr const char* kWaitingAtEnd = "WAITING_AT_END";
inline constexpr const char* kNotSubmitted = "NOT_SUBMITTED";

// One job; an empty optional is an empty field (a time that did not happen).
struct BatsimJob {
  std::string job_id;
  std::optional<double> submission_time;
  int requested_number_of_resources = 0;
  std::optional<double> requested_time;
  std::optional<double> starting_time;
  std::optional<double> execution_time;  // finish_time - starting_time
  std::optional<double> finish_time;
  std::optional<double> waiting_time;  // starting_time - submission_time in Batsim
  std::string allocated_resources;
  std::string final_state;

  // Sets the four times and derives execution_time and waiting_time as Batsim does, each empty
  // when one of its operands is.
  void set_times(std::optional<double> submit, std::optional<double> start,
                 std::optional<double> finish);
};

// The ten columns, in Batsim's order.
const Columns<BatsimJob>& batsim_job_columns();

// The columns of a kind's jobs.csv: Batsim's, of the row's member `batsim`, then the kind's own.
template <class Row>
Columns<Row> batsim_job_columns(BatsimJob Row::*batsim, const Columns<Row>& own) {
  auto out = columns_of(batsim_job_columns(), batsim);
  out.insert(out.end(), own.begin(), own.end());
  return out;
}

}  // namespace arsim::metrics
