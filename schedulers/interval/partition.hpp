// Graph-partitioning baselines of SCS §6.1.2 and §6.2.1, in the soft framework: METIS
// (METIS_PartGraphKway) or Scotch (SCOTCH_graphPart, default strategy) cut the interval graph
// whose edge weights are the non-overlapping degrees sigma_ij of eq. (2) into min(M, N) parts; the
// parts go to resources and each resource serves its tasks in request order (execution.hpp).
//
// Why this is a sensible baseline: the cut sums sigma_ij = a (1 - w_ij) over pairs in different
// parts; with balanced parts the number of such pairs is nearly fixed, so a smaller cut means more
// overlap w across parts, i.e. less overlap inside a resource. The graph is complete (every pair
// has sigma >= a/2), so it is built explicitly only up to `max_edges` adjacency entries,
// N (N - 1); larger problems get a std::invalid_argument naming the limit.
//
// Integer weights: edge weight round(scale * sigma_ij / a), in [scale / 2, scale]; vertex weights
// 1 ("unit") or the task's duration relative to the mean, round(100 * d / mean d) + 1
// ("duration").
#pragma once

#include <string>

#include "schedulers/interval_scheduler.hpp"

namespace arsim::schedulers::interval {

enum class Partitioner { Metis, Scotch };

struct PartitionOptions {
  Partitioner method = Partitioner::Metis;
  int edge_scale = 1000;
  bool duration_weights = false;
  long long max_edges = 20'000'000;
  int seed = 1;
};

class PartitionScheduler : public IntervalScheduler {
 public:
  explicit PartitionScheduler(PartitionOptions options) : options_(options) {}
  // stats.cluster_sizes per part; stats.values["edge_cut"]: the partitioner's objective.
  IntervalSchedule schedule(const IntervalProblem& problem, IntervalStats& stats) override;

 private:
  PartitionOptions options_;
};

// Registers "metis" and "scotch".
void register_partitioners(IntervalRegistry& registry);

}  // namespace arsim::schedulers::interval
