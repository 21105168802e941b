#include "schedulers/routing/widest_path.hpp"

#include <algorithm>
#include <deque>
#include <limits>
#include <queue>
#include <stdexcept>

namespace arsim::schedulers::routing {

namespace {

// The same tolerance as model::check_plan, so a path greedy accepts is never refused there.
constexpr double kEps = 1e-9;

// The end of edge e that is not v, inline: the searches below call it for every edge they scan.
int other(const model::ResourceGraph& graph, int e, int v) {
  const model::Edge& edge = graph.edge(e);
  return edge.a == v ? edge.b : edge.a;
}

// Hop distance of every vertex to `to` over the edges with at least `floor` free; -1 when
// unreachable. Distances to the target let the walk from the source pick, edge by edge, the
// smallest id that still lies on a shortest path.
std::vector<int> hops_to(const model::ResourceGraph& graph, const std::vector<double>& free, int to,
                         double floor) {
  std::vector<int> dist(graph.vertex_count(), -1);
  std::deque<int> queue{to};
  dist[to] = 0;
  while (!queue.empty()) {
    const int v = queue.front();
    queue.pop_front();
    for (int e : graph.incident(v)) {
      if (free[e] < floor) continue;
      const int w = other(graph, e, v);
      if (dist[w] < 0) {
        dist[w] = dist[v] + 1;
        queue.push_back(w);
      }
    }
  }
  return dist;
}

bool reaches(const std::vector<int>& dist, int from, int max_hops) {
  return dist[from] >= 0 && (max_hops <= 0 || dist[from] <= max_hops);
}

// The lexicographically smallest shortest path from `from`, given the distances to the target.
// Every step lowers the distance by one, so the path is simple.
std::vector<int> walk_down(const model::ResourceGraph& graph, const std::vector<double>& free,
                           const std::vector<int>& dist, int from, double floor) {
  std::vector<int> path;
  for (int at = from; dist[at] > 0;) {
    int best = -1;
    for (int e : graph.incident(at))
      if (free[e] >= floor && dist[other(graph, e, at)] == dist[at] - 1 && (best < 0 || e < best))
        best = e;
    path.push_back(best);  // exists: dist[at] > 0 was reached through such an edge
    at = other(graph, best, at);
  }
  return path;
}

// The bottleneck of the widest path from `from` to `to` over the edges with at least `base` free
// (max-min Dijkstra, stopped once `to` is settled), or none when they do not join. It is the free
// bandwidth of one edge, exactly: min and max round nothing.
std::optional<double> bottleneck(const model::ResourceGraph& graph, const std::vector<double>& free,
                                 int from, int to, double base) {
  std::vector<double> width(graph.vertex_count(), -std::numeric_limits<double>::infinity());
  std::priority_queue<std::pair<double, int>> heap;
  width[from] = std::numeric_limits<double>::infinity();
  heap.push({width[from], from});
  while (!heap.empty()) {
    const auto [w, v] = heap.top();
    heap.pop();
    if (w < width[v]) continue;  // a stale entry: v was reached wider since
    if (v == to) return w;
    for (int e : graph.incident(v)) {
      if (free[e] < base) continue;
      const int u = other(graph, e, v);
      if (const double through = std::min(w, free[e]); through > width[u]) {
        width[u] = through;
        heap.push({through, u});
      }
    }
  }
  return std::nullopt;
}

// The smallest free bandwidth above `level` and at least `base`, if any.
std::optional<double> next_level(const std::vector<double>& free, double level, double base) {
  std::optional<double> next;
  for (double b : free)
    if (b > level && b >= base && (!next || b < *next)) next = b;
  return next;
}

}  // namespace

std::optional<std::vector<int>> widest_path(const model::ResourceGraph& graph,
                                            const std::vector<double>& free_bandwidth, int from,
                                            int to, double min_bandwidth, int max_hops) {
  if (static_cast<int>(free_bandwidth.size()) != graph.edge_count())
    throw std::invalid_argument("widest_path: free bandwidth does not match the graph");
  if (from < 0 || from >= graph.vertex_count() || to < 0 || to >= graph.vertex_count())
    throw std::invalid_argument("widest_path: unknown vertex");
  if (from == to) return std::nullopt;
  const double base = min_bandwidth - kEps;
  auto floor_of = [&](double level) { return std::max(level - kEps, base); };
  auto feasible = [&](double level) {
    return reaches(hops_to(graph, free_bandwidth, to, floor_of(level)), from, max_hops);
  };
  if (max_hops <= 0) {
    // The level the search below would find, from the exact bottleneck B: it is feasible, and a
    // level whose floor exceeds B is not (every path has an edge of at most B), so only levels
    // within the tolerance above B need a look. O(E log V) instead of sorting every value.
    const auto widest = bottleneck(graph, free_bandwidth, from, to, base);
    if (!widest) return std::nullopt;
    double level = *widest;
    for (auto next = next_level(free_bandwidth, level, base);
         next && floor_of(*next) <= *widest && feasible(*next);
         next = next_level(free_bandwidth, level, base))
      level = *next;
    const auto dist = hops_to(graph, free_bandwidth, to, floor_of(level));
    return walk_down(graph, free_bandwidth, dist, from, floor_of(level));
  }
  // With a hop limit the bottleneck is that of the widest path of at most max_hops edges, which
  // the Dijkstra above does not give. It is the free bandwidth of one of its edges: binary search
  // over the distinct eligible values for the largest one still joining the two ends. Lower
  // thresholds admit more edges, so feasibility is monotone.
  std::vector<double> levels;
  for (double b : free_bandwidth)
    if (b >= base) levels.push_back(b);
  std::sort(levels.begin(), levels.end());
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
  if (levels.empty() || !feasible(levels.front())) return std::nullopt;
  std::size_t lo = 0, hi = levels.size() - 1;  // invariant: levels[lo] is feasible
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo + 1) / 2;
    if (feasible(levels[mid]))
      lo = mid;
    else
      hi = mid - 1;
  }
  const double floor = floor_of(levels[lo]);
  const auto dist = hops_to(graph, free_bandwidth, to, floor);
  return walk_down(graph, free_bandwidth, dist, from, floor);
}

}  // namespace arsim::schedulers::routing
