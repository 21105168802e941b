// Runs one job on a site's hosts: waits for its start, takes its cores on hosts whose cores no
// other running job holds (the site's CoreAllocator), computes for the frame's length with them,
// and reports the job when it started and when it finished with the cores it held on each host
// (the co-allocation kind's reserved components).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "model/time.hpp"
#include "sim/actors/core_allocator.hpp"
#include "sim/metrics/job_record.hpp"
#include "sim/platform/platform_view.hpp"

namespace arsim::actors {

// (host name, cores) for each host a job ran on, in the site's host order.
using HostCores = std::vector<std::pair<std::string, int>>;

struct JobHooks {
  std::function<void(const metrics::JobRecord&)> started;                     // end = start
  std::function<void(const metrics::JobRecord&, const HostCores&)> finished;  // required
  // Kinds that model failures: a host of the site was off at the job's start (the job does not
  // run: not_run), or one it ran on failed (killed, its end the failure's time). Without these
  // hooks a failure ends the run.
  std::function<void(int job)> not_run = nullptr;
  std::function<void(const metrics::JobRecord&, const HostCores&)> killed = nullptr;
};

class JobRunner {
 public:
  // `cores` allocates the hosts of `site` (platform->site_hosts[site], in that order); the site's
  // other runners share it.
  JobRunner(const platform::PlatformView* platform, int site, int job, int cores,
            model::TimeFrame frame, std::shared_ptr<CoreAllocator> allocator, JobHooks hooks);
  void operator()();

 private:
  const platform::PlatformView* platform_;
  int site_;
  int job_;
  int cores_;
  model::TimeFrame frame_;
  std::shared_ptr<CoreAllocator> allocator_;
  JobHooks hooks_;
};

// An allocator of the cores of `site`'s hosts.
std::shared_ptr<CoreAllocator> site_allocator(const platform::PlatformView& platform, int site);

}  // namespace arsim::actors
