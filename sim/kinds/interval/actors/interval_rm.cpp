#include "sim/kinds/interval/actors/interval_rm.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include <xbt/log.h>
#include <simgrid/s4u/Engine.hpp>

#include "schedulers/interval/execution.hpp"
#include "sim/actors/spawn.hpp"
#include "sim/kinds/interval/actors/task_finisher.hpp"
#include "sim/kinds/interval/actors/task_starter.hpp"

namespace sg4 = simgrid::s4u;

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_interval_rm, arsim, "Interval-scheduling resource manager");

namespace arsim::kinds::interval {

IntervalRm::IntervalRm(const platform::PlatformView* platform, EventSink* events,
                       std::shared_ptr<schedulers::IntervalScheduler> scheduler,
                       std::vector<schedulers::IntervalTask> tasks, IntervalRmConfig config)
    : platform_(platform),
      events_(events),
      scheduler_(std::move(scheduler)),
      tasks_(std::move(tasks)),
      config_(std::move(config)) {
  if (!platform_ || !events_) throw std::invalid_argument("IntervalRm: incomplete context");
  if (!scheduler_) throw std::invalid_argument("IntervalRm: no scheduler");
  if (config_.resources.empty()) throw std::invalid_argument("IntervalRm: no resources");
  if (!(config_.period > 0)) throw std::invalid_argument("IntervalRm: period must be > 0");
  schedulers::validate(schedulers::IntervalProblem{
      tasks_, static_cast<int>(config_.resources.size()), {}, config_.origin, config_.period});
  busy_.assign(config_.resources.size(), config_.origin);
  actual_start_.assign(tasks_.size(), 0);
  placed_.assign(tasks_.size(), 0);
  deferred_.assign(tasks_.size(), 0);
}

schedulers::IntervalProblem IntervalRm::problem(const std::vector<int>& batch,
                                                double period_start) const {
  schedulers::IntervalProblem p{
      {}, static_cast<int>(busy_.size()), busy_, period_start, config_.period};
  std::map<int, int> local;
  for (int k = 0; k < static_cast<int>(batch.size()); ++k) local[batch[k]] = k;
  for (int i : batch) {
    schedulers::IntervalTask t = tasks_[i];
    if (deferred_[i]) t.release = std::max(t.release, period_start);
    const int pred = t.predecessor;
    t.predecessor = pred >= 0 && local.count(pred) ? local.at(pred) : -1;
    if (pred >= 0 && !local.count(pred)) {  // placed in an earlier activation: wait for its end
      if (!placed_[pred]) throw std::logic_error("IntervalRm: successor before its predecessor");
      t.release = std::max(t.release, actual_start_[pred] + tasks_[pred].duration());
    }
    p.tasks.push_back(t);
  }
  return p;
}

std::vector<int> IntervalRm::dispatch(const std::vector<int>& batch,
                                      const schedulers::IntervalSchedule& s) {
  std::vector<int> deferred;
  for (std::size_t k = 0; k < batch.size(); ++k) {
    const int i = batch[k];
    if (s.resource[k] == schedulers::kDeferred) {
      deferred_[i] = 1;
      deferred.push_back(i);
      continue;
    }
    const int r = s.resource[k];
    placed_[i] = 1;
    actual_start_[i] = s.start[k];
    busy_[r] = std::max(busy_[r], s.start[k] + tasks_[i].duration());
    const model::TimeFrame frame{s.start[k], s.start[k] + tasks_[i].duration()};
    if (frame.length() > 0) {
      lanes_[r]->push({i, frame});
    } else {  // a zero-length task occupies nothing: it is done when it starts
      const int site = config_.resources[r];
      events_->on(TaskStarted{{i, site, 1, frame.start, frame.start}});
      events_->on(TaskFinished{{i, site, 1, frame.start, frame.start}});
    }
  }
  return deferred;
}

void IntervalRm::start_lanes() {
  auto board = std::make_shared<LaneBoard>();
  for (std::size_t r = 0; r < config_.resources.size(); ++r) {
    const int site = config_.resources[r];
    auto lane = std::make_shared<TaskLane>(site, platform_->site_hosts.at(site).front(), board);
    board->add(lane);
    const std::string name = std::to_string(r);
    actors::spawn<TaskStarter>("starter-" + name, lane->host(), lane, events_);
    actors::spawn<TaskFinisher>("finisher-" + name, lane->host(), lane, events_);
    lanes_.push_back(std::move(lane));
  }
}

void IntervalRm::operator()() {
  start_lanes();
  // Tasks by the period holding their service key (the requested start, or the requested end of
  // a predecessor chain when later), so a predecessor's period never follows its successor's.
  const auto key = schedulers::interval::service_keys(
      {tasks_, static_cast<int>(busy_.size()), {}, config_.origin, config_.period});
  std::map<long, std::vector<int>> periods;
  for (int i = 0; i < static_cast<int>(tasks_.size()); ++i)
    periods[std::max(0L, static_cast<long>(std::floor((key[i] - config_.origin) / config_.period)))]
        .push_back(i);
  std::vector<int> pending;
  long k = periods.empty() ? 0 : periods.begin()->first;
  while (!pending.empty() || !periods.empty()) {
    if (pending.empty() && periods.begin()->first > k) k = periods.begin()->first;
    std::vector<int> batch = pending;
    if (!periods.empty() && periods.begin()->first == k) {
      batch.insert(batch.end(), periods.begin()->second.begin(), periods.begin()->second.end());
      periods.erase(periods.begin());
    }
    std::sort(batch.begin(), batch.end());
    const double period_start = config_.origin + k * config_.period;
    sg4::this_actor::sleep_until(period_start);
    const auto p = problem(batch, period_start);
    schedulers::IntervalStats stats;
    const auto s = scheduler_->schedule(p, stats);
    if (auto err = schedulers::check_schedule(p, s))
      throw std::logic_error("IntervalRm: activation " + std::to_string(k) + ": " + *err);
    pending = dispatch(batch, s);
    events_->on(Activation{k, static_cast<int>(batch.size()), static_cast<int>(pending.size())});
    XBT_DEBUG("period %ld: %zu tasks, %zu deferred", k, batch.size(), pending.size());
    ++k;
  }
  for (auto& lane : lanes_) lane->close();
}

}  // namespace arsim::kinds::interval
