// The CTAAP instance of one frame of a co-allocation request (planner.hpp explains the mapping):
// the widest-path bandwidth between sites and the choice of the sites that become clusters.
#pragma once

#include <vector>

#include "model/plan.hpp"
#include "model/request.hpp"
#include "model/resource_graph.hpp"
#include "schedulers/ctaap/instance.hpp"

namespace arsim::schedulers::ctaap {

// Widest-path bandwidth between every two vertices of `among` (|among| × |among|, in that order;
// 0 on the diagonal and when unconnected) over `free_bandwidth` (one entry per edge). The widest
// path between two vertices runs on a maximum spanning forest (the bottleneck of the tree path is
// the maximin over all paths), so this costs O(E log E + |among| · V), not Floyd–Warshall's V³.
Matrix widest_bandwidths(const model::ResourceGraph& graph,
                         const std::vector<double>& free_bandwidth, const std::vector<int>& among);

struct SiteProblem {
  Instance instance;
  std::vector<int> site_of_cluster;  // vertex id of each cluster, ascending
};

// The clusters are every compute site, or, when `candidates` > 0 and the graph has more sites, the
// k = max(candidates, components) sites with the most free cores in the frame (ties: lower id), in
// id order. The
// graduated assignment costs O(n² m²) per iteration in m clusters, so a grid of a thousand sites
// needs this bound (not in the paper, whose instances have tens of clusters).
SiteProblem site_problem(const model::ResourceGraph& graph, const model::Request& request,
                         const model::Availability& avail, int candidates = 0);

}  // namespace arsim::schedulers::ctaap
