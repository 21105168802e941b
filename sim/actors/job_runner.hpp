// Runs one job on a site's hosts: waits for its start, then computes for the frame's length with
// the given number of cores, and reports the job when it started and when it finished (the
// co-allocation kind's reserved components).
#pragma once

#include <functional>

#include "model/time.hpp"
#include "sim/metrics/job_record.hpp"
#include "sim/platform/platform_view.hpp"

namespace arsim::actors {

struct JobHooks {
  std::function<void(const metrics::JobRecord&)> started;   // end not yet known (= start)
  std::function<void(const metrics::JobRecord&)> finished;  // required
};

class JobRunner {
 public:
  JobRunner(const platform::PlatformView* platform, int site, int job, int cores,
            model::TimeFrame frame, JobHooks hooks);
  void operator()();

 private:
  const platform::PlatformView* platform_;
  int site_;
  int job_;
  int cores_;
  model::TimeFrame frame_;
  JobHooks hooks_;
};

}  // namespace arsim::actors
