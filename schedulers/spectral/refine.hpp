// Local-search refinement of an assignment, the repair behind "scs-ls" (see scs.hpp for the trap
// it repairs). The normalized cut of eq. (11) does not see capacity: at low granularity almost
// every pair does not overlap, the spectrum of L^{-1/2} Sigma L^{-1/2} is one eigenvalue 1 and
// N - 1 eigenvalues within a hair of -1/(N - 1), and k-means puts most tasks in one cluster, whose
// resource then shifts them far. The refinement optimises what the paper measures instead: it
// moves single tasks between resources while the total start deviation sum (ST_a - ST) (the
// numerator of D, eq. 23) of the execution model (§2.2: request order, shifted when busy) falls.
//
// Per sweep, every task in service order tries every other resource and takes the move of largest
// decrease (ties: lowest resource index), if any. A move's effect is evaluated exactly and
// locally: inserting a task can only delay the tasks after it on its new resource, removing it
// can only advance those on its old one, and each cascade stops at the first task whose start does
// not change. Sweeps stop when none moved or after max_sweeps. Dependencies are seen through the
// service keys only (a successor's requested start raised to its predecessor's requested finish),
// not through the predecessor's actual finish on another resource; the caller executes the final
// assignment with the exact model.
#pragma once

#include <vector>

#include "schedulers/interval_scheduler.hpp"

namespace arsim::schedulers::spectral {

struct RefineResult {
  double before = 0;  // sum of deviations of the model used here, before
  double after = 0;   // and after
  long moves = 0;
  int sweeps = 0;
};

// `resource`: 0..M-1 per task, improved in place.
RefineResult refine_assignment(const IntervalProblem& problem, std::vector<int>& resource,
                               int max_sweeps);

}  // namespace arsim::schedulers::spectral
