// The execution model of SCS §2.2–2.3, shared by every scheduler that only picks resources (SCS,
// the graph partitioners): a resource runs its tasks one at a time in order of requested start;
// a task that finds its resource busy (by an earlier task, or by work carried over from the
// previous period) is shifted to when the resource frees up.
//
// Dependencies (§2): "v cannot be executed before u finishes". The requested times of a DAG follow
// from the predecessors, so where an input has a task requesting to start before its predecessor's
// requested finish, the service order uses the later of the two (the service key); this also makes
// one global order consistent with every resource's order, so cross-resource waits never deadlock.
#pragma once

#include <vector>

#include "schedulers/interval_scheduler.hpp"

namespace arsim::schedulers::interval {

// Per task: its ready time, raised to the key of its predecessor plus the predecessor's duration.
std::vector<double> service_keys(const IntervalProblem& problem);

// Task indices by (service key, DAG depth, index): predecessors always come first.
std::vector<int> service_order(const IntervalProblem& problem);

// §2.2: actual starts when every resource serves its tasks in service order. A task starts at the
// latest of its ready time, its resource's free time and its predecessor's actual finish.
// `resource` holds 0..M-1 per task (no deferral).
std::vector<double> execute_in_request_order(const IntervalProblem& problem,
                                             const std::vector<int>& resource);

// Gives the clusters 0..k-1 (k <= M) of `cluster` to distinct resources. When every resource is
// free by the first ready time they are interchangeable and cluster c goes to resource c;
// otherwise a min-cost assignment minimises the total start deviation of the clusters, each
// costed alone on each resource's carried-over busy time. Returns the resource of every task.
std::vector<int> map_clusters_to_resources(const IntervalProblem& problem,
                                           const std::vector<int>& cluster, int clusters);

// The soft pipeline for a partition: map its clusters to resources, then execute in request
// order (§6.2.1: "selecting the resource each task should be executed on, and then, in case of
// overlapping, shifting the tasks as needed").
IntervalSchedule schedule_partition(const IntervalProblem& problem, const std::vector<int>& cluster,
                                    int clusters);

// Tasks per cluster (clusters 0..k-1).
std::vector<int> cluster_sizes(const std::vector<int>& cluster, int clusters);

}  // namespace arsim::schedulers::interval
