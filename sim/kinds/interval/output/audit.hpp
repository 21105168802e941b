// The auditor of interval runs: re-reads jobs.csv and summary.csv (not the in-memory run) and
// recomputes what they say from the workload and the rows' actual starts, so a bug in the RM, the
// lanes, the metrics or the writers cannot hide itself. Each violation is one message naming file
// and line:
//   - jobs.csv has the columns of jobs_header() and one row per task of the workload, in its
//     order, with its id, requested start (submission_time) and duration (requested_time); every
//     value a finite number where one is expected, one resource, state COMPLETED_SUCCESSFULLY;
//   - every task ran on one of the run's M resources, never before its requested start (soft
//     interval scheduling shifts tasks later, SCS §2.2), with waiting_time = start − requested
//     start and execution_time = finish − start;
//   - no two reservations [start, start + requested time) overlap on one resource;
//   - every finish is the one speed_model.hpp gives on the resource's host: start + requested
//     time on a host at its peak speed, later or earlier where its speed profile slows or speeds
//     it;
//   - summary.csv holds every figure recomputed from jobs.csv, and nothing else
//     (audit_summary.hpp).
#pragma once

#include <string>
#include <vector>

#include "model/interval_task.hpp"
#include "sim/kinds/interval/speed_model.hpp"

namespace arsim::kinds::interval {

// The columns of jobs.csv: Batsim's (sim/metrics/batsim_job.hpp); submission_time is the
// requested start, so waiting_time is actual − requested start.
const std::vector<std::string>& jobs_header();

// One of the run's M resources: its name in jobs.csv, and the host its tasks execute on.
struct AuditedResource {
  std::string name;
  int cores = 1;
  SpeedSteps speed;  // as the host's speed profile sets it; none: its peak throughout
};

struct AuditInput {
  std::vector<AuditedResource> resources;
  double period = 0;                       // T
  std::vector<model::IntervalTask> tasks;  // the workload, as the run numbers it (make_tasks)
};

std::vector<std::string> audit_run(const std::string& dir, const AuditInput& input);

}  // namespace arsim::kinds::interval
