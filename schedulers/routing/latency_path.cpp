#include "schedulers/routing/latency_path.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <queue>
#include <stdexcept>

#include "schedulers/routing/widest_path.hpp"

namespace arsim::schedulers::routing {

namespace {

// The tolerance of model::check_plan for bandwidth. The latency limit takes half of it, so a path
// accepted here stays within the checker's 1e-9 s whatever order the latencies are summed in.
constexpr double kEps = 1e-9;
constexpr double kInf = std::numeric_limits<double>::infinity();

struct Search {
  const model::ResourceGraph& graph;
  const std::vector<double>& free;
  int from, to;
  double limit;  // max_latency + kEps / 2
  int max_hops;

  bool usable(int e, double floor) const { return free[e] >= floor; }
  // A least latency d meets the limit: reached (finite, also under an infinite limit) and within.
  bool meets(double d) const { return d < kInf && d <= limit; }

  // Least latency from `from` to `to` over the usable edges (Dijkstra from `to`), stopping once
  // `from` is settled or every vertex left is beyond the limit (then it is reported as unreached).
  double least_latency(double floor) const {
    std::vector<double> dist(graph.vertex_count(), kInf);
    using Item = std::pair<double, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    dist[to] = 0;
    queue.push({0.0, to});
    while (!queue.empty()) {
      const auto [d, v] = queue.top();
      queue.pop();
      if (d > dist[v]) continue;
      if (v == from || d > limit) break;
      for (int e : graph.incident(v)) {
        if (!usable(e, floor)) continue;
        const int w = graph.other_end(e, v);
        if (const double nd = d + graph.edge(e).latency; nd < dist[w]) {
          dist[w] = nd;
          queue.push({nd, w});
        }
      }
    }
    return dist[from] <= limit ? dist[from] : kInf;
  }

  // One more hop layer: least latency to `to` within k + 1 edges from that within k.
  std::vector<double> next_layer(const std::vector<double>& prev, double floor) const {
    std::vector<double> out = prev;
    for (int v = 0; v < graph.vertex_count(); ++v)
      for (int e : graph.incident(v))
        if (usable(e, floor))
          out[v] = std::min(out[v], graph.edge(e).latency + prev[graph.other_end(e, v)]);
    return out;
  }

  std::vector<double> layer_zero() const {
    std::vector<double> d(graph.vertex_count(), kInf);
    d[to] = 0;
    return d;
  }

  bool feasible(double floor) const {
    if (max_hops <= 0) return meets(least_latency(floor));
    std::vector<double> d = layer_zero();
    for (int k = 0; k < max_hops && !meets(d[from]); ++k) d = next_layer(d, floor);
    return meets(d[from]);
  }

  // Fewest edges, then smallest edge ids, among the paths meeting the limit (feasible(floor)).
  std::vector<int> walk(double floor) const {
    std::vector<std::vector<double>> layers{layer_zero()};
    while (!meets(layers.back()[from]) && static_cast<int>(layers.size()) < graph.vertex_count())
      layers.push_back(next_layer(layers.back(), floor));
    std::vector<int> path;
    double spent = 0;
    for (int at = from, left = static_cast<int>(layers.size()) - 1; at != to && left > 0; --left) {
      int best = -1, fastest = -1;  // fastest: only if rounding leaves no edge within the limit
      double fastest_total = kInf;
      for (int e : graph.incident(at)) {
        if (!usable(e, floor)) continue;
        const double total =
            spent + graph.edge(e).latency + layers[left - 1][graph.other_end(e, at)];
        if (meets(total) && (best < 0 || e < best)) best = e;
        if (total < fastest_total) fastest_total = total, fastest = e;
      }
      if (best < 0) best = fastest;
      path.push_back(best);
      spent += graph.edge(best).latency;
      at = graph.other_end(best, at);
    }
    return path;
  }
};

}  // namespace

std::optional<std::vector<int>> widest_path_within(const model::ResourceGraph& graph,
                                                   const std::vector<double>& free_bandwidth,
                                                   int from, int to, double min_bandwidth,
                                                   double max_latency, int max_hops) {
  if (static_cast<int>(free_bandwidth.size()) != graph.edge_count())
    throw std::invalid_argument("widest_path_within: free bandwidth does not match the graph");
  if (from < 0 || from >= graph.vertex_count() || to < 0 || to >= graph.vertex_count())
    throw std::invalid_argument("widest_path_within: unknown vertex");
  if (!(max_latency >= 0))
    throw std::invalid_argument("widest_path_within: max_latency must be >= 0");
  if (from == to) return std::nullopt;
  const Search s{graph, free_bandwidth, from, to, max_latency + kEps / 2, max_hops};
  const double base = min_bandwidth - kEps;
  std::vector<double> levels;  // as widest_path: the bottleneck is one edge's free bandwidth
  for (double b : free_bandwidth)
    if (b >= base) levels.push_back(b);
  std::sort(levels.begin(), levels.end());
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
  auto floor_of = [&](double level) { return std::max(level - kEps, base); };
  if (levels.empty() || !s.feasible(floor_of(levels.front()))) return std::nullopt;
  std::size_t lo = 0, hi = levels.size() - 1;  // invariant: levels[lo] is feasible
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo + 1) / 2;
    if (s.feasible(floor_of(levels[mid])))
      lo = mid;
    else
      hi = mid - 1;
  }
  return s.walk(floor_of(levels[lo]));
}

std::optional<std::vector<int>> route_pair(const model::ResourceGraph& graph,
                                           const std::vector<double>& free_bandwidth, int from,
                                           int to, const model::Pair& pair, int max_hops) {
  if (!pair.has_latency_bound())
    return widest_path(graph, free_bandwidth, from, to, pair.bandwidth, max_hops);
  return widest_path_within(graph, free_bandwidth, from, to, pair.bandwidth, pair.max_latency,
                            max_hops);
}

}  // namespace arsim::schedulers::routing
