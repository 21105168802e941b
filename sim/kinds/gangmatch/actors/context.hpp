// What the actors of one gangmatching run share: the event sink, the collector's pool (the
// collector and the negotiator are one central manager and share it), which submit agent owns
// each job; the mailbox names and the simulated sizes of messages.
#pragma once

#include <string>
#include <vector>

#include <simgrid/s4u/Mailbox.hpp>

#include "sim/actors/spawn.hpp"
#include "sim/kinds/gangmatch/actors/messages.hpp"
#include "sim/kinds/gangmatch/output/events.hpp"
#include "sim/kinds/gangmatch/pool.hpp"
#include "sim/kinds/gangmatch/resource_state.hpp"

namespace arsim::kinds::gangmatch {

namespace sg4 = simgrid::s4u;

struct RunContext {
  EventSink* events = nullptr;
  AdPool* pool = nullptr;
  const std::vector<std::string>* job_users = nullptr;  // per job: its submit agent's user
};

// Mailbox names, in one place so senders and receivers agree.
sg4::Mailbox* collector_mailbox();
sg4::Mailbox* submit_mailbox(const std::string& user);
sg4::Mailbox* votes_mailbox(const std::string& user);
// A workstation's agent, the license server (every license), or a job's submit agent.
sg4::Mailbox* member_mailbox(const RunContext& ctx, Member m);
// Sends `message` to resource `to` (a workstation or a license) through its agent's mailbox.
void post_to_resource(const RunContext& ctx, Member to, protocol::ResourceMessage message,
                      double bytes);

// Simulated sizes: a control message, and each ad a message carries.
constexpr double kControlBytes = 512;
constexpr double kBytesPerAd = 1024;

// Sends the collector what it should hold for a free resource: its current ad, or a withdrawal.
// Does nothing while a gang holds the resource (its ad left the pool when it was matched).
void advertise(ResourceState& state);

using actors::post;
using actors::spawn;

}  // namespace arsim::kinds::gangmatch
