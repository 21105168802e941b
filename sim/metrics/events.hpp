// How actors report what happens in a run: each run kind defines its events as one std::variant,
// its actors emit them to an EventSink, and the kind's recorders (writers, auditors, loggers)
// subscribe. An actor never knows which files will be written. Pure: no SimGrid.
#pragma once

#include <stdexcept>
#include <vector>

namespace arsim::metrics {

template <class Event>
class EventSink {
 public:
  virtual ~EventSink() = default;
  virtual void on(const Event& event) = 0;
};

// Forwards every event to its subscribers, in the order they subscribed.
template <class Event>
class EventBus : public EventSink<Event> {
 public:
  // `sink` must outlive the bus.
  void subscribe(EventSink<Event>& sink) { sinks_.push_back(&sink); }
  void on(const Event& event) override {
    for (auto* s : sinks_) s->on(event);
  }

 private:
  std::vector<EventSink<Event>*> sinks_;
};

}  // namespace arsim::metrics
