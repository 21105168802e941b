// Receiving control messages when links and hosts of the control network may fail
// (docs/design/coallocation.md, Control-plane faults). A transfer that a failed link or host cuts
// throws NetworkFailureException at its receiver too: the message is lost, and the receiver waits
// for the next one. Without failures these are get_unique, event for event.
#pragma once

#include <memory>

#include <simgrid/Exception.hpp>
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

}  // namespace arsim::actors
