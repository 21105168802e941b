#include "schedulers/interval_scheduler.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

namespace arsim::schedulers {

namespace {

// Actual times are sums of requested times, so exact comparisons would do; the slack only forgives
// rounding in callers that compute starts another way.
bool later(double a, double b) {
  return a > b + 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

void validate_predecessors(const IntervalProblem& p) {
  const int n = p.size();
  // Each task has at most one predecessor, so a cycle shows as a walk that comes back to a task
  // of the walk in progress (state 1); state 2 marks tasks known to lead to a root.
  std::vector<char> state(n, 0);
  for (int i = 0; i < n; ++i) {
    std::vector<int> walk;
    int at = i;
    while (at >= 0 && state[at] == 0) {
      state[at] = 1;
      walk.push_back(at);
      at = p.tasks[at].predecessor;
    }
    if (at >= 0 && state[at] == 1)
      throw std::invalid_argument(fmt::format(
          "interval problem: task {} (id {}): predecessors form a cycle", at, p.tasks[at].id));
    for (int w : walk) state[w] = 2;
  }
}

}  // namespace

void validate(const IntervalProblem& p) {
  if (p.resources < 1) throw std::invalid_argument("interval problem: resources must be >= 1");
  if (!p.busy_until.empty() && static_cast<int>(p.busy_until.size()) != p.resources)
    throw std::invalid_argument(
        fmt::format("interval problem: busy_until has {} entries for {} resources",
                    p.busy_until.size(), p.resources));
  for (double b : p.busy_until)
    if (!std::isfinite(b))
      throw std::invalid_argument("interval problem: busy_until must be finite");
  if (!std::isfinite(p.period_start) || !std::isfinite(p.period) || p.period < 0)
    throw std::invalid_argument(
        "interval problem: period_start and period must be finite, period >= 0");
  for (int i = 0; i < p.size(); ++i) {
    const auto& t = p.tasks[i];
    if (!std::isfinite(t.start) || !std::isfinite(t.finish) || !std::isfinite(t.release))
      throw std::invalid_argument(
          fmt::format("interval problem: task {} (id {}): times must be finite", i, t.id));
    if (t.finish < t.start)
      throw std::invalid_argument(
          fmt::format("interval problem: task {} (id {}): finish {} before start {}", i, t.id,
                      t.finish, t.start));
    if (t.predecessor < -1 || t.predecessor >= p.size() || t.predecessor == i)
      throw std::invalid_argument(
          fmt::format("interval problem: task {} (id {}): predecessor {} out of range", i, t.id,
                      t.predecessor));
  }
  validate_predecessors(p);
}

std::optional<std::string> check_schedule(const IntervalProblem& p, const IntervalSchedule& s) {
  const int n = p.size();
  if (static_cast<int>(s.resource.size()) != n || static_cast<int>(s.start.size()) != n)
    return fmt::format("schedule has {} resources and {} starts for {} tasks", s.resource.size(),
                       s.start.size(), n);
  std::vector<std::vector<int>> on(p.resources);
  for (int i = 0; i < n; ++i) {
    const auto& t = p.tasks[i];
    const int r = s.resource[i];
    const int pred = t.predecessor;
    if (r == kDeferred) continue;
    if (r < 0 || r >= p.resources)
      return fmt::format("task {} (id {}): resource {} out of range", i, t.id, r);
    if (!std::isfinite(s.start[i]))
      return fmt::format("task {} (id {}): start is not finite", i, t.id);
    if (later(t.ready(), s.start[i]))
      return fmt::format("task {} (id {}): starts at {} before its ready time {}", i, t.id,
                         s.start[i], t.ready());
    if (later(p.busy(r), s.start[i]))
      return fmt::format("task {} (id {}): starts at {} while resource {} is busy until {}", i,
                         t.id, s.start[i], r, p.busy(r));
    if (pred >= 0 && s.resource[pred] == kDeferred)
      return fmt::format("task {} (id {}): placed while its predecessor {} is deferred", i, t.id,
                         pred);
    if (pred >= 0 && later(s.start[pred] + p.tasks[pred].duration(), s.start[i]))
      return fmt::format("task {} (id {}): starts at {} before its predecessor {} finishes", i,
                         t.id, s.start[i], pred);
    on[r].push_back(i);
  }
  for (int r = 0; r < p.resources; ++r) {
    auto& tasks = on[r];
    std::sort(tasks.begin(), tasks.end(), [&](int a, int b) {
      return s.start[a] != s.start[b] ? s.start[a] < s.start[b]
                                      : p.tasks[a].duration() < p.tasks[b].duration();
    });
    for (std::size_t k = 1; k < tasks.size(); ++k) {
      const int a = tasks[k - 1], b = tasks[k];
      if (later(s.start[a] + p.tasks[a].duration(), s.start[b]))
        return fmt::format("tasks {} and {} overlap on resource {}", a, b, r);
    }
  }
  return std::nullopt;
}

}  // namespace arsim::schedulers
