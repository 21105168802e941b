// Widest-path routing under a latency bound (a pair's max_latency, model/request.hpp), shared by
// greedy and ctaap. What is optimised, in this order, over the simple paths from `from` to `to`
// whose every edge has at least `min_bandwidth` free (within 1e-9), with at most max_hops edges
// when max_hops > 0, and whose latency (the sum of the edges' latencies, model::route_latency) is
// at most max_latency:
//   1. the bottleneck of free bandwidth, largest first (bottlenecks within 1e-9 tie);
//   2. the number of edges, fewest first;
//   3. the sequence of edge ids, lexicographically smallest first.
// That is widest_path's order (widest_path.hpp) restricted to the paths meeting the bound; a
// narrower but faster path wins over a wider one that is too slow.
//
// Method. Feasibility is monotone in the bandwidth threshold (a lower one admits more edges), so
// a binary search over the distinct eligible free bandwidths finds the largest threshold at which
// the minimum-latency path (Dijkstra; with max_hops, a hop-layered Bellman-Ford of max_hops rounds)
// meets the bound. At that threshold, a hop-layered table of the least latency to `to` within k
// edges gives the fewest edges h meeting the bound; the walk from `from` then takes, edge by edge,
// the smallest id that can still reach `to` within the remaining hops and the bound. The walk is
// simple: a repeated vertex would leave a shorter path meeting the bound, against h minimal.
#pragma once

#include <optional>
#include <vector>

#include "model/request.hpp"
#include "model/resource_graph.hpp"

namespace arsim::schedulers::routing {

// The path above (edge ids in order), or nothing when none exists or from == to. max_latency is in
// seconds and must be >= 0 (+inf admits every path: then prefer route_pair, which calls
// widest_path itself).
std::optional<std::vector<int>> widest_path_within(const model::ResourceGraph& graph,
                                                   const std::vector<double>& free_bandwidth,
                                                   int from, int to, double min_bandwidth,
                                                   double max_latency, int max_hops = 0);

// The route of `pair` between the sites `from` and `to`: widest_path (exactly today's routing)
// when the pair has no latency bound, widest_path_within its bound otherwise.
std::optional<std::vector<int>> route_pair(const model::ResourceGraph& graph,
                                           const std::vector<double>& free_bandwidth, int from,
                                           int to, const model::Pair& pair, int max_hops = 0);

}  // namespace arsim::schedulers::routing
