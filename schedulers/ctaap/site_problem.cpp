#include "schedulers/ctaap/site_problem.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace arsim::schedulers::ctaap {

namespace {

// A maximum spanning forest in compressed adjacency: the tree edges of vertex v are
// neighbour[first[v] .. first[v + 1]) with their free bandwidth in width[...].
struct Forest {
  std::vector<int> first, neighbour;
  std::vector<double> width;
};

// Kruskal on the edges by decreasing free bandwidth (edges with nothing free join nothing).
Forest maximum_spanning_forest(const model::ResourceGraph& graph, const std::vector<double>& free) {
  const int v = graph.vertex_count();
  std::vector<int> order(graph.edge_count());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return free[x] > free[y]; });
  std::vector<int> parent(v);
  std::iota(parent.begin(), parent.end(), 0);
  auto root = [&](int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  std::vector<int> tree;  // edge ids
  for (int e : order) {
    if (free[e] <= 0) break;
    const int a = root(graph.edge(e).a), b = root(graph.edge(e).b);
    if (a == b) continue;
    parent[a] = b;
    tree.push_back(e);
  }
  Forest f{std::vector<int>(v + 1, 0), std::vector<int>(2 * tree.size()),
           std::vector<double>(2 * tree.size())};
  for (int e : tree) ++f.first[graph.edge(e).a + 1], ++f.first[graph.edge(e).b + 1];
  for (int x = 0; x < v; ++x) f.first[x + 1] += f.first[x];
  std::vector<int> at(f.first.begin(), f.first.end() - 1);
  for (int e : tree) {
    const auto& edge = graph.edge(e);
    f.neighbour[at[edge.a]] = edge.b, f.width[at[edge.a]++] = free[e];
    f.neighbour[at[edge.b]] = edge.a, f.width[at[edge.b]++] = free[e];
  }
  return f;
}

// Fills best[w] with the bottleneck from `source` to every vertex w of its tree, and 0 elsewhere
// and at the source. `stack` is scratch space.
void bottlenecks_from(const Forest& f, int source, std::vector<double>& best,
                      std::vector<int>& stack) {
  std::fill(best.begin(), best.end(), -1.0);  // -1: not reached yet
  best[source] = 1e300;
  stack.assign(1, source);
  while (!stack.empty()) {
    const int x = stack.back();
    stack.pop_back();
    for (int k = f.first[x]; k < f.first[x + 1]; ++k)
      if (best[f.neighbour[k]] < 0) {
        best[f.neighbour[k]] = std::min(best[x], f.width[k]);
        stack.push_back(f.neighbour[k]);
      }
  }
  for (double& b : best) b = std::max(b, 0.0);
  best[source] = 0;
}

// The clusters of the instance (see site_problem): the sites without a pin.
std::vector<int> clusters(const model::ResourceGraph& graph, const model::Availability& avail,
                          const std::vector<int>& pins, int candidates) {
  std::vector<int> sites = graph.sites();
  std::erase_if(sites, [&](int s) { return std::find(pins.begin(), pins.end(), s) != pins.end(); });
  if (candidates <= 0 || static_cast<int>(sites.size()) <= candidates) return sites;
  std::stable_sort(sites.begin(), sites.end(),
                   [&](int x, int y) { return avail.free_cores[x] > avail.free_cores[y]; });
  sites.resize(candidates);
  std::sort(sites.begin(), sites.end());
  return sites;
}

}  // namespace

Matrix widest_bandwidths(const model::ResourceGraph& graph, const std::vector<double>& free,
                         const std::vector<int>& among) {
  if (static_cast<int>(free.size()) != graph.edge_count())
    throw std::invalid_argument("ctaap: free bandwidth does not match the graph");
  const Forest forest = maximum_spanning_forest(graph, free);
  const int k = static_cast<int>(among.size());
  Matrix w(k, k);
  std::vector<double> best(graph.vertex_count());
  std::vector<int> stack;
  for (int a = 0; a < k; ++a) {
    bottlenecks_from(forest, among[a], best, stack);
    for (int b = 0; b < k; ++b)
      if (b != a) w(a, b) = best[among[b]];
  }
  return w;
}

