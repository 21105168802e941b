// What every actor of one co-allocation run shares: the platform it runs on and the sink its
// events go to; the mailbox names; the simulated sizes of control messages.
#pragma once

#include <memory>
#include <string>
#include <utility>

#include <simgrid/s4u/Mailbox.hpp>

#include "sim/actors/spawn.hpp"
#include "sim/kinds/coallocation/actors/messages.hpp"
#include "sim/kinds/coallocation/output/events.hpp"
#include "sim/platform/platform_view.hpp"

namespace arsim::kinds::coallocation {

namespace sg4 = simgrid::s4u;

class FailureBoard;

struct RunContext {
  const platform::PlatformView* platform = nullptr;
  EventSink* events = nullptr;  // where the actors report (output/events.hpp)
  // With failures (failures/board.hpp): the RMs attach their desks to it. Null without.
  FailureBoard* failures = nullptr;
  // Control-plane faults (docs/design/coallocation.md): a coordinator may crash, a network RM's
  // host or a control link may fail. The GRC then waits for answers only until a deadline and
  // sends what must arrive (cancels, releases, notices) again every `retry` seconds until it does.
  bool control_faults = false;
  double retry = 1;
};

// Mailbox names, in one place so senders and receivers agree.
inline sg4::Mailbox* compute_rm_mailbox(const std::string& site) {
  return sg4::Mailbox::by_name("rm:" + site);
}
inline sg4::Mailbox* network_rm_mailbox(const std::string& domain) {
  return sg4::Mailbox::by_name("nrm:" + domain);
}
// The mailbox of coordinator `name`: "grc" for the <grc>, "grc/NAME" for a <coordinator>; its
// replies arrive on this name with ":availability" and ":votes" appended.
inline std::string grc_mailbox_name(const std::string& name = "grc") {
  return name == "grc" ? name : "grc/" + name;
}
inline sg4::Mailbox* grc_mailbox(const std::string& name = "grc") {
  return sg4::Mailbox::by_name(grc_mailbox_name(name));
}

using actors::post;
using actors::spawn;

// Simulated sizes of control messages, in bytes.
constexpr double kControlMessageBytes = 1024;
constexpr double kBytesPerAvailabilityValue = 16;

}  // namespace arsim::kinds::coallocation
