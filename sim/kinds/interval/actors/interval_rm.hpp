// An interval-scheduling resource manager (SCS §2.2-2.3): every period T it gives the tasks whose
// requested start falls in the period (and those deferred by the previous activation) to a
// registered IntervalScheduler over M resources, carrying each resource's busy-until time and each
// predecessor's actual finish over to later activations; the tasks then run on the resources'
// hosts at their actual start times, each resource's by the two actors of its TaskLane
// (task_lane.hpp), so the actors of a run do not grow with its tasks. Every activation and task is
// reported to the run's event sink, so jobs.csv records what the simulation executed.
#pragma once

#include <memory>
#include <vector>

#include "schedulers/interval_scheduler.hpp"
#include "sim/kinds/interval/actors/task_lane.hpp"
#include "sim/kinds/interval/output/events.hpp"
#include "sim/platform/platform_view.hpp"

namespace arsim::kinds::interval {

struct IntervalRmConfig {
  std::vector<int> resources;  // site vertex ids: resource r runs on the first host of resources[r]
  double period = 0;           // T (> 0)
  double origin = 0;           // start of the first period
};

class IntervalRm {
 public:
  IntervalRm(const platform::PlatformView* platform, EventSink* events,
             std::shared_ptr<schedulers::IntervalScheduler> scheduler,
             std::vector<schedulers::IntervalTask> tasks, IntervalRmConfig config);
  void operator()();

 private:
  // The activation problem of `batch` (task indices, ascending) at period_start.
  schedulers::IntervalProblem problem(const std::vector<int>& batch, double period_start) const;
  // One lane per resource and its two actors, started with the RM (they end once it has closed
  // the lanes and their tasks have run).
  void start_lanes();
  // Queues the batch's placed tasks on their resources' lanes and returns the indices the
  // scheduler deferred.
  std::vector<int> dispatch(const std::vector<int>& batch, const schedulers::IntervalSchedule& s);

  const platform::PlatformView* platform_;
  EventSink* events_;
  std::shared_ptr<schedulers::IntervalScheduler> scheduler_;
  std::vector<schedulers::IntervalTask> tasks_;
  IntervalRmConfig config_;
  std::vector<double> busy_;          // per resource: when its placed work ends
  std::vector<double> actual_start_;  // per task, once placed
  std::vector<char> placed_, deferred_;
  std::vector<std::shared_ptr<TaskLane>> lanes_;  // per resource, made when the RM starts
};

}  // namespace arsim::kinds::interval
