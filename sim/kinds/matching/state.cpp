#include "sim/kinds/matching/state.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace arsim::kinds::matching {

MatcherState::MatcherState(const workloads::matching::OnlineWorkload* workload, QueuePolicy policy)
    : w_(workload), policy_(policy) {
  if (!w_) throw std::invalid_argument("MatcherState: no workload");
  if (policy_.batch_size < 1) throw std::invalid_argument("MatcherState: batch_size must be >= 1");
  if (policy_.max_attempts < 1)
    throw std::invalid_argument("MatcherState: max_attempts must be >= 1");
  if (!(policy_.max_wait > 0)) throw std::invalid_argument("MatcherState: max_wait must be > 0");
  const auto& inst = w_->instance;
  candidates_ = mm::candidate_sets(inst);
  for (const auto& r : inst.resources) {
    offered_.emplace_back(r.capacity.size(), 0.0);
    held_.emplace_back(r.capacity.size(), 0.0);
  }
  rose_at_.assign(inst.resources.size(), 0);
  tried_at_.assign(inst.jobs.size(), -1);
  arrived_.assign(inst.jobs.size(), 0);
  attempts_.assign(inst.jobs.size(), 0);
  assigned_.assign(inst.jobs.size(), {});
  running_job_.assign(inst.jobs.size(), 0);
}

bool MatcherState::submit(int job, double now) {
  if (!workloads::matching::fits_alone(w_->instance, candidates_, job)) return false;
  queue_.push_back(job);
  arrived_[job] = now;
  return true;
}

std::vector<int> MatcherState::expire(double now) {
  std::vector<int> out;
  for (int j : queue_)
    if (now - arrived_[j] >= policy_.max_wait) out.push_back(j);
  std::erase_if(queue_, [&](int j) { return now - arrived_[j] >= policy_.max_wait; });
  return out;
}

bool MatcherState::report(int type, const std::vector<std::vector<double>>& offered) {
  const auto& inst = w_->instance;
  bool rose = false;
  std::size_t i = 0;
  for (std::size_t r = 0; r < inst.resources.size(); ++r) {
    if (inst.resources[r].type != type) continue;
    if (i >= offered.size() || offered[i].size() != inst.resources[r].capacity.size())
      throw std::invalid_argument(fmt::format("report of type {}: wrong shape", type));
    bool rose_here = false;
    for (std::size_t a = 0; a < offered[i].size(); ++a) {
      const double o = offered[i][a];
      if (!(o >= 0 && o <= inst.resources[r].capacity[a]))
        throw std::invalid_argument(
            fmt::format("report of type {}: offer {} of resource {} outside [0, N]", type, o, r));
      rose_here = rose_here || o > offered_[r][a];
      offered_[r][a] = o;
    }
    if (rose_here) {
      rose_at_[r] = epoch_ + 1;
      rose = true;
    }
    ++i;
  }
  if (i != offered.size())
    throw std::invalid_argument(fmt::format("report of type {}: wrong shape", type));
  if (rose) ++epoch_;
  return rose;
}

void MatcherState::add_usage(int job, double sign) {
  const auto& depends = w_->instance.jobs[job].depends;
  for (std::size_t d = 0; d < depends.size(); ++d)
    for (std::size_t a = 0; a < depends[d].usage.size(); ++a)
      held_[assigned_[job][d]][a] += sign * depends[d].usage[a];
}

void MatcherState::release(int job) {
  if (!running_job_.at(job))
    throw std::logic_error(fmt::format("MatcherState: release of job {}, not running", job));
  add_usage(job, -1);
  running_job_[job] = 0;
  --running_;
  ++epoch_;
  for (int r : assigned_[job]) rose_at_[r] = epoch_;
}

double MatcherState::free(int r, int a) const {
  return std::max(0.0, offered_[r][a] - held_[r][a]);
}

bool MatcherState::fits_now(int job) const {
  const auto& depends = w_->instance.jobs[job].depends;
  for (std::size_t d = 0; d < depends.size(); ++d) {
    const auto& cands = candidates_[job][d];
    const bool any = std::any_of(cands.begin(), cands.end(), [&](int r) {
      for (std::size_t a = 0; a < depends[d].usage.size(); ++a)
        if (depends[d].usage[a] > free(r, static_cast<int>(a))) return false;
      return true;
    });
    if (!any) return false;
  }
  return true;
}

bool MatcherState::due(int job) const {
  bool rose = tried_at_[job] < 0;
  for (std::size_t d = 0; d < candidates_[job].size() && !rose; ++d)
    for (int r : candidates_[job][d]) rose = rose || tried_at_[job] < rose_at_[r];
  return rose && fits_now(job);
}

bool MatcherState::due() const {
  return std::any_of(queue_.begin(), queue_.end(), [&](int j) { return due(j); });
}

Batch MatcherState::take() const {
  const auto& inst = w_->instance;
  Batch b;
  b.epoch = epoch_;
  b.instance.types = inst.types;
  b.instance.resources = inst.resources;
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    for (std::size_t a = 0; a < inst.resources[r].capacity.size(); ++a)
      b.instance.resources[r].capacity[a] = free(static_cast<int>(r), static_cast<int>(a));
  for (int j : queue_) {
    if (static_cast<int>(b.jobs.size()) == policy_.batch_size) break;
    if (!due(j)) continue;
    b.jobs.push_back(j);
    b.instance.jobs.push_back(inst.jobs[j]);
    b.first_tries += tried_at_[j] < 0 ? 1 : 0;
  }
  return b;
}

Applied MatcherState::apply(const Batch& batch, const mm::Matching& m) {
  if (m.assigned.size() != batch.jobs.size())
    throw std::logic_error("MatcherState: matching of another batch");
  Applied out;
  std::vector<char> leave(w_->instance.jobs.size(), 0);
  for (std::size_t k = 0; k < batch.jobs.size(); ++k) {
    const int j = batch.jobs[k];
    if (std::find(queue_.begin(), queue_.end(), j) == queue_.end())
      throw std::logic_error(fmt::format("MatcherState: job {} of the batch is not queued", j));
    ++attempts_[j];
    tried_at_[j] = batch.epoch;
    if (m.matched(static_cast<int>(k))) {
      assigned_[j] = m.assigned[k];
      add_usage(j, +1);
      running_job_[j] = 1;
      ++running_;
      out.matched.push_back(j);
      leave[j] = 1;
    } else if (attempts_[j] >= policy_.max_attempts) {
      out.dropped.push_back(j);
      leave[j] = 1;
    }
  }
  std::erase_if(queue_, [&](int j) { return leave[j] != 0; });
  const auto& inst = w_->instance;
  for (std::size_t r = 0; r < held_.size(); ++r)
    for (std::size_t a = 0; a < held_[r].size(); ++a)
      if (held_[r][a] > inst.resources[r].capacity[a] * (1 + 1e-12))
        throw std::logic_error(fmt::format("MatcherState: resource {} attribute {} holds {} > N {}",
                                           r, a, held_[r][a], inst.resources[r].capacity[a]));
  return out;
}

}  // namespace arsim::kinds::matching
