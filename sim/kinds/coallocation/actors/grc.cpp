#include "sim/kinds/coallocation/actors/grc.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <stdexcept>
#include <utility>

#include <xbt/log.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include "sim/actors/delivery.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_grc, arsim, "Global resource coordinator");

namespace arsim::kinds::coallocation {

// Which RM holds what: cores on each site's compute RM, bandwidth on each path's network RM
// (summed per path when several requested pairs share it: plan_amounts).
Grc::HoldPlan Grc::split_by_rm(const model::ResourceGraph& g, const Amounts& a) {
  HoldPlan out;
  for (const auto& [v, cores] : a.cores)
    out[compute_rm_mailbox(g.vertex(v).name)->get_name()].push_back({v, cores});
  for (const auto& [e, bw] : a.bandwidth)
    out[network_rm_mailbox(g.edge(e).domain)->get_name()].push_back({e, bw});
  return out;
}

Grc::Grc(RunContext ctx, std::shared_ptr<schedulers::CoallocationPlanner> planner, GrcConfig config,
         TransferStarter* transfers)
    : ctx_(ctx),
      planner_(planner),
      coordinator_(std::move(planner), config.decision),
      transfers_(transfers),
      name_(config.name),
      hold_timeout_(config.timing.hold_timeout),
      planning_delay_(config.timing.planning_delay),
      next_id_((static_cast<model::ReservationId>(config.index) << 40) + 1),
      inbox_(grc_mailbox(config.name)),
      availability_box_(sg4::Mailbox::by_name(grc_mailbox_name(config.name) + ":availability")),
      vote_box_(sg4::Mailbox::by_name(grc_mailbox_name(config.name) + ":votes")),
      faults_(ctx.control_faults),
      retry_(ctx.retry) {
  if (!ctx.platform || !ctx.events) throw std::invalid_argument("Grc: incomplete context");
  if (!(hold_timeout_ > 0)) throw std::invalid_argument("Grc: hold_timeout must be > 0");
  if (!(planning_delay_ >= 0)) throw std::invalid_argument("Grc: planning_delay must be >= 0");
  if (config.index < 0 || config.index >= (1 << 20))
    throw std::invalid_argument("Grc: index must be in [0, 2^20)");
}

void Grc::operator()() {
  sg4::Actor::self()->daemonize();
  if (std::exchange(started_, true)) recover();
  for (;;) {
    auto message = actors::receive<protocol::GrcMessage>(inbox_);
    if (std::holds_alternative<protocol::Shutdown>(*message)) return;
    if (const auto* b = std::get_if<protocol::BrokenNotice>(message.get()))
      on_broken(*b);
    else
      handle(std::get<protocol::Submit>(*message));
  }
}

std::vector<model::Availability> Grc::query(const std::vector<model::TimeFrame>& frames) {
  const auto& g = ctx_.platform->graph;
  std::size_t asked = 0;
  const std::uint64_t id = ++query_;
  auto ask = [&](sg4::Mailbox* rm) {
    post(rm, protocol::RmMessage{protocol::AvailabilityQuery{frames, availability_box_, id}},
         kControlMessageBytes);
    ++asked;
  };
  for (int s : g.sites()) ask(compute_rm_mailbox(g.vertex(s).name));
  for (const auto& [domain, host] : ctx_.platform->network_rm_hosts)
    ask(network_rm_mailbox(domain));

  std::vector<model::Availability> out;
  for (const auto& f : frames)
    out.push_back(
        {f, std::vector<int>(g.vertex_count(), 0), std::vector<double>(g.edge_count(), 0)});
  // Stage 2ii: replies arrive in any order. With control-plane faults an RM that has not
  // answered within hold_timeout is down or cut off: its resources count as having nothing free.
  const double deadline = sg4::Engine::get_clock() + hold_timeout_;
  for (std::size_t i = 0; i < asked;) {
    auto reply =
        faults_ ? actors::receive_until<protocol::AvailabilityReply>(availability_box_, deadline)
                : availability_box_->get_unique<protocol::AvailabilityReply>();
    if (!reply) break;
    if (reply->query != id) continue;  // an answer to a query the GRC gave up on
    ++i;
    for (std::size_t f = 0; f < frames.size(); ++f)
      for (std::size_t k = 0; k < reply->resources.size(); ++k) {
        const double free = reply->free[f][k];
        if (reply->cores)
          out[f].free_cores[reply->resources[k]] = static_cast<int>(std::floor(free + 1e-9));
        else
          out[f].free_bandwidth[reply->resources[k]] = free;
      }
  }
  return out;
}

Grc::Votes Grc::collect_votes(std::size_t expected, model::ReservationId id, double deadline) {
  Votes votes;
  for (std::size_t i = 0; i < expected;) {
    auto vote = faults_ ? actors::receive_until<protocol::Vote>(vote_box_, deadline)
                        : vote_box_->get_unique<protocol::Vote>();
    if (!vote) {  // lost, or its RM is down: the missing votes are refusals
      votes.refused += static_cast<int>(expected - i);
      break;
    }
    if (vote->id != id) {
      if (!faults_) throw std::logic_error("Grc: a vote for another reservation arrived");
      continue;  // late, for a commit the GRC gave up on
    }
    ++i;
    votes.refused += vote->ok ? 0 : 1;
    votes.started += vote->started ? 1 : 0;
  }
  return votes;
}

void Grc::report_failure(const model::Request& r, const model::Plan& p, AttemptPhase phase,
                         std::size_t rms, const Votes& votes) {
  ctx_.events->on(AttemptFailed{{r.id, name_, attempt_, phase, p.frame, sg4::Engine::get_clock(),
                                 static_cast<int>(rms), votes.refused, votes.started}});
}

std::optional<model::ReservationId> Grc::reserve(const model::Request& r, const model::Plan& p) {
  ++attempt_;
  return commit_holds(r, p.frame, split_by_rm(ctx_.platform->graph, plan_amounts(r, p)), 0);
}

std::optional<model::ReservationId> Grc::commit_holds(const model::Request& r,
                                                      model::TimeFrame frame, const HoldPlan& holds,
                                                      int repair) {
  const model::ReservationId id = next_id_++;
  const model::Plan p{frame, {}, {}, 0};  // what report_failure records of the attempt
  const double expiry = sg4::Engine::get_clock() + hold_timeout_;
  open_ = OpenCommit{id, r.id, frame, repair, false, {}};
  for (const auto& [box, amounts] : holds) open_->rms.push_back(box);
  for (const auto& [box, amounts] : holds)
    post(sg4::Mailbox::by_name(box),
         protocol::RmMessage{protocol::HoldRequest{id, r.id, frame, amounts, expiry, vote_box_,
                                                   ctx_.failures ? inbox_ : nullptr, repair}},
         kControlMessageBytes);
  if (const Votes votes = collect_votes(holds.size(), id, expiry); votes.refused > 0) {
    // A refusal anywhere aborts every hold of the plan, so nothing stays held until expiry.
    for (const auto& [box, amounts] : holds)
      post(sg4::Mailbox::by_name(box), protocol::RmMessage{protocol::AbortRequest{id}},
           kControlMessageBytes);
    if (repair == 0) report_failure(r, p, AttemptPhase::Hold, holds.size(), votes);
    open_.reset();
    return std::nullopt;
  }
  open_->committing = true;
  for (const auto& [box, amounts] : holds)
    post(sg4::Mailbox::by_name(box), protocol::RmMessage{protocol::CommitRequest{id, vote_box_}},
         kControlMessageBytes);
  // Holds live hold_timeout seconds; a commit fails only if the round trip took longer. Then the
  // RMs that committed give their part back, and the plan counts as refused.
  // With control-plane faults a commit vote may be lost after its RM committed: the GRC waits a
  // round trip's timeout, then cancels everywhere, which gives back what was committed.
  const Votes votes = collect_votes(holds.size(), id, sg4::Engine::get_clock() + hold_timeout_);
  if (votes.refused == 0) {
    open_.reset();
    return id;
  }
  XBT_DEBUG("request %d: a commit came after its hold expired; cancelling the plan", r.id);
  for (const auto& [box, amounts] : holds) tell(box, protocol::CancelRequest{id, r.id}, frame.end);
  if (repair == 0) report_failure(r, p, AttemptPhase::Commit, holds.size(), votes);
  open_.reset();
  return std::nullopt;
}

actors::Courier<protocol::Decision>& Grc::courier(sg4::Mailbox* user) {
  auto& c = couriers_[user];
  if (!c) c = actors::Courier<protocol::Decision>::start(user, sg4::this_actor::get_host());
  return *c;
}

void Grc::handle(const protocol::Submit& submit) {
  deciding_ = submit;
  tally_ = {};
  const model::Request& r = submit.request;
  const auto frames = coordinator_.frames(r);
  auto availability = query(frames);
  // Planning that takes simulated time lets other coordinators reserve what this one saw free.
  // No sleep at all without a delay: even a zero sleep would reorder the simulated actors.
  if (planning_delay_ > 0) sg4::this_actor::sleep_for(planning_delay_);
  attempt_ = 0;
  RequestPlans plans = coordinator_.plans(ctx_.platform->graph, r, std::move(availability));
  std::optional<model::Plan> committed;
  model::ReservationId committed_id = 0;
  while (!committed) {
    auto p = plans.next_plan();
    if (!p) break;
    tally_ = plans.tally();
    if (const auto id = reserve(r, *p)) {
      committed = std::move(p);
      committed_id = *id;
    }
  }
  const Atomic atomic(*this);
  RequestRecord rec =
      decided_request(r, plans.tally(), std::move(committed), sg4::Engine::get_clock(), name_);
  const bool accepted = rec.outcome == Outcome::Accepted;
  coordinator_.decided(r, accepted);
  XBT_DEBUG("request %d of %s: %s after %d plan(s)", r.id, r.user.c_str(),
            accepted ? "accepted" : "rejected", rec.plans_tried);
  courier(submit.reply)
      .send({r.id, accepted, rec.plan.frame, rec.decision_time}, kControlMessageBytes);
  if (accepted && transfers_) transfers_->start(rec.request, rec.plan);
  if (accepted && ctx_.failures) {
    // Requests whose frame ended can no longer break: dropped whenever the map has doubled.
    if (accepted_.size() >= prune_at_) {
      const double now = sg4::Engine::get_clock();
      std::erase_if(accepted_,
                    [now](const auto& x) { return x.second.reserved.plan.frame.end <= now; });
      prune_at_ = std::max<std::size_t>(64, 2 * accepted_.size());
    }
    Accepted a{{r, rec.plan, std::vector<model::ReservationId>(r.components.size(), committed_id),
                std::vector<model::ReservationId>(r.pairs.size(), committed_id)},
               {},
               submit.reply};
    for (const auto& [box, amounts] : split_by_rm(ctx_.platform->graph, plan_amounts(r, rec.plan)))
      a.rms.insert(box);
    accepted_.emplace(r.id, std::move(a));
  }
  ctx_.events->on(RequestDecided{std::move(rec)});
  deciding_.reset();
}

void Grc::on_broken(const protocol::BrokenNotice& notice) {
  const auto it = accepted_.find(notice.request_id);
  if (it == accepted_.end()) return;  // released already: another of its parts broke too
  if (!holds_part(it->second.reserved, notice.cores, notice.resource))
    return;  // a part a modification replaced already: it breaks nothing the request still uses
  repairing_ = notice;
  const bool repaired = modify(it->second, notice);
  repairing_.reset();
  if (repaired) return;
  const Atomic atomic(*this);
  const Accepted a = std::move(it->second);
  accepted_.erase(it);
  const double now = sg4::Engine::get_clock();
  XBT_DEBUG("request %d broke at %g; releasing it on %zu RM(s)", notice.request_id, notice.at,
            a.rms.size());
  for (const auto& box : a.rms)
    tell(box, protocol::ReleaseRequest{notice.request_id}, a.reserved.plan.frame.end);
  courier(a.user).send({notice.request_id, false, a.reserved.plan.frame, now, true},
                       kControlMessageBytes);
  ctx_.events->on(RequestReleased{{notice.request_id, notice.at, now}});
}

}  // namespace arsim::kinds::coallocation
