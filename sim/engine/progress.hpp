// A progress line on stderr while a long run lasts: a run of a large platform or a slow planner
// (gridars-ip on hundreds of sites), or a gangmatch or matching run of many short cycles, otherwise
// shows nothing for minutes. Every `interval` seconds of wall time a thread prints the run, the
// wall time so far, the simulated time and how many of its requests, jobs or tasks are done. Only
// stderr: the run's files do not change.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <variant>

#include "sim/metrics/events.hpp"

namespace arsim::engine {

class ProgressLine {
 public:
  // `run` names the run (its folder); `what` the things counted ("requests decided"), out of
  // `total`. interval <= 0: no line and no thread. Call it once the run's SimGrid engine exists:
  // the simulated time is taken as the engine advances it.
  ProgressLine(std::string run, std::string what, std::size_t total, double interval);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  void add_done() { done_.fetch_add(1, std::memory_order_relaxed); }
  // The line as printed after `wall` seconds.
  std::string line(double wall) const;

 private:
  void loop();

  const std::string run_, what_;
  const std::size_t total_;
  const double interval_;
  std::atomic<std::size_t> done_{0};
  // Shared with the engine's time-advance callback, which may outlive this object.
  std::shared_ptr<std::atomic<double>> clock_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread thread_;
};

// Forwards every event of a run to its recorder and counts those of type `Counted` (a request
// decided, a job or a task finished) into the run's progress line.
template <class Event, class Counted>
class CountingSink : public metrics::EventSink<Event> {
 public:
  CountingSink(metrics::EventSink<Event>& next, ProgressLine& line) : next_(next), line_(line) {}
  void on(const Event& event) override {
    next_.on(event);
    if (std::holds_alternative<Counted>(event)) line_.add_done();
  }

 private:
  metrics::EventSink<Event>& next_;
  ProgressLine& line_;
};

}  // namespace arsim::engine
