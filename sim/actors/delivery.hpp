// Sending and receiving control messages when links and hosts of the control network may fail
// (docs/design/coallocation.md, Control-plane faults). A transfer that a failed link or host cuts
// throws NetworkFailureException at both ends: the receiver waits for the next message, a sender
// that must get it through sends it again. Without failures these are put and get_unique, event
// for event.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>

#include <simgrid/Exception.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Mailbox.hpp>

namespace arsim::actors {

namespace sg4 = simgrid::s4u;

// The next message of `box` that arrives whole.
template <class T>
std::unique_ptr<T> receive(sg4::Mailbox* box) {
  for (;;) {
    try {
      return box->get_unique<T>();
    } catch (const simgrid::NetworkFailureException&) {
      // lost on its way: wait for the next one
    }
  }
}

// The next message of `box` that arrives whole before `deadline` (simulated time), or null.
template <class T>
std::unique_ptr<T> receive_until(sg4::Mailbox* box, double deadline) {
  for (;;) {
    const double left = deadline - sg4::Engine::get_clock();
    if (left <= 0) return nullptr;
    try {
      return box->get_unique<T>(left);
    } catch (const simgrid::TimeoutException&) {
      return nullptr;
    } catch (const simgrid::NetworkFailureException&) {
      // lost on its way: wait for the next one
    }
  }
}

// Puts `message` into `to` until it arrives whole, sending it again `retry` seconds after a
// failed link or host lost it; a receiver that is down is waited for. With `until`, gives up
// (false) once that instant has passed; without, the put has no timeout.
template <class T>
bool deliver(sg4::Mailbox* to, std::unique_ptr<T> message, double bytes, double retry,
             double until = std::numeric_limits<double>::infinity()) {
  const auto size = static_cast<std::uint64_t>(bytes);
  for (;;) {
    const double left = until - sg4::Engine::get_clock();
    if (left <= 0) return false;
    try {
      if (left == std::numeric_limits<double>::infinity())
        to->put(message.get(), size);
      else
        to->put(message.get(), size, left);
      message.release();  // the receiver owns it
      return true;
    } catch (const simgrid::TimeoutException&) {
      return false;
    } catch (const simgrid::NetworkFailureException&) {
      sg4::this_actor::sleep_for(retry);
    }
  }
}

}  // namespace arsim::actors
