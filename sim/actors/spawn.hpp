// Starting actor objects and sending detached messages, for every run kind's actors.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Mailbox.hpp>

namespace arsim::actors {

namespace sg4 = simgrid::s4u;

// What an actor threw (an algorithm's wrong answer, a broken client of `external`): the run
// fails with that one line instead of aborting the process.
class ActorFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Runs an actor's body. An exception ends the simulation: its message is kept (the first one
// only) and every other actor is killed, so the engine returns and rethrow_failure() reports it.
void guarded(const std::function<void()>& body);
// Throws ActorFailure with what an actor threw during the engine's run, if one did.
void rethrow_failure();

// Starts an actor of class A (constructed here, so its constructor validates before anything
// runs). The object is shared, not copied: actor classes own state such as reservation tables.
template <class A, class... Args>
sg4::ActorPtr spawn(const std::string& name, sg4::Host* host, Args&&... args) {
  auto actor = std::make_shared<A>(std::forward<Args>(args)...);
  return sg4::Actor::create(name, host, [actor]() { guarded([&actor] { (*actor)(); }); });
}

// Sends a message without waiting for its receiver (detached): the receiver owns it through
// get_unique<T>(). `bytes` is its simulated size on the control network. A message never received
// (still on its way, or in the mailbox of an actor that has ended, when the run ends) is freed by
// SimGrid when the communication is destroyed.
template <class T>
void post(sg4::Mailbox* to, T message, double bytes) {
  to->put_init(new T(std::move(message)), static_cast<std::uint64_t>(bytes))->detach([](void* p) {
    delete static_cast<T*>(p);
  });
}

}  // namespace arsim::actors
