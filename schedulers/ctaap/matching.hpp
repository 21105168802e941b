// Step 2 of CTAAP-Solver (§3.3, Algorithm 2): a maximum-weight bipartite matching of tasks to
// clusters under eqs. (1), (2), (3) and (5), eq. (4) left out. Graph G' = (V ∪ V̂, E'), with an
// edge (v_i, v̂_j) where task i fits cluster j (eq. 3), weight w_ij = X_ij from step 1, and each
// cluster matched at most cap_j times (eq. 2) — a b-matching.
//
// Solved as a min-cost flow (our own code; the paper used a modified LEDA matching): source → task
// (capacity 1, cost 0), task → cluster (capacity 1, cost −w_ij), cluster → sink (capacity cap_j,
// cost 0), by successive shortest augmenting paths. Augmenting paths are taken while their cost is
// <= 0 (within 1e-12): a negative path raises the weight, a zero path adds a task without lowering
// it, a positive one would lower it. So the result is a maximum-weight b-matching.
//
// The residual network is searched contracted onto the m clusters: a shortest path enters one
// unmatched task into some cluster (cost −w_ij), then moves matched tasks from cluster to cluster
// (cost w_kl − w_kj), and ends in a cluster with a free slot. The cheapest entering task per
// cluster and the cheapest mover per cluster pair are found in one O(n m) scan, and Bellman-Ford
// over the m clusters (O(m³); no negative cycles, the flow being min-cost at every value) finds
// the path — exact, and faster than Dijkstra on the O(n m)-arc network when m << n.
//
// Complexity: one augmentation O(n m + m³); at most min(n, Σ cap_j) augmentations, so
// O(n² m + n m³) per matching, within the paper's O(N² log(N + M) + N² M) (§3.4) for M² <= N.
//
// Deterministic: ties go to the lower task index, then to the lower cluster index.
#pragma once

#include <vector>

#include "schedulers/ctaap/instance.hpp"

namespace arsim::schedulers::ctaap {

struct MatchingStats {
  int augmentations = 0;
};

// `weights` is n × m; `forbidden` (n·m entries, row-major, or empty) marks pairs the clean-up has
// forced to 0: they are not edges of G'. `size_bonus` (>= 0, not in the paper) is added to every
// edge weight, so that a larger allocation is preferred to a heavier one when it is >= 1 (weights
// in [0, 1]). Negative total weights are never used (a matching without the edge is heavier).
Allocation max_weight_matching(const Instance& inst, const Matrix& weights,
                               const std::vector<char>& forbidden = {}, double size_bonus = 0,
                               MatchingStats* stats = nullptr);

}  // namespace arsim::schedulers::ctaap
