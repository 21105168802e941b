// Sends messages to one mailbox in the order they were handed over, one at a time, from the host
// the courier runs on: each message is put when the previous one has been received.
//
// This is what detached sends (post) to a mailbox read later already do, message for message: a
// send waits in the mailbox and its transfer starts when the receiver reads it (or at once if the
// receiver already waits). The difference is the cost. SimGrid 3.32 keeps every pending detached
// send in one kernel list, which it scans whenever any communication of the run ends, and scans
// the mailbox queue on every new send; thousands of messages waiting for a receiver that reads
// them late make every communication of the run cost as much as the backlog. Through a courier at
// most one message per mailbox is pending in SimGrid; the backlog waits here, in a deque.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Mailbox.hpp>
#include <simgrid/s4u/Semaphore.hpp>

#include "sim/actors/delivery.hpp"

namespace arsim::actors {

namespace sg4 = simgrid::s4u;

template <class T>
class Courier {
 public:
  explicit Courier(sg4::Mailbox* to, double retry = 1)
      : to_(to), retry_(retry), ready_(sg4::Semaphore::create(0)) {
    if (!to_) throw std::invalid_argument("Courier: no mailbox");
    if (!(retry_ > 0)) throw std::invalid_argument("Courier: retry must be > 0");
  }

  // Starts a courier to `to` on `host` (the sender's host, so messages take the sender's route).
  // It is a daemon: it ends with the last regular actor of the run. A message that a failed link
  // or host lost on its way is sent again `retry` seconds later, until it arrives: a courier
  // delivers every message, in order (a receiver that is down gets it when it is back).
  static std::shared_ptr<Courier> start(sg4::Mailbox* to, sg4::Host* host, double retry = 1) {
    auto courier = std::make_shared<Courier>(to, retry);
    sg4::Actor::create("courier:" + to->get_name(), host, [courier]() { (*courier)(); });
    return courier;
  }

  // Hands a message over; never blocks. `bytes` is its simulated size.
  void send(T message, double bytes) {
    queue_.emplace_back(std::make_unique<T>(std::move(message)), bytes);
    ready_->release();
  }

  void operator()() {
    sg4::Actor::self()->daemonize();
    for (;;) {
      ready_->acquire();
      auto [message, bytes] = std::move(queue_.front());
      queue_.pop_front();
      deliver(to_, std::move(message), bytes, retry_);
    }
  }

 private:
  sg4::Mailbox* to_;
  double retry_;
  sg4::SemaphorePtr ready_;
  std::deque<std::pair<std::unique_ptr<T>, double>> queue_;
};

}  // namespace arsim::actors
