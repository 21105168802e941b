// The evaluation metrics of SCS §5 and Table 1.
//
// For a workload spanning several activation periods we read N as the number of tasks per period
// (N_total / periods), so B = N g is the mean work per period in units of T; beta is the largest
// overlap over the whole workload; D divides by N_total T (the mean deviation per task, in
// periods).
#pragma once

#include <vector>

#include "schedulers/interval_scheduler.hpp"

namespace arsim::schedulers::interval {

struct LoadMetrics {
  int tasks = 0;      // N_total
  int resources = 0;  // M
  int periods = 1;
  double period = 0;         // T
  double mean_duration = 0;  // D_u
  double g = 0;              // granularity D_u / T, eq. (18)
  double load = 0;           // B = N g, eq. (19)
  int beta = 0;              // max overlap, eq. (20)
  double rho = 0;            // utilization B / M, eq. (22)
  double rho_max = 0;        // B / beta, eq. (25); 0 when beta = 0
  double gain = 0;           // G = N / M, eq. (27)
  double theta = 0;          // M / N, eq. (26); 0 when N = 0
};

LoadMetrics load_metrics(const std::vector<IntervalTask>& tasks, int resources, double period,
                         int periods = 1);

// Sum over tasks of |ST_i - ST_i^(a)| (requested start, not ready time).
double total_deviation(const std::vector<IntervalTask>& tasks, const std::vector<double>& start);

// D(A, rho) of eq. (23): total_deviation / (N T). 0 for no tasks.
double time_deviation(const std::vector<IntervalTask>& tasks, const std::vector<double>& start,
                      double period);

// Table 1: work placed on each resource in this period over T, and their mean (the total
// utilization, 30/48 for Maxima IS in the Fig. 1 example). Deferred tasks count nowhere.
std::vector<double> resource_utilization(const IntervalProblem& problem, const IntervalSchedule& s);
double utilization(const IntervalProblem& problem, const IntervalSchedule& s);

}  // namespace arsim::schedulers::interval
