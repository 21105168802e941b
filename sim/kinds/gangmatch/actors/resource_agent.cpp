#include "sim/kinds/gangmatch/actors/resource_agent.hpp"

#include <stdexcept>

#include <xbt/log.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include "sim/kinds/gangmatch/actors/job_execution.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_gm_resource, arsim,
                                "Gangmatching workstation agents and license server");

namespace arsim::kinds::gangmatch {

ResourceAgent::ResourceAgent(RunContext ctx, std::vector<std::shared_ptr<ResourceState>> states)
    : ctx_(ctx), states_(std::move(states)) {
  if (!ctx_.events || !ctx_.job_users)
    throw std::invalid_argument("ResourceAgent: incomplete context");
  if (states_.empty()) throw std::invalid_argument("ResourceAgent: no resource");
  for (const auto& s : states_) {
    if (!s) throw std::invalid_argument("ResourceAgent: no resource");
    if (member_mailbox(ctx_, s->id()) != member_mailbox(ctx_, states_.front()->id()))
      throw std::invalid_argument("ResourceAgent: resources of different mailboxes");
    by_member_[s->id()] = s.get();
  }
}

ResourceState& ResourceAgent::state(Member m) {
  auto it = by_member_.find(m);
  if (it == by_member_.end())
    throw std::logic_error("ResourceAgent: a message for " + member_name(m) + ", not served here");
  return *it->second;
}

void ResourceAgent::operator()() {
  sg4::Actor::self()->daemonize();
  sg4::Mailbox* box = member_mailbox(ctx_, states_.front()->id());
  for (const auto& s : states_) advertise(*s);
  for (;;) {
    const auto envelope = box->get_unique<protocol::ToResource>();
    ResourceState& s = state(envelope->to);
    const auto& message = envelope->message;
    if (const auto* m = std::get_if<protocol::Matched>(&message))
      XBT_DEBUG("%s: in gang %d", member_name(s.id()).c_str(), m->offer->id);
    else if (const auto* c = std::get_if<protocol::Check>(&message))
      check(s, *c);
    else if (const auto* c = std::get_if<protocol::Commit>(&message))
      commit(s, *c);
    else if (const auto* r = std::get_if<protocol::Release>(&message))
      let_go(s, r->gang, false);
    else
      let_go(s, std::get<protocol::JobDone>(message).gang, true);
  }
}

void ResourceAgent::check(ResourceState& s, const protocol::Check& c) {
  const double now = sg4::Engine::get_clock();
  const Verdict v = s.check(*c.offer, c.node, now);
  if (v.ok)
    ctx_.events->on(HoldStarted{s.id(), c.offer->id, c.offer->root().index, now});
  else
    ctx_.events->on(ClaimRefused{c.offer->id, s.id(), v.reason, now});
  XBT_DEBUG("%s: gang %d %s %s", member_name(s.id()).c_str(), c.offer->id,
            v.ok ? "yes" : "no:", v.reason.c_str());
  post(c.reply, protocol::Vote{c.offer->id, c.node, v.ok}, kControlBytes);
}

void ResourceAgent::commit(ResourceState& s, const protocol::Commit& c) {
  s.commit(c.offer->id);
  if (s.id().kind == MemberKind::Workstation)
    spawn<JobExecution>("job" + std::to_string(c.offer->root().index), sg4::this_actor::get_host(),
                        ctx_, c.offer, s.id(), c.duration);
}

void ResourceAgent::let_go(ResourceState& s, int gang, bool job_done) {
  if (s.release(gang))
    ctx_.events->on(HoldEnded{s.id(), gang, sg4::Engine::get_clock()});
  else if (job_done)
    throw std::logic_error(member_name(s.id()) + ": the job of gang " + std::to_string(gang) +
                           " ended, but the gang did not hold it");
  advertise(s);  // back into the pool: its ad left it when the gang was matched
}

}  // namespace arsim::kinds::gangmatch
