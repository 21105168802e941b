// Receiving the next message of a mailbox or waking up at a given time, whichever comes first,
// for an actor that both waits for messages and acts at times of its own (a submit agent
// advertising jobs at their submit times). One receive stays posted across calls: waiting with
// Comm::wait_any_for leaves it pending when the time comes first, so a message in transit at
// that moment is not lost (a plain get with a timeout would cancel it).
#pragma once

#include <cmath>
#include <memory>

#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Mailbox.hpp>

namespace arsim::kinds::gangmatch {

template <class T>
class Inbox {
 public:
  explicit Inbox(simgrid::s4u::Mailbox* box) : box_(box) {}
  ~Inbox() {
    if (pending_) pending_->cancel();
  }
  Inbox(const Inbox&) = delete;
  Inbox& operator=(const Inbox&) = delete;

  // The next message, or nullptr when the clock reaches `until` first (never when it is
  // infinite).
  std::unique_ptr<T> next(double until) {
    namespace sg4 = simgrid::s4u;
    if (!pending_) pending_ = box_->get_async<T>(&data_);
    const double timeout = until - sg4::Engine::get_clock();
    if (std::isinf(timeout) && timeout > 0)
      pending_->wait();
    else if (timeout <= 0 && !pending_->test())
      return nullptr;
    else if (timeout > 0 && sg4::Comm::wait_any_for({pending_}, timeout) != 0)
      return nullptr;
    pending_ = nullptr;
    std::unique_ptr<T> out(data_);
    data_ = nullptr;
    return out;
  }

 private:
  simgrid::s4u::Mailbox* box_;
  simgrid::s4u::CommPtr pending_;
  T* data_ = nullptr;
};

}  // namespace arsim::kinds::gangmatch
