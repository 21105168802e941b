// The event bus actors report to: every subscriber sees every event, in subscription order.
#include <gtest/gtest.h>

#include <string>
#include <variant>
#include <vector>

#include "sim/metrics/events.hpp"

namespace arsim::metrics {
namespace {

using Event = std::variant<int, std::string>;

struct Log : EventSink<Event> {
  explicit Log(std::vector<std::string>& out, std::string name)
      : out_(out), name_(std::move(name)) {}
  void on(const Event& e) override {
    out_.push_back(name_ + ":" +
                   (std::holds_alternative<int>(e) ? std::to_string(std::get<int>(e))
                                                   : std::get<std::string>(e)));
  }
  std::vector<std::string>& out_;
  std::string name_;
};

TEST(EventBus, ForwardsEveryEventToEverySubscriberInOrder) {
  std::vector<std::string> seen;
  Log a(seen, "a"), b(seen, "b");
  EventBus<Event> bus;
  bus.on(Event{0});  // nobody listens yet
  bus.subscribe(a);
  bus.subscribe(b);
  bus.on(Event{1});
  bus.on(Event{std::string("x")});
  EXPECT_EQ(seen, (std::vector<std::string>{"a:1", "b:1", "a:x", "b:x"}));
}

}  // namespace
}  // namespace arsim::metrics
