#include "schedulers/interval/baselines.hpp"

#include <chrono>
#include <climits>
#include <cmath>
#include <queue>
#include <set>
#include <stdexcept>

#include "schedulers/interval/execution.hpp"

namespace arsim::schedulers::interval {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Free times of the resources, kept ordered for earliest-completion choices.
class Pool {
 public:
  explicit Pool(const IntervalProblem& p) : free_(p.resources) {
    for (int r = 0; r < p.resources; ++r) {
      free_[r] = p.busy(r);
      set_.insert({free_[r], r});
    }
  }
  bool any_free(double t0) const { return set_.begin()->first <= t0; }
  // Best fit among the resources free by t0 (the one that freed latest), else the earliest free:
  // either way a resource of earliest completion.
  int pick(double t0) const {
    auto it = set_.upper_bound({t0, INT_MAX});
    return it != set_.begin() ? std::prev(it)->second : set_.begin()->second;
  }
  double free(int r) const { return free_[r]; }
  void set(int r, double t) {
    set_.erase({free_[r], r});
    free_[r] = t;
    set_.insert({t, r});
  }

 private:
  std::vector<double> free_;
  std::set<std::pair<double, int>> set_;
};

// Earliest start allowed by the task itself and its (placed) predecessor.
double earliest(const IntervalProblem& p, const IntervalSchedule& s, int t) {
  const int pred = p.tasks[t].predecessor;
  double t0 = p.tasks[t].ready();
  if (pred >= 0) t0 = std::max(t0, s.start[pred] + p.tasks[pred].duration());
  return t0;
}

std::vector<double> queue_keys(const IntervalProblem& p, QueueOrder order) {
  const std::vector<double> st = service_keys(p);
  std::vector<double> key(p.size());
  for (int i = 0; i < p.size(); ++i) {
    const double d = p.tasks[i].duration(), deadline = 2 * (st[i] + d);  // §6.2.3: 2 x finish
    switch (order) {
      case QueueOrder::Input:
        key[i] = i;
        break;
      case QueueOrder::EarliestStart:
        key[i] = st[i];
        break;
      case QueueOrder::EarliestDeadline:
        key[i] = deadline;
        break;
      case QueueOrder::ShortestInterval:
        key[i] = d;
        break;
      case QueueOrder::LeastLaxity:
        key[i] = deadline - d;
        break;
    }
  }
  return key;
}

}  // namespace

IntervalSchedule EctScheduler::schedule(const IntervalProblem& p, IntervalStats& stats) {
  const auto t_begin = Clock::now();
  const int n = p.size();
  const std::vector<double> key = queue_keys(p, order_);
  std::vector<std::vector<int>> children(n);
  using Item = std::pair<double, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
  for (int i = 0; i < n; ++i) {
    if (p.tasks[i].predecessor >= 0)
      children[p.tasks[i].predecessor].push_back(i);
    else
      queue.push({key[i], i});
  }
  IntervalSchedule s{std::vector<int>(n, kDeferred), std::vector<double>(n, 0)};
  Pool pool(p);
  while (!queue.empty()) {
    const int t = queue.top().second;
    queue.pop();
    const double t0 = earliest(p, s, t);
    const int r = pool.pick(t0);
    s.resource[t] = r;
    s.start[t] = std::max(t0, pool.free(r));
    pool.set(r, s.start[t] + p.tasks[t].duration());
    for (int c : children[t]) queue.push({key[c], c});
  }
  stats.iterations = n;
  stats.solve_seconds = seconds_since(t_begin);
  return s;
}

IntervalSchedule MaximaIsScheduler::schedule(const IntervalProblem& p, IntervalStats& stats) {
  const auto t_begin = Clock::now();
  const int n = p.size();
  const std::vector<double> key = service_keys(p);
  auto requested_finish = [&](int t) { return key[t] + p.tasks[t].duration(); };
  IntervalSchedule s{std::vector<int>(n, kDeferred), std::vector<double>(n, 0)};
  std::vector<std::vector<int>> stack(p.resources);  // this period's tasks per resource, in order
  std::vector<char> has_placed_successor(n, 0);
  Pool pool(p);
  auto place = [&](int t, int r, double start) {
    s.resource[t] = r;
    s.start[t] = start;
    stack[r].push_back(t);
    pool.set(r, start + p.tasks[t].duration());
    if (p.tasks[t].predecessor >= 0) has_placed_successor[p.tasks[t].predecessor] = 1;
  };
  auto place_earliest = [&](int t) {
    const double t0 = earliest(p, s, t);
    const int r = pool.pick(t0);
    place(t, r, std::max(t0, pool.free(r)));
  };
  long removed = 0;
  for (int t : service_order(p)) {
    const int pred = p.tasks[t].predecessor;
    if (pred >= 0 && s.resource[pred] == kDeferred) continue;  // deferred with its predecessor
    const double t0 = earliest(p, s, t);
    if (pool.any_free(t0)) {
      place(t, pool.pick(t0), t0);
      continue;
    }
    // Conflict: the candidate with the latest requested finish goes (carried work cannot).
    int victim_res = -1;
    for (int r = 0; r < p.resources; ++r) {
      if (stack[r].empty() || (soft_ && has_placed_successor[stack[r].back()])) continue;
      if (victim_res < 0 ||
          requested_finish(stack[r].back()) > requested_finish(stack[victim_res].back()))
        victim_res = r;
    }
    if (victim_res < 0 || requested_finish(stack[victim_res].back()) <= requested_finish(t)) {
      if (soft_) place_earliest(t);  // the task itself is the one to shift
      continue;                      // hard: the task itself is deferred
    }
    const int victim = stack[victim_res].back();
    stack[victim_res].pop_back();
    s.resource[victim] = kDeferred;
    const int prev = stack[victim_res].empty() ? -1 : stack[victim_res].back();
    pool.set(victim_res, prev < 0 ? p.busy(victim_res) : s.start[prev] + p.tasks[prev].duration());
    place(t, victim_res, std::max(t0, pool.free(victim_res)));
    ++removed;
    if (soft_) place_earliest(victim);
  }
  stats.values[soft_ ? "displaced" : "deferred"] = static_cast<double>(removed);
  if (!soft_) {
    long deferred = 0;
    for (int r : s.resource) deferred += r == kDeferred;
    stats.values["deferred"] = static_cast<double>(deferred);
  }
  stats.iterations = n;
  stats.solve_seconds = seconds_since(t_begin);
  return s;
}

}  // namespace arsim::schedulers::interval
