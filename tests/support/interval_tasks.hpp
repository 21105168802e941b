// Interval tasks for tests and benchmarks of the interval schedulers: one task by hand, and n tasks
// with requested starts uniform on [0, 1) and durations uniform on g (0.5, 1.5), so g is the
// granularity of SCS eq. (18) (mean duration over the period).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "schedulers/interval_scheduler.hpp"

namespace arsim::testing {

// A task requested in [st, ft), after task `pred` (-1: none).
inline schedulers::IntervalTask task(double st, double ft, int pred = -1) {
  return {-1, st, ft, pred, 0};
}

inline std::vector<schedulers::IntervalTask> uniform_tasks(int n, double g,
                                                           std::uint64_t seed = 1) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<schedulers::IntervalTask> t;
  for (int i = 0; i < n; ++i) {
    const double s = u(rng), d = g * (0.5 + u(rng));
    t.push_back({i, s, s + d, -1, 0});
  }
  return t;
}

}  // namespace arsim::testing
