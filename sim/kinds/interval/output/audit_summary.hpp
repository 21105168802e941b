// The interval auditor's second half: summary.csv recomputed from the rows of jobs.csv, every
// figure of every row (sim/kinds/interval/README.md lists them), apart from the code that wrote
// it (schedulers/interval/period_metrics.cpp). Run (bucket_end "all"): time_deviation D =
// Σ|waiting| / (N T), tasks N, resources M, periods P (from the first period holding tasks to the
// last), g = mean duration / T, B = N g / P, beta = the largest beta_k, rho = B / M, rho_max =
// B / beta, G = N / (M P), theta = M P / N. Each period k holding tasks (bucket_end (k + 1) T): the
// same over its tasks with P = 1, and beta_k the most requested intervals [submission, submission
// + requested time) holding one instant (eq. 20). Every row once, no other row.
#pragma once

#include <string>
#include <vector>

#include "sim/metrics/csv.hpp"

namespace arsim::kinds::interval {

// A row of jobs.csv as the summary is recomputed from it.
struct AuditedTask {
  double submit = 0, duration = 0, start = 0;
  long period = 0;  // k: the period of its chain's first task's requested start (SCS §2)
};

// Appends a message naming the row of summary.csv for every figure that is not the recomputed one,
// every row missing, repeated or of no period holding tasks.
void check_summary(const metrics::CsvTable& summary, const std::vector<AuditedTask>& tasks,
                   int resources, double period, std::vector<std::string>& out);

}  // namespace arsim::kinds::interval
