#include "schedulers/interval/execution.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <stdexcept>

#include "schedulers/interval/assignment.hpp"

namespace arsim::schedulers::interval {

namespace {

// Key and depth of every task, resolving predecessors first (validate() rules out cycles).
void keys_and_depths(const IntervalProblem& p, std::vector<double>& key, std::vector<int>& depth) {
  const int n = p.size();
  key.assign(n, 0);
  depth.assign(n, -1);
  std::vector<int> stack;
  for (int i = 0; i < n; ++i) {
    for (int at = i; at >= 0 && depth[at] < 0; at = p.tasks[at].predecessor) stack.push_back(at);
    while (!stack.empty()) {
      const int t = stack.back();
      stack.pop_back();
      const int pred = p.tasks[t].predecessor;
      key[t] = p.tasks[t].ready();
      depth[t] = 0;
      if (pred >= 0) {
        key[t] = std::max(key[t], key[pred] + p.tasks[pred].duration());
        depth[t] = depth[pred] + 1;
      }
    }
  }
}

// Total deviation of `tasks` (in service order) run alone on a resource free at `free`.
double deviation_alone(const IntervalProblem& p, const std::vector<int>& tasks, double free) {
  double total = 0;
  for (int t : tasks) {
    const double start = std::max(p.tasks[t].ready(), free);
    total += start - p.tasks[t].start;
    free = start + p.tasks[t].duration();
  }
  return total;
}

}  // namespace

std::vector<double> service_keys(const IntervalProblem& p) {
  std::vector<double> key;
  std::vector<int> depth;
  keys_and_depths(p, key, depth);
  return key;
}

std::vector<int> service_order(const IntervalProblem& p) {
  std::vector<double> key;
  std::vector<int> depth;
  keys_and_depths(p, key, depth);
  std::vector<int> order(p.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    if (key[a] != key[b]) return key[a] < key[b];
    if (depth[a] != depth[b]) return depth[a] < depth[b];
    return a < b;
  });
  return order;
}

std::vector<double> execute_in_request_order(const IntervalProblem& p,
                                             const std::vector<int>& resource) {
  if (static_cast<int>(resource.size()) != p.size())
    throw std::invalid_argument("execute_in_request_order: one resource per task expected");
  std::vector<double> free(p.resources);
  for (int r = 0; r < p.resources; ++r) free[r] = p.busy(r);
  std::vector<double> start(p.size(), 0);
  for (int t : service_order(p)) {
    const int r = resource[t];
    if (r < 0 || r >= p.resources)
      throw std::invalid_argument("execute_in_request_order: resource out of range");
    double s = std::max(p.tasks[t].ready(), free[r]);
    const int pred = p.tasks[t].predecessor;
    if (pred >= 0) s = std::max(s, start[pred] + p.tasks[pred].duration());
    start[t] = s;
    free[r] = s + p.tasks[t].duration();
  }
  return start;
}

std::vector<int> map_clusters_to_resources(const IntervalProblem& p,
                                           const std::vector<int>& cluster, int clusters) {
  const int m = p.resources;
  if (clusters > m)
    throw std::invalid_argument("map_clusters_to_resources: more clusters than resources");
  double first_ready = INFINITY, latest_free = -INFINITY;
  for (const auto& t : p.tasks) first_ready = std::min(first_ready, t.ready());
  for (int r = 0; r < m; ++r) latest_free = std::max(latest_free, p.busy(r));
  if (latest_free <= first_ready) return cluster;
  // Cost of cluster c on resource r; resources sharing a busy time share a column of costs, and
  // the padding rows (clusters beyond k) cost nothing anywhere.
  std::vector<std::vector<int>> members(clusters);
  for (int t : service_order(p)) members[cluster[t]].push_back(t);
  std::map<double, std::vector<double>> by_free;
  for (int r = 0; r < m; ++r) by_free.emplace(p.busy(r), std::vector<double>{});
  for (auto& [free, costs] : by_free)
    for (int c = 0; c < clusters; ++c) costs.push_back(deviation_alone(p, members[c], free));
  std::vector<std::vector<double>> cost(m, std::vector<double>(m, 0));
  for (int c = 0; c < clusters; ++c)
    for (int r = 0; r < m; ++r) cost[c][r] = by_free.at(p.busy(r))[c];
  const std::vector<int> res_of = min_cost_assignment(cost);
  std::vector<int> resource(p.size());
  for (int t = 0; t < p.size(); ++t) resource[t] = res_of[cluster[t]];
  return resource;
}

IntervalSchedule schedule_partition(const IntervalProblem& p, const std::vector<int>& cluster,
                                    int clusters) {
  IntervalSchedule s;
  s.resource = map_clusters_to_resources(p, cluster, clusters);
  s.start = execute_in_request_order(p, s.resource);
  return s;
}

std::vector<int> cluster_sizes(const std::vector<int>& cluster, int clusters) {
  std::vector<int> sizes(clusters, 0);
  for (int c : cluster) ++sizes.at(c);
  return sizes;
}

}  // namespace arsim::schedulers::interval
