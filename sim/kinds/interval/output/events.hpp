// The events of an interval-scheduling run (SCS §2.2–2.3) and the Recorder that keeps what the
// writers and the auditor need. Pure: no SimGrid.
#pragma once

#include <variant>
#include <vector>

#include "sim/metrics/events.hpp"
#include "sim/metrics/job_record.hpp"

namespace arsim::kinds::interval {

// One activation of the scheduler: the tasks it was given and how many it deferred.
struct Activation {
  long period = 0;
  int tasks = 0;
  int deferred = 0;
};
// A task started, or finished, on its resource (request_id is the task's index in the workload).
struct TaskStarted {
  metrics::JobRecord task;
};
struct TaskFinished {
  metrics::JobRecord task;
};

using Event = std::variant<Activation, TaskStarted, TaskFinished>;
using EventSink = metrics::EventSink<Event>;

class Recorder : public EventSink {
 public:
  void on(const Event& event) override {
    if (const auto* a = std::get_if<Activation>(&event))
      activations.push_back(*a);
    else if (const auto* f = std::get_if<TaskFinished>(&event))
      finished.push_back(f->task);
  }
  std::vector<Activation> activations;       // in time order
  std::vector<metrics::JobRecord> finished;  // in completion order
};

}  // namespace arsim::kinds::interval
