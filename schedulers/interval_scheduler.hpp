// The IntervalScheduler family (docs/design/architecture.md, Seams): soft interval scheduling of
// SCS (Doulamis, Kokkinos, Varvarigos, IEEE TC 2013, §2). Once per activation period T, the tasks
// whose requested start falls in the period are given to M resources; a resource runs its tasks one
// at a time, and a task that finds its resource busy is shifted in time instead of being rejected.
// Only the hard Maxima IS baseline may reject (defer) a task to the next period.
//
// A scheduler is a pure function: problem in, resource and actual start per task out. The caller
// (the periodic driver in schedulers/interval/ or the simulator's actor) carries the busy-until
// time of every resource from one activation to the next (§2.3).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/interval_task.hpp"
#include "schedulers/registry.hpp"

namespace arsim::schedulers {

using model::IntervalTask;

struct IntervalProblem {
  std::vector<IntervalTask> tasks;
  int resources = 1;                    // M
  std::vector<model::Time> busy_until;  // per resource, carried over; empty = every resource free
  model::Time period_start = 0;         // (k - 1) T
  model::Time period = 0;               // T; 0 when the caller does not activate periodically

  // When resource r finishes the work carried over from earlier periods.
  model::Time busy(int r) const { return busy_until.empty() ? period_start : busy_until[r]; }
  int size() const { return static_cast<int>(tasks.size()); }
};

// A task's resource, or kDeferred: rejected to the next period (hard Maxima IS only).
inline constexpr int kDeferred = -1;

struct IntervalSchedule {
  std::vector<int> resource;       // per task: 0..M-1 or kDeferred
  std::vector<model::Time> start;  // per task: actual start ST_i^(a) (unset when deferred)
};

struct IntervalStats {
  double solve_seconds = 0;         // wall time in the scheduler
  long iterations = 0;              // eigen-solver restarts, k-means rounds, local-search moves...
  std::vector<double> eigenvalues;  // spectral schedulers: the M largest, in decreasing order
  std::vector<int> cluster_sizes;   // spectral and partition schedulers: tasks per cluster
  std::map<std::string, double> values;  // further named figures (documented by each scheduler)
};

class IntervalScheduler {
 public:
  virtual ~IntervalScheduler() = default;
  // The caller validates the problem first (validate below). The returned schedule passes
  // check_schedule.
  virtual IntervalSchedule schedule(const IntervalProblem& problem, IntervalStats& stats) = 0;
};

using IntervalRegistry = Registry<IntervalScheduler>;

// Throws std::invalid_argument naming the first bad field: M >= 1, busy_until empty or of size M
// and finite, times finite with FT >= ST, predecessors in range, distinct from the task and
// acyclic.
void validate(const IntervalProblem& problem);

// Checks a schedule independently of every scheduler: sizes match, resources in range, every
// placed task starts no earlier than its ready time, its resource's busy-until time and its
// predecessor's actual finish (a task whose predecessor is deferred must be deferred too), and no
// two tasks overlap in actual time on one resource. Returns the first violation, or nothing.
std::optional<std::string> check_schedule(const IntervalProblem& problem,
                                          const IntervalSchedule& schedule);

}  // namespace arsim::schedulers
