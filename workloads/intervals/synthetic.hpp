// The synthetic task generator of SCS §6.1.1: requested starts uniform over the period [0, T);
// durations of mean g T, either constant ("symmetric" tasks) or random with a given coefficient of
// variation ("asymmetric"); a share of the tasks made dependent on an earlier task of a DAG, their
// requested start then following from the predecessor's requested finish (plus a constant
// communication delay, §2), so a dependent task may start after T.
//
// Our choices where the paper is silent: the dependent tasks are exactly
// round(dependent_fraction (N - 1)) tasks drawn uniformly among tasks 1..N-1, each depending on a
// task drawn uniformly among the earlier ones (so the graph is a forest, hence a DAG); asymmetric
// durations are "uniform" on mean (1 ± sqrt(3) cv) (cv <= 1/sqrt(3)) or "lognormal" with the
// given mean and cv.
//
// Streams (model::make_stream): "intervals-start", "intervals-duration", "intervals-dependency".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/interval_task.hpp"

namespace arsim::workloads {

struct SyntheticIntervalParams {
  int tasks = 500;                     // N
  double period = 1;                   // T
  double granularity = 0.02;           // g = mean duration / T, eq. (18)
  std::string durations = "constant";  // constant | uniform | lognormal
  double duration_cv = 0;              // standard deviation / mean (asymmetric durations)
  double dependent_fraction = 0;       // in [0, 1]
  double delay = 0;                    // between a predecessor's finish and its successor's start
};

// Throws std::invalid_argument naming the first field out of range.
void validate(const SyntheticIntervalParams& params);

// Tasks in generation order (id = index); deterministic in (params, seed, run_index).
std::vector<model::IntervalTask> generate_intervals(const SyntheticIntervalParams& params,
                                                    std::uint64_t seed,
                                                    std::uint64_t run_index = 0);

}  // namespace arsim::workloads
