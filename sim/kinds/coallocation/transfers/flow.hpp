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

// Starts the two actors of one flow of `bytes` from `from` to `to` on mailbox `name` (unique per
// flow), capped at `rate` bytes/s when rate > 0; `on_end` gets the simulated time the flow ended.
// Returns the sender (join it to wait for the flow). Daemon flows (background traffic) do not keep
// the run going.
simgrid::s4u::ActorPtr start_flow(const std::string& name, simgrid::s4u::Host* from,
                                  simgrid::s4u::Host* to, double bytes, double rate, bool daemon,
                                  std::function<void(double)> on_end);

}  // namespace arsim::kinds::coallocation::transfers
