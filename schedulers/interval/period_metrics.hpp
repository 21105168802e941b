// The metrics of SCS §5 period by period, for workloads that span many activation periods (a
// trace). §2 and §5 speak of one period: N tasks requested within T. A workload over periods
// [origin + kT, origin + (k+1)T) is measured in each: period k holds the tasks whose requested
// start ST_i falls in it (before the origin: period 0), and a task that depends on another counts
// with the first task of its chain (§2: a DAG's requested times are derived from its first task's,
// and it is requested with it), so the synthetic tasks of §6.1.1 stay one period even when a
// dependent task asks to start after T. (The RM hands such a task to the activation of its
// service key instead, execution.hpp; that is when it can run, not when it was requested.)
//
// Period k: load_metrics of its N_k tasks (g_k, B_k = N_k g_k, beta_k over their requested
// intervals, rho_k = B_k / M, rho_max_k = B_k / beta_k, G_k = N_k / M, theta_k = M / N_k) and D_k,
// eq. (23) over its tasks.
//
// The run: the P periods from the first holding tasks to the last, idle ones included. B, rho
// and G are the means of B_k, rho_k and G_k over them (B = N g / P), theta = M P / N = 1 / G;
// beta is the largest beta_k, rho_max = B / beta (the mean utilisation of the fewest resources
// that serve every period without overlap, eq. 21 and 25); g is the mean duration over T and D is
// eq. (23) over all tasks. With one period these are load_metrics and time_deviation of all tasks.
#pragma once

#include <vector>

#include "schedulers/interval/metrics.hpp"

namespace arsim::schedulers::interval {

struct PeriodMetrics {
  long period = 0;       // k
  double end = 0;        // origin + (k + 1) T
  LoadMetrics load;      // of the period's N_k tasks (load.tasks = N_k >= 1)
  double deviation = 0;  // D_k, eq. (23) over the period's tasks
};

struct RunMetrics {
  std::vector<PeriodMetrics> periods;  // the periods holding tasks, in time order
  long spanned = 1;                    // P (1 when there are no tasks)
  LoadMetrics load;      // over the run, as above (load.periods unused: P may not fit)
  double deviation = 0;  // D, eq. (23) over all tasks
};

// Per task, the period it is requested in (k >= 0), as above. Throws std::invalid_argument when
// period <= 0 or a predecessor index is out of range.
std::vector<long> request_periods(const std::vector<IntervalTask>& tasks, double period,
                                  double origin = 0);

// `start`: the actual start of every task. Throws std::invalid_argument for resources < 1,
// period <= 0, or a start count that is not the task count.
RunMetrics run_metrics(const std::vector<IntervalTask>& tasks, const std::vector<double>& start,
                       int resources, double period, double origin = 0);

}  // namespace arsim::schedulers::interval
