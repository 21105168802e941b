// "ctaap-bb": an exact combinatorial branch and bound for CTAAP (§3.2), a second exact reference
// beside the 0-1 IP (ip.hpp) for instances where CBC does not close its gap.
//
// An allocation is a clique of the compatibility graph whose vertices are the pairs (task i,
// cluster j) with eq. (3) holding, two vertices being adjacent when their tasks differ and eq. (4)
// holds between them; eq. (2) caps the vertices taken per cluster. The clusters split in two:
//  - free clusters U: no two tasks conflict on any pair of U (self-loops included), so once the
//    other clusters' tasks are fixed, filling U is a bipartite b-matching of the remaining
//    compatible tasks to U's capacities, solved exactly (its size by Hall's condition over the
//    subsets of U, at most 2^|U| terms);
//  - the other clusters C, searched vertex by vertex (include, then exclude).
// At every node, current size + U's matching is a feasible allocation (a lower bound), and
// current size + U's matching + Σ_{c∈C} min(free capacity of c, colours of a greedy colouring of
// c's candidates) bounds every completion from above (a clique takes at most one vertex of a
// colour class, i.e. of a set of mutually conflicting vertices). A node is cut when its bound is
// not above the best allocation found. Correct for every instance (U may be empty); fast when the
// offer's bandwidths leave many clusters free, as on the paper's random instances.
// The allocation returned goes through check.hpp; a failure is a bug (std::logic_error).
#pragma once

#include "schedulers/ctaap/instance.hpp"

namespace arsim::schedulers::ctaap {

struct ExactOptions {
  double time_limit = 0;  // seconds, 0 = none; on expiry the best allocation so far is returned
  // A known allocation (e.g. CTAAP-Solver's) to start from: only better ones are searched for,
  // which cuts more nodes. It must pass check.hpp (std::invalid_argument otherwise).
  Allocation start;
};

struct ExactResult {
  Allocation allocation;  // the best allocation found (optimal when `optimal`)
  int bound = 0;          // proven upper bound on the allocation size (= size when optimal)
  bool optimal = false;
  long nodes = 0;
  int free_clusters = 0;  // |U|
  double seconds = 0;
};

// Throws std::invalid_argument on an invalid instance (validate()).
ExactResult solve_exact(const Instance& inst, const ExactOptions& options = {});

}  // namespace arsim::schedulers::ctaap
