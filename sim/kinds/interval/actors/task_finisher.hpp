// Waits for the executions of one resource's tasks to end, in the order they started
// (task_lane.hpp: a resource never runs two tasks at once), and reports each to the event sink as
// TaskFinished.
#pragma once

#include <memory>

#include "sim/kinds/interval/actors/task_lane.hpp"
#include "sim/kinds/interval/output/events.hpp"

namespace arsim::kinds::interval {

class TaskFinisher {
 public:
  TaskFinisher(std::shared_ptr<TaskLane> lane, EventSink* events);
  void operator()();

 private:
  std::shared_ptr<TaskLane> lane_;
  EventSink* events_;
};

}  // namespace arsim::kinds::interval
