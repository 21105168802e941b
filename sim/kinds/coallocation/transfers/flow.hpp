// One flow of data between two hosts, as SimGrid 3.32 can cap it: Comm::set_rate is honoured for
// a mailbox rendezvous (put_init/get), not for a host-to-host Comm::sendto, so a flow is a sender
// actor on the source host and a receiver actor on the destination host meeting on a mailbox of
// their own.
#pragma once

#include <functional>
#include <string>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Host.hpp>

namespace arsim::kinds::coallocation::transfers {

struct FlowSpec {
  double bytes = 0;
  double rate = 0;      // cap in bytes/s; 0: none
  double deadline = 0;  // > 0: the flow is cut at this instant (background slots)
  bool daemon = false;  // does not keep the run going (background traffic)
};

// Starts the two actors of one flow from `from` to `to` on mailbox `name` (unique per flow).
// `on_end(end, bytes carried)` is called when it ends or is cut (a flow that ended before its
// deadline is reported at the deadline). Returns the sender: join it to wait for the flow.
simgrid::s4u::ActorPtr start_flow(const std::string& name, simgrid::s4u::Host* from,
                                  simgrid::s4u::Host* to, FlowSpec spec,
                                  std::function<void(double, double)> on_end);

}  // namespace arsim::kinds::coallocation::transfers
