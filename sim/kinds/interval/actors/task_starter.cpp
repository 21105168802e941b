#include "sim/kinds/interval/actors/task_starter.hpp"

#include <stdexcept>

#include <xbt/log.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_interval_starter, arsim, "Interval tasks: starts");

namespace arsim::kinds::interval {

namespace sg4 = simgrid::s4u;

TaskStarter::TaskStarter(std::shared_ptr<TaskLane> lane, EventSink* events)
    : lane_(std::move(lane)), events_(events) {
  if (!lane_ || !events_) throw std::invalid_argument("TaskStarter: incomplete context");
}

void TaskStarter::operator()() {
  sg4::Host* host = lane_->host();
  TaskLane::Task task;
  while (lane_->next_due(task)) {
    const double start = sg4::Engine::get_clock();
    events_->on(TaskStarted{{task.index, lane_->site(), 1, start, start}});
    // As one multi-threaded execution of one thread: the task's duration at the host's speed.
    sg4::ExecPtr exec = sg4::this_actor::exec_init(task.frame.length() * host->get_speed())
                            ->set_host(host)
                            ->set_thread_count(1)
                            ->start();
    XBT_DEBUG("task %d started at %g on %s", task.index, start, host->get_cname());
    lane_->started({task.index, start, exec});
  }
  lane_->starter_done();
}

}  // namespace arsim::kinds::interval
