// Typed messages of a gangmatching run (Raman et al. §2, §4.3, §4.4). Each mailbox carries one
// variant type and is read with get_unique. Offers are shared, immutable: every member of a gang
// gets the same one ("send the entire gang to each agent", §4.3).
#pragma once

#include <memory>
#include <variant>

#include <simgrid/s4u/Mailbox.hpp>

#include "classad/ad.hpp"
#include "sim/kinds/gangmatch/members.hpp"
#include "sim/kinds/gangmatch/negotiation.hpp"

namespace arsim::kinds::gangmatch::protocol {

namespace sg4 = simgrid::s4u;

// Agent -> collector: the member's ad is now `ad` (jobs: priority = submit time).
struct Advertise {
  Member member;
  long version = 0;
  classad::ClassAd ad;
  double priority = 0;
};
// Agent -> collector: the member has no ad any more.
struct Withdraw {
  Member member;
  long version = 0;
};
using CollectorMessage = std::variant<Advertise, Withdraw>;

// Negotiator -> every member of a gang: the gang, and which node the member is.
struct Matched {
  std::shared_ptr<const GangOffer> offer;
  int node = 0;
};
// A job's execution -> its submit agent: the job finished.
struct JobCompleted {
  int job = -1;
};
using SubmitMessage = std::variant<Matched, JobCompleted>;

// Root -> member, phase one: is the match still valid for you?
struct Check {
  std::shared_ptr<const GangOffer> offer;
  int node = 0;
  sg4::Mailbox* reply = nullptr;
};
// Member -> root.
struct Vote {
  int gang = -1;
  int node = 0;
  bool ok = false;
};
// Root -> every member, phase two: the claim is established (the workstation starts the job) ...
struct Commit {
  std::shared_ptr<const GangOffer> offer;
  double duration = 0;
};
// ... or discarded: a member holding the gang lets it go, and every member advertises again.
struct Release {
  int gang = -1;
};
// A job's execution -> each resource of its gang: the job finished.
struct JobDone {
  int gang = -1;
};
using ResourceMessage = std::variant<Matched, Check, Commit, Release, JobDone>;
// What a resource's agent reads: a workstation has an agent of its own, the licenses share one
// (the license server), so each message names the resource it is for.
struct ToResource {
  Member to;
  ResourceMessage message;
};

}  // namespace arsim::kinds::gangmatch::protocol
