// An upper bound on the CTAAP optimum from sub-offers: for every set T of at most `max_clusters`
// clusters, B_T bounds the best allocation onto T alone (ctaap-bb, exact.hpp, proven or cut off by
// its time limit); then
//     bound = max Σ_j s_j  subject to  Σ_{j∈T} s_j <= B_T for every such T,  0 <= s_j <= cap_j,
// s integer (solved on the milp API). It is valid because an allocation restricted to the clusters
// of T is an allocation of the instance with only those clusters (eqs. 1–5 still hold), so the
// cluster loads s_j = |S_j| of the optimum satisfy every row. Where the full problem is too large
// for an exact proof (CBC's LP bound and ctaap-bb's colouring bound are loose at 200 tasks), the
// sub-offers of two or three clusters are usually small enough to solve exactly, and the rows
// between them capture the cross-cluster conflicts of eq. (4) that make the full problem hard.
#pragma once

#include "schedulers/ctaap/instance.hpp"

namespace arsim::schedulers::ctaap {

struct SubsetBoundOptions {
  int max_clusters = 3;   // largest |T|; >= the number of clusters solves the whole instance
  double time_limit = 5;  // seconds per ctaap-bb solve of one T (0 = none)
  Allocation start;       // a known allocation (restricted to each T as its starting point)
};

struct SubsetBound {
  int bound = 0;    // upper bound on the allocation size
  int best = 0;     // the largest allocation found on the whole instance (start included)
  int subsets = 0;  // sets T solved
  int proven = 0;   // of which ctaap-bb proved the optimum
  double seconds = 0;
};

// The instance with only the clusters in `clusters` (indices into inst, in that order).
Instance restrict_clusters(const Instance& inst, const std::vector<int>& clusters);

// Throws std::invalid_argument on an invalid instance, start allocation or max_clusters < 1.
SubsetBound subset_bound(const Instance& inst, const SubsetBoundOptions& options = {});

}  // namespace arsim::schedulers::ctaap
