// Widest-path routing on the reservation graph, shared by the planners that route one pair on one
// chain of edges (greedy, ctaap): the path whose smallest free bandwidth is largest, ties broken
// by fewest edges, then by the lexicographically smallest sequence of edge ids. Any vertex may be
// an intermediate (sites and exchange points, GridARS Fig. 4).
#pragma once

#include <optional>
#include <vector>

#include "model/resource_graph.hpp"

namespace arsim::schedulers::routing {

// The path from `from` to `to` (edge ids in order) maximising the bottleneck of `free_bandwidth`
// over paths whose every edge has at least `min_bandwidth` free (within 1e-9) and, if max_hops >
// 0, at most max_hops edges; ties as above. Bottlenecks within 1e-9 tie. Nothing
// when no such path exists or from == to.
std::optional<std::vector<int>> widest_path(const model::ResourceGraph& graph,
                                            const std::vector<double>& free_bandwidth, int from,
                                            int to, double min_bandwidth, int max_hops = 0);

}  // namespace arsim::schedulers::routing
