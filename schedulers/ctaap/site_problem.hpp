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
  std::vector<int> site_of_cluster;    // vertex id of each cluster, ascending
  std::vector<int> component_of_task;  // the request's unpinned components, ascending
};

// The tasks are the request's unpinned components. A pinned component (model::Component::site, a
// modification of a broken reservation, GridARS §5) is no task: its site is given, so that site
// is no cluster, and eq. (4) between a task i and a pinned component k on site p, with x_kp = 1,
// reads b_ik <= b̂_jp for every cluster j that i takes: `allowed` bars i from the clusters j where
// the widest path to p is narrower than what i and k exchange. Without pins, tasks are the
// components and `allowed` is empty.
// The clusters are every compute site that holds no pin, or, when `candidates` > 0 and the graph
// has more such sites, the k = max(candidates, tasks) of them with the most free cores in the
// frame (ties: lower id), in id order. The graduated assignment costs O(n² m²) per iteration in m
// clusters, so a grid of a thousand sites needs this bound (not in the paper, whose instances have
// tens of clusters). Throws std::invalid_argument when a pin is not a compute site of `graph`.
SiteProblem site_problem(const model::ResourceGraph& graph, const model::Request& request,
                         const model::Availability& avail, int candidates = 0);

// Every component's site: a pinned one's pin, a task's cluster in `a` (which allocates every task).
std::vector<int> component_sites(const SiteProblem& p, const model::Request& request,
                                 const Allocation& a);

}  // namespace arsim::schedulers::ctaap
