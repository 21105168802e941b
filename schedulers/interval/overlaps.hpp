// Overlaps between requested intervals, found by one sweep over sorted starts: the pairs behind
// the non-overlapping degree sigma_ij of SCS eq. (2) and the maximum overlap beta of eq. (20).
#pragma once

#include <vector>

#include "schedulers/interval_scheduler.hpp"

namespace arsim::schedulers::interval {

// Two tasks whose intervals [begin, end) share a set of positive length.
struct OverlapPair {
  int i = -1;  // i < j, task indices
  int j = -1;
  double length = 0;  // |[b_i, e_i) ∩ [b_j, e_j)| > 0
};

// Every overlapping pair of the half-open intervals [begin[k], end[k]); zero-length intervals
// overlap nothing. O(N log N + pairs). Pairs come in sweep order (deterministic, not sorted).
std::vector<OverlapPair> overlapping_pairs(const std::vector<double>& begin,
                                           const std::vector<double>& end);

// The same for the tasks' requested intervals as they stand now: [ready, ready + duration).
std::vector<OverlapPair> overlapping_pairs(const std::vector<IntervalTask>& tasks);

// beta of eq. (20): the largest number of intervals containing one instant (ends before starts
// at equal times, zero-length intervals ignored). 0 for no tasks.
int max_overlap(const std::vector<double>& begin, const std::vector<double>& end);
int max_overlap(const std::vector<IntervalTask>& tasks);

// Requested intervals [ready, ready + duration) of the tasks, as two vectors.
void requested_intervals(const std::vector<IntervalTask>& tasks, std::vector<double>& begin,
                         std::vector<double>& end);

}  // namespace arsim::schedulers::interval
