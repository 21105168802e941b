// A job that ran on a site: which, where, with how many cores, when it started and ended. What
// sim/actors/job_runner.hpp reports, for any run kind that executes jobs.
#pragma once

namespace arsim::metrics {

struct JobRecord {
  int request_id = -1;  // the job's id in its run kind: a request, a task index
  int site = -1;        // vertex id
  int cores = 0;
  double start = 0;
  double end = 0;
};

}  // namespace arsim::metrics
