// Fixed-width time buckets over [0, end) (internal to sim/metrics): the last one is cut at `end`
// when end is not a multiple of the width.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

namespace arsim::kinds::coallocation {

struct Buckets {
  double width = 1;
  double end = 0;

  int count() const { return std::max(0, static_cast<int>(std::ceil(end / width - 1e-9))); }
  // Computed from the index, not accumulated, so bucket edges do not drift.
  double start(int i) const { return i * width; }
  double stop(int i) const { return std::min((i + 1) * width, end); }
  double length(int i) const { return stop(i) - start(i); }

  // The bucket holding instant t, or -1 when t is outside [0, end).
  int index_of(double t) const {
    if (t < 0 || t >= end) return -1;
    return std::min(count() - 1, static_cast<int>(std::floor(t / width)));
  }

  // Adds amount × (overlap of [s, e) with each bucket) to into[bucket].
  void accumulate(double s, double e, double amount, std::vector<double>& into) const {
    if (!(e > s) || s >= end || e <= 0) return;
    const int n = count();
    for (int i = std::max(0, static_cast<int>(std::floor(s / width))); i < n && start(i) < e; ++i) {
      const double overlap = std::min(e, stop(i)) - std::max(s, start(i));
      if (overlap > 0) into[i] += amount * overlap;
    }
  }
};

}  // namespace arsim::kinds::coallocation
