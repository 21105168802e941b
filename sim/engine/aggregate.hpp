// Across the runs of a scenario: sweep.csv (one row per run) and aggregate.csv (mean and 95 %
// confidence interval of every summary metric per sweep point, user, resource and bucket).
#pragma once

#include <string>
#include <vector>

#include "sim/scenario/scenario.hpp"

namespace arsim::engine {

// Reads each run's summary.csv under `out` and writes out/sweep.csv (one row per run, with the
// `metrics` of user "all" over the whole run) and out/aggregate.csv.
void write_aggregates(const std::string& out, const std::vector<scenario::RunSpec>& specs,
                      const std::vector<std::string>& metrics);

// Two-sided 95 % Student-t quantile for `df` degrees of freedom (normal beyond 30).
double t_quantile_95(int df);

}  // namespace arsim::engine
