#include "sim/kinds/gangmatch/actors/negotiator.hpp"

#include <algorithm>
#include <stdexcept>

#include <xbt/log.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_gm_negotiator, arsim, "Gangmatching negotiator");

namespace arsim::kinds::gangmatch {

Negotiator::Negotiator(RunContext ctx, std::shared_ptr<schedulers::GangMatcher> matcher,
                       NegotiatorConfig config)
    : ctx_(ctx), matcher_(std::move(matcher)), config_(config) {
  if (!ctx_.events || !ctx_.pool || !ctx_.job_users)
    throw std::invalid_argument("Negotiator: incomplete context");
  if (!matcher_) throw std::invalid_argument("Negotiator: no gang matcher");
  if (!(config_.period > 0)) throw std::invalid_argument("Negotiator: period must be > 0");
  if (config_.cost.per_probe < 0 || config_.cost.per_evaluation < 0)
    throw std::invalid_argument("Negotiator: costs must be >= 0");
}

void Negotiator::operator()() {
  sg4::Actor::self()->daemonize();
  for (double next = config_.period; next < config_.horizon;) {
    sg4::this_actor::sleep_until(next);
    const double start = sg4::Engine::get_clock();
    if (ctx_.pool->roots() > 0) cycle();
    next = std::max(start + config_.period, sg4::Engine::get_clock());
  }
}

void Negotiator::cycle() {
  const double start = sg4::Engine::get_clock();
  const auto snapshot = ctx_.pool->snapshot(start);
  const CycleResult r = negotiate(snapshot, *matcher_, config_.cost, cycles_, gangs_);
  sg4::this_actor::sleep_for(r.cost);
  const double now = sg4::Engine::get_clock();
  for (const auto& offer : r.offers) {
    for (Member m : offer->members) ctx_.pool->remove(m);
    const double bytes = kControlBytes + kBytesPerAd * static_cast<double>(offer->members.size());
    post(member_mailbox(ctx_, offer->root()), protocol::SubmitMessage{protocol::Matched{offer, 0}},
         bytes);
    for (int node = 1; node < static_cast<int>(offer->members.size()); ++node)
      post_to_resource(ctx_, offer->members[node], protocol::Matched{offer, node}, bytes);
    ctx_.events->on(GangMatched{offer->id, r.cycle, now, offer->members});
  }
  ctx_.events->on(CycleEnded{CycleRow{r.cycle, start, now, r.roots, r.resources,
                                      static_cast<int>(r.offers.size()), r.stats.probes,
                                      r.stats.evaluations, r.stats.docks, r.stats.seconds}});
  XBT_INFO("cycle %d at %g: %d jobs, %d resources, %zu gangs, %ld probes, %g s", r.cycle, start,
           r.roots, r.resources, r.offers.size(), r.stats.probes, r.cost);
  ++cycles_;
  gangs_ += static_cast<int>(r.offers.size());
}

}  // namespace arsim::kinds::gangmatch
