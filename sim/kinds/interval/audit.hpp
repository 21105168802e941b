// The auditor of interval runs: re-reads jobs.csv and summary.csv (not the in-memory run), so a
// bug in the RM, the scheduler's checker or the writers cannot hide itself. Checks, each violation
// one message naming file and line:
//   - jobs.csv has the columns of jobs_header(), one row per task (summary's "tasks"), no job id
//     twice, every value a finite number where one is expected, one resource per task, state
//     COMPLETED_SUCCESSFULLY;
//   - every task ran on one of the run's M resources, for exactly its requested time, never
//     before its requested start (soft interval scheduling shifts tasks later, SCS §2.2), with
//     waiting_time = start − requested start and finish = start + execution time;
//   - no two tasks overlap on one resource (half-open [start, finish));
//   - summary.csv's time_deviation (bucket_end "all") equals D of eq. (23) recomputed from
//     jobs.csv, Σ|waiting| / (N T), and its "resources" equals M;
//   - its period rows agree with the run's: their tasks add up to N, their deviations D_k N_k T to
//     Σ|waiting|, their B_k to P B (P = "periods", at least the periods listed).
#pragma once

#include <string>
#include <vector>

namespace arsim::kinds::interval {

// The columns of jobs.csv (Batsim-like; waiting_time is actual − requested start).
const std::vector<std::string>& jobs_header();

// `resources`: the names of the run's M resources; `period`: T.
std::vector<std::string> audit_run(const std::string& dir,
                                   const std::vector<std::string>& resources, double period);

}  // namespace arsim::kinds::interval
