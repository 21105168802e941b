#include "sim/kinds/gangmatch/actors/resource_agent.hpp"

#include <stdexcept>

#include <xbt/log.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include "sim/kinds/gangmatch/actors/job_execution.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_gm_resource, arsim,
                                "Gangmatching workstation and license agents");

namespace arsim::kinds::gangmatch {

ResourceAgent::ResourceAgent(RunContext ctx, std::shared_ptr<ResourceState> state)
    : ctx_(ctx), state_(std::move(state)) {
  if (!ctx_.events || !ctx_.job_users)
    throw std::invalid_argument("ResourceAgent: incomplete context");
  if (!state_) throw std::invalid_argument("ResourceAgent: no resource");
}

void ResourceAgent::operator()() {
  sg4::Actor::self()->daemonize();
  sg4::Mailbox* box = member_mailbox(ctx_, state_->id());
  advertise(*state_);
  for (;;) {
    auto message = box->get_unique<protocol::ResourceMessage>();
    if (auto* m = std::get_if<protocol::Matched>(message.get()))
      XBT_DEBUG("%s: in gang %d", member_name(state_->id()).c_str(), m->offer->id);
    else if (auto* c = std::get_if<protocol::Check>(message.get()))
      check(*c);
    else if (auto* c = std::get_if<protocol::Commit>(message.get()))
      commit(*c);
    else if (auto* r = std::get_if<protocol::Release>(message.get()))
      let_go(r->gang, false);
    else
      let_go(std::get<protocol::JobDone>(*message).gang, true);
  }
}

void ResourceAgent::check(const protocol::Check& c) {
  const double now = sg4::Engine::get_clock();
  const Verdict v = state_->check(*c.offer, c.node, now);
  if (v.ok)
    ctx_.events->on(HoldStarted{state_->id(), c.offer->id, c.offer->root().index, now});
  else
    ctx_.events->on(ClaimRefused{c.offer->id, state_->id(), v.reason, now});
  XBT_DEBUG("%s: gang %d %s %s", member_name(state_->id()).c_str(), c.offer->id,
            v.ok ? "yes" : "no:", v.reason.c_str());
  post(c.reply, protocol::Vote{c.offer->id, c.node, v.ok}, kControlBytes);
}

void ResourceAgent::commit(const protocol::Commit& c) {
  state_->commit(c.offer->id);
  if (state_->id().kind == MemberKind::Workstation)
    spawn<JobExecution>("job" + std::to_string(c.offer->root().index), sg4::this_actor::get_host(),
                        ctx_, c.offer, state_->id(), c.duration);
}

void ResourceAgent::let_go(int gang, bool job_done) {
  if (state_->release(gang))
    ctx_.events->on(HoldEnded{state_->id(), gang, sg4::Engine::get_clock()});
  else if (job_done)
    throw std::logic_error(member_name(state_->id()) + ": the job of gang " + std::to_string(gang) +
                           " ended, but the gang did not hold it");
  advertise(*state_);  // back into the pool: its ad left it when the gang was matched
}

}  // namespace arsim::kinds::gangmatch