namespace {

// What component i exchanges with component k, over all their pairs, both ways (b_ik = b_ki).
Matrix demands(const model::Request& request) {
  const int n = static_cast<int>(request.components.size());
  Matrix b(n, n);
  for (const auto& pair : request.pairs) {
    b(pair.a, pair.b) += pair.bandwidth;
    b(pair.b, pair.a) += pair.bandwidth;
  }
  return b;
}

// The pinned components and their sites, checked to be compute sites.
void split_pins(const model::ResourceGraph& graph, const model::Request& request,
                std::vector<int>& free, std::vector<int>& pinned, std::vector<int>& pins) {
  for (int i = 0; i < static_cast<int>(request.components.size()); ++i) {
    const model::Component& c = request.components[i];
    if (!c.pinned()) {
      free.push_back(i);
      continue;
    }
    if (c.site >= graph.vertex_count() || graph.vertex(c.site).role != model::VertexRole::Site)
      throw std::invalid_argument("ctaap: component pinned to a vertex that is no compute site");
    pinned.push_back(i);
    pins.push_back(c.site);
  }
}

}  // namespace

SiteProblem site_problem(const model::ResourceGraph& graph, const model::Request& request,
                         const model::Availability& avail, int candidates) {
  if (static_cast<int>(avail.free_cores.size()) != graph.vertex_count())
    throw std::invalid_argument("ctaap: availability does not match the graph");
  SiteProblem p;
  std::vector<int> pinned, pins;
  split_pins(graph, request, p.component_of_task, pinned, pins);
  const int n = static_cast<int>(p.component_of_task.size());
  p.site_of_cluster = clusters(graph, avail, pins, candidates > 0 ? std::max(candidates, n) : 0);
  const int m = static_cast<int>(p.site_of_cluster.size());
  p.instance = make_instance(n, m);
  Instance& inst = p.instance;
  const Matrix demand = demands(request);
  for (int t = 0; t < n; ++t) {
    inst.cpu[t] = request.components[p.component_of_task[t]].cpus;
    for (int u = 0; u < n; ++u)
      inst.bandwidth(t, u) = demand(p.component_of_task[t], p.component_of_task[u]);
  }
  std::vector<int> among = p.site_of_cluster;  // the clusters, then the pins
  among.insert(among.end(), pins.begin(), pins.end());
  const Matrix wide = widest_bandwidths(graph, avail.free_bandwidth, among);
  for (int j = 0; j < m; ++j) {
    const int site = p.site_of_cluster[j];
    inst.cluster_cpu[j] = std::max(0, avail.free_cores[site]);
    inst.capacity[j] = avail.free_cores[site] > 0 ? 1 : 0;  // one component per site
    for (int l = 0; l < m; ++l)
      if (l != j) inst.cluster_bandwidth(j, l) = wide(j, l);
  }
  if (pinned.empty()) return p;
  inst.allowed.assign(static_cast<std::size_t>(n) * m, 1);
  for (int t = 0; t < n; ++t)
    for (int j = 0; j < m; ++j)
      for (std::size_t q = 0; q < pinned.size(); ++q)
        if (demand(p.component_of_task[t], pinned[q]) > wide(j, m + static_cast<int>(q)))
          inst.allowed[static_cast<std::size_t>(t) * m + j] = 0;
  return p;
}

std::vector<int> component_sites(const SiteProblem& p, const model::Request& request,
                                 const Allocation& a) {
  std::vector<int> sites;
  for (const auto& c : request.components) sites.push_back(c.site);
  for (std::size_t t = 0; t < a.size(); ++t)
    sites[p.component_of_task[t]] = p.site_of_cluster[a[t]];
  return sites;
}

}  // namespace arsim::schedulers::ctaap
