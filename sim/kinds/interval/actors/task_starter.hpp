// Starts the tasks of one resource (task_lane.hpp): at each task's actual start, one execution on
// the resource's host for the task's duration (one core: duration x speed flops), reported to the
// event sink as TaskStarted; the lane's TaskFinisher waits for it to end.
#pragma once

#include <memory>

#include "sim/kinds/interval/actors/task_lane.hpp"
#include "sim/kinds/interval/output/events.hpp"

namespace arsim::kinds::interval {

class TaskStarter {
 public:
  TaskStarter(std::shared_ptr<TaskLane> lane, EventSink* events);
  void operator()();

 private:
  std::shared_ptr<TaskLane> lane_;
  EventSink* events_;
};

}  // namespace arsim::kinds::interval
