#include "sim/kinds/matching/actors/matcher_service.hpp"

#include <stdexcept>

#include <fmt/format.h>
#include <xbt/log.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include "model/matching/check.hpp"
#include "sim/actors/spawn.hpp"
#include "sim/kinds/matching/actors/job_execution.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_match_service, arsim, "The on-line Resource Matcher");

namespace arsim::kinds::matching {

MatcherService::MatcherService(const workloads::matching::OnlineWorkload* workload,
                               EventSink* events,
                               std::shared_ptr<schedulers::ResourceMatcher> matcher,
                               MatcherConfig config, std::mt19937_64 seeds)
    : w_(workload),
      events_(events),
      matcher_(std::move(matcher)),
      config_(std::move(config)),
      seeds_(std::move(seeds)),
      state_(workload, config_.queue),
      inbox_(matcher_mailbox()) {
  if (!events_ || !matcher_) throw std::invalid_argument("MatcherService: incomplete context");
  if (!(config_.period >= 0)) throw std::invalid_argument("MatcherService: period must be >= 0");
  if (config_.type_hosts.size() != w_->instance.types.size())
    throw std::invalid_argument("MatcherService: one host per resource type needed");
  if (!config_.cost.valid()) throw std::invalid_argument("MatcherService: cost model must be >= 0");
  reply_.assign(w_->instance.jobs.size(), nullptr);
  announced_.assign(w_->submitters, -1);
  received_.assign(w_->submitters, 0);
}

bool MatcherService::finished() const {
  for (std::size_t s = 0; s < announced_.size(); ++s)
    if (announced_[s] != received_[s]) return false;
  return state_.queue().empty() && state_.running() == 0;
}

void MatcherService::handle(const MatcherMessage& message) {
  if (const auto* m = std::get_if<Submit>(&message)) {
    reply_.at(m->job) = m->reply;
    ++received_.at(m->submitter);
    if (!state_.submit(m->job, sg4::Engine::get_clock())) {
      events_->on(JobRejected{m->job, sg4::Engine::get_clock()});
      send(m->reply, Answer{m->job, false}, kMessageBytes);
    }
  } else if (const auto* m = std::get_if<SubmitterDone>(&message)) {
    announced_.at(m->submitter) = m->jobs;
  } else if (const auto* m = std::get_if<Report>(&message)) {
    state_.report(m->type, m->offered);
    events_->on(OfferApplied{m->type, m->measured, batches_});
  } else {
    state_.release(std::get<Released>(message).job);
  }
}

bool MatcherService::stop_at_limit(double until, const std::string& what) {
  if (!(until > config_.limit)) return false;
  events_->on(LimitReached{sg4::Engine::get_clock(), what});
  XBT_INFO("stopped at the limit of simulated time: %s", what.c_str());
  sg4::Actor::kill_all();  // every other actor: the run ends when this one returns
  return true;
}

void MatcherService::drain() {
  while (inbox_->ready()) handle(*inbox_->get_unique<MatcherMessage>());
  const double now = sg4::Engine::get_clock();
  for (int j : state_.expire(now)) {
    events_->on(JobExpired{j, now, state_.attempts(j)});
    send(reply_[j], Answer{j, false}, kMessageBytes);
  }
}

void MatcherService::operator()() {
  inbox_->set_receiver(sg4::Actor::self());  // messages travel while the matcher is busy
  while (!finished()) {
    if (!state_.due()) handle(*inbox_->get_unique<MatcherMessage>());
    const double now = sg4::Engine::get_clock();
    if (stop_at_limit(now, fmt::format("a message reached the matcher at {:g} s", now))) return;
    drain();
    if (!state_.due()) continue;
    if (batches_ > 0 && sg4::Engine::get_clock() < last_start_ + config_.period) {
      const double next = last_start_ + config_.period;
      if (stop_at_limit(next, fmt::format("batch {} would start at {:g} s", batches_, next)))
        return;
      sg4::this_actor::sleep_until(next);
      drain();
    }
    if (state_.due() && !run_batch()) return;
  }
  inbox_->set_receiver(nullptr);
  XBT_INFO("%d batches; the last job ended", batches_);
}

bool MatcherService::run_batch() {
  const double start = sg4::Engine::get_clock();
  const int index = batches_++;
  last_start_ = start;
  const Batch batch = state_.take();
  const std::uint64_t seed = seeds_();
  schedulers::MatchResult result = matcher_->match(batch.instance, config_.policy, seed);
  // Verify with code the matcher did not write before anything is applied.
  if (auto violation = model::matching::check_matching(batch.instance, result.matching,
                                                       config_.policy, result.objective))
    throw std::logic_error(
        fmt::format("batch {}: the matcher returned an invalid matching: {}", index, *violation));
  double busy = config_.cost.seconds(result.stats);
  if (config_.deadline.missed(busy)) {  // stopped at the deadline (deadline.hpp)
    busy = config_.deadline.seconds;
    result.matching = missed_answer(batch.instance, config_.deadline, config_.policy);
    result.objective =
        model::matching::objective_value(batch.instance, result.matching, config_.policy);
    result.status = kMissedStatus;
    result.optimal = false;
    if (auto violation = model::matching::check_matching(batch.instance, result.matching,
                                                         config_.policy, result.objective))
      throw std::logic_error(
          fmt::format("batch {}: the deadline's answer is invalid: {}", index, *violation));
  }
  if (stop_at_limit(start + busy, fmt::format("batch {} would end at {:g} s", index, start + busy)))
    return false;
  for (std::size_t k = 0; k < batch.jobs.size(); ++k) {  // a matched job ends at + duration
    const double end = start + busy + w_->duration[batch.jobs[k]];
    if (result.matching.matched(static_cast<int>(k)) &&
        stop_at_limit(end, fmt::format("job {} of batch {} would end at {:g} s",
                                       w_->instance.jobs[batch.jobs[k]].name, index, end)))
      return false;
  }
  sg4::this_actor::sleep_for(busy);  // arrivals, releases and reports wait meanwhile
  const double now = sg4::Engine::get_clock();
  const Applied applied = state_.apply(batch, result.matching);
  dispatch(batch, applied, index, now);
  BatchRecord rec;
  rec.index = index;
  rec.start = start;
  rec.end = now;
  rec.size = static_cast<int>(batch.jobs.size());
  rec.first_tries = batch.first_tries;
  rec.matched = static_cast<int>(applied.matched.size());
  rec.dropped = static_cast<int>(applied.dropped.size());
  rec.matcher_time = now - start;
  rec.objective = result.objective;
  rec.status = result.status;
  rec.optimal = result.optimal;
  rec.iterations = result.stats.iterations;
  rec.lp_solves = result.stats.lp_solves;
  rec.lp_nodes = result.stats.lp_nodes;
  rec.probes = result.stats.probes;
  rec.work = result.stats.work;
  rec.wall_seconds = result.stats.seconds;
  events_->on(BatchMatched{rec});
  XBT_DEBUG("batch %d: %d jobs, %d matched, %d dropped, %g s", index, rec.size, rec.matched,
            rec.dropped, busy);
  return true;
}

void MatcherService::dispatch(const Batch& batch, const Applied& applied, int index, double now) {
  for (int j : applied.matched) {
    const auto& resources = state_.assigned(j);
    events_->on(JobMatched{j, index, now, state_.attempts(j), resources});
    const int first_type = w_->instance.jobs[j].depends.front().type;
    actors::spawn<JobExecution>("job-" + std::to_string(j), config_.type_hosts[first_type], j,
                                w_->duration[j], events_);
    send(reply_[j], Answer{j, true}, kMessageBytes);
  }
  for (int j : applied.dropped) {
    events_->on(JobDropped{j, index, now, state_.attempts(j)});
    send(reply_[j], Answer{j, false}, kMessageBytes);
  }
}

}  // namespace arsim::kinds::matching
