#include "sim/kinds/interval/actors/task_finisher.hpp"

#include <stdexcept>

#include <xbt/log.h>
#include <simgrid/s4u/Engine.hpp>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_interval_finisher, arsim, "Interval tasks: ends");

namespace arsim::kinds::interval {

namespace sg4 = simgrid::s4u;

TaskFinisher::TaskFinisher(std::shared_ptr<TaskLane> lane, EventSink* events)
    : lane_(std::move(lane)), events_(events) {
  if (!lane_ || !events_) throw std::invalid_argument("TaskFinisher: incomplete context");
}

void TaskFinisher::operator()() {
  TaskLane::Running running;
  while (lane_->next_running(running)) {
    running.exec->wait();
    const double end = sg4::Engine::get_clock();
    XBT_DEBUG("task %d ended at %g", running.index, end);
    events_->on(TaskFinished{{running.index, lane_->site(), 1, running.start, end}});
    running.exec = nullptr;  // the execution's memory goes with it
    lane_->finished();
  }
}

}  // namespace arsim::kinds::interval
