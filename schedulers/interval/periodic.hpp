// Periodic activation with carry-over (SCS §2.3): the scheduler runs at the start of every period
// [origin + kT, origin + (k+1)T) on the tasks whose requested start (service key, execution.hpp)
// falls in it, plus the tasks deferred by the previous activation (released at the period start).
// A resource still busy with earlier work stays busy (busy_until carries over); a predecessor
// placed in an earlier period releases its successor at its actual finish.
//
// And the search behind Figs. 3–5: the smallest M whose run has zero time deviation.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "schedulers/interval_scheduler.hpp"

namespace arsim::schedulers::interval {

struct PeriodicRun {
  IntervalSchedule schedule;         // over all tasks: every task placed in the end
  std::vector<int> activation;       // per task: the activation that placed it (0-based)
  int activations = 0;               // activations that ran (periods with work)
  int periods = 0;                   // periods holding requested starts (last - first + 1)
  double solve_seconds = 0;          // summed over activations
  long iterations = 0;               // summed over activations
  double total_deviation = 0;        // sum of |ST_a - ST|
  double deviation = 0;              // D of eq. (23), N = all tasks
  std::vector<IntervalStats> stats;  // per activation, when asked for
};

// `tasks[i].predecessor` indexes `tasks`. period == 0: one activation with every task.
// Every activation's schedule is verified with check_schedule (std::logic_error if it fails).
PeriodicRun run_periodic(IntervalScheduler& scheduler, const std::vector<IntervalTask>& tasks,
                         int resources, double period, double origin = 0, bool keep_stats = false);

struct ZeroDeviationSearch {
  int resources = -1;   // the smallest M found with D <= tolerance, -1 if none up to the limit
  int lower_bound = 0;  // beta: no assignment without overlap uses fewer (eq. 21)
  int evaluations = 0;  // runs made
};

// Scans M = max(1, beta), beta + 1, ... up to max_resources (0 = N) and stops at the first M whose
// periodic run has D <= tolerance. A scan, not a bisection: D need not fall monotonically in M for
// a clustering scheduler.
ZeroDeviationSearch smallest_zero_deviation_resources(
    const std::function<std::unique_ptr<IntervalScheduler>()>& make,
    const std::vector<IntervalTask>& tasks, double period, double origin = 0, int max_resources = 0,
    double tolerance = 0);

}  // namespace arsim::schedulers::interval
