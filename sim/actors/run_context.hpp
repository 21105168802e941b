// What every actor of one run shares: the platform it runs on and the record it fills.
#pragma once

#include <memory>
#include <string>
#include <utility>

#include <simgrid/s4u/Actor.hpp>

#include <simgrid/s4u/Mailbox.hpp>

#include "sim/metrics/records.hpp"
#include "sim/protocol/messages.hpp"
#include "sim/platform/platform_view.hpp"

namespace arsim::actors {

namespace sg4 = simgrid::s4u;

struct RunContext {
  const platform::PlatformView* platform = nullptr;
  metrics::RunRecord* record = nullptr;
};

// Mailbox names, in one place so senders and receivers agree.
inline sg4::Mailbox* compute_rm_mailbox(const std::string& site) {
  return sg4::Mailbox::by_name("rm:" + site);
}
inline sg4::Mailbox* network_rm_mailbox(const std::string& domain) {
  return sg4::Mailbox::by_name("nrm:" + domain);
}
inline sg4::Mailbox* grc_mailbox() { return sg4::Mailbox::by_name("grc"); }

// Starts an actor of class A (constructed here, so its constructor validates before anything
// runs). The object is shared, not copied: actor classes own state such as reservation tables.
template <class A, class... Args>
sg4::ActorPtr spawn(const std::string& name, sg4::Host* host, Args&&... args) {
  auto actor = std::make_shared<A>(std::forward<Args>(args)...);
  return sg4::Actor::create(name, host, [actor]() { (*actor)(); });
}

// Sends a message without waiting for its receiver (detached): the receiver owns it through
// get_unique<T>(). `bytes` is its simulated size on the control network.
template <class T>
void post(sg4::Mailbox* to, T message, double bytes) {
  to->put_init(new T(std::move(message)), static_cast<uint64_t>(bytes))->detach();
}

// Simulated sizes of control messages, in bytes.
constexpr double kControlMessageBytes = 1024;
constexpr double kBytesPerAvailabilityValue = 16;

}  // namespace arsim::actors
