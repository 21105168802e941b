#include "tests/unit/schedulers/gridars_ip/instances.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <string>

#include <fmt/format.h>

namespace arsim::test {

using model::Edge;
using model::Vertex;
using model::VertexRole;

model::Request make_request(const std::vector<int>& cpus, const std::vector<model::Pair>& pairs) {
  model::Request r;
  r.id = 7;
  r.user = std::string(1, 'u');  // not = "u": GCC 12 -Wrestrict false positive
  r.duration = 100;
  for (int c : cpus) r.components.push_back({c});
  r.pairs = pairs;
  return r;
}

model::ResourceGraph fig4_graph() {
  model::ResourceGraph g;
  auto site = [&](const char* name, const char* domain, int cores, double vc) {
    Vertex v{name, VertexRole::Site, domain, cores};
    v.unit_value = vc;
    return g.add_vertex(v);
  };
  const int a = site("A", "D1", 4, 1), b = site("B", "D1", 8, 2);
  const int x = g.add_vertex({"X", VertexRole::Exchange, "", 0});
  const int y = g.add_vertex({"Y", VertexRole::Exchange, "", 0});
  const int c = site("C", "D2", 16, 1), d = site("D", "D2", 2, 3);
  auto edge = [&](const char* name, int u, int v, const char* domain, double bw, double vb) {
    g.add_edge(Edge{name, u, v, domain, bw, vb});
  };
  edge("e0", a, b, "D1", 1, 5);
  edge("e1", a, x, "D1", 10, 1);
  edge("e2", b, x, "D1", 10, 2);
  edge("e3", a, y, "D1", 10, 2);
  edge("e4", x, c, "D2", 10, 1);
  edge("e5", y, c, "D2", 10, 1);
  edge("e6", c, d, "D2", 10, 4);
  edge("e7", x, d, "D2", 10, 3);
  return g;
}

namespace {

int uniform(std::mt19937_64& rng, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}
bool chance(std::mt19937_64& rng, double p) {
  return std::bernoulli_distribution(p)(rng);
}

void random_graph(model::ResourceGraph& g, std::mt19937_64& rng) {
  const int sites = uniform(rng, 3, 5), exchanges = uniform(rng, 0, 2);
  for (int i = 0; i < sites; ++i) {
    Vertex v{fmt::format("s{}", i), VertexRole::Site, "d", uniform(rng, 1, 8)};
    v.unit_value = uniform(rng, 0, 5);
    g.add_vertex(v);
  }
  for (int i = 0; i < exchanges; ++i)
    g.add_vertex({fmt::format("x{}", i), VertexRole::Exchange, "d", 0});
  const int n = g.vertex_count();
  auto add = [&](int a, int b) {
    const double vb = chance(rng, 0.15) ? 0 : uniform(rng, 1, 5);  // some free edges: cycles
    g.add_edge({fmt::format("e{}", g.edge_count()), a, b, "d", double(uniform(rng, 1, 3)), vb});
  };
  for (int v = 1; v < n; ++v) add(uniform(rng, 0, v - 1), v);  // a random spanning tree
  for (int extra = uniform(rng, 0, 3); extra > 0; --extra) {   // plus chords, maybe parallel
    const int a = uniform(rng, 0, n - 1), b = uniform(rng, 0, n - 2);
    add(a, b >= a ? b + 1 : b);
  }
}

}  // namespace

Instance random_instance(std::mt19937_64& rng) {
  Instance inst;
  random_graph(inst.graph, rng);
  const int sites = static_cast<int>(inst.graph.sites().size());
  std::vector<int> cpus(uniform(rng, 2, std::min(3, sites)));
  for (int& c : cpus) c = uniform(rng, 1, 4);
  std::vector<model::Pair> pairs;
  for (int a = 0; a < static_cast<int>(cpus.size()); ++a)
    for (int b = a + 1; b < static_cast<int>(cpus.size()); ++b)
      if (chance(rng, 0.7)) pairs.push_back({a, b, double(uniform(rng, 0, 2))});
  inst.request = make_request(cpus, pairs);
  inst.avail = model::full_availability(inst.graph, {0, 100});
  for (int& c : inst.avail.free_cores)
    if (c > 0 && chance(rng, 0.3)) c = uniform(rng, 0, c);
  for (double& b : inst.avail.free_bandwidth)
    if (chance(rng, 0.3)) b = uniform(rng, 0, static_cast<int>(b));
  return inst;
}

Instance with_latencies(const Instance& inst, std::mt19937_64& rng) {
  Instance out;
  for (const auto& v : inst.graph.vertices()) out.graph.add_vertex(v);
  for (auto e : inst.graph.edges()) {
    e.latency = uniform(rng, 0, 3) * 1e-3;  // 0 to 3 ms: some free of latency
    out.graph.add_edge(e);
  }
  out.request = inst.request;
  for (auto& p : out.request.pairs)
    if (chance(rng, 0.7)) p.max_latency = uniform(rng, 0, 6) * 1e-3;
  out.avail = inst.avail;
  return out;
}

Instance with_pins(const Instance& inst, std::mt19937_64& rng) {
  Instance out = inst;
  std::vector<int> sites = inst.graph.sites();
  std::shuffle(sites.begin(), sites.end(), rng);
  std::size_t next = 0;  // sites[next...] are free to pin to
  for (auto& c : out.request.components)
    if (chance(rng, 0.5)) c.site = sites[next++];
  return out;
}

namespace {

// Every simple path from `from` to `to` as edge lists (parallel edges give distinct paths).
std::vector<std::vector<int>> simple_paths(const model::ResourceGraph& g, int from, int to) {
  std::vector<std::vector<int>> out;
  std::vector<int> path;
  std::vector<bool> on(g.vertex_count(), false);
  std::function<void(int)> dfs = [&](int v) {
    if (v == to) {
      out.push_back(path);
      return;
    }
    on[v] = true;
    for (int e : g.incident(v)) {
      const int w = g.other_end(e, v);
      if (on[w]) continue;
      path.push_back(e);
      dfs(w);
      path.pop_back();
    }
    on[v] = false;
  };
  dfs(from);
  return out;
}

}  // namespace

std::optional<double> brute_force_optimum(const Instance& inst, double balance) {
  const auto& g = inst.graph;
  const auto& r = inst.request;
  const auto& av = inst.avail;
  double best = std::numeric_limits<double>::infinity();
  std::vector<int> site(r.components.size(), -1);
  std::vector<double> load(g.edge_count(), 0.0);

  // Choose one simple path per pair with bandwidth, in pair order, within free bandwidth.
  std::function<void(std::size_t, double)> route = [&](std::size_t l, double cost) {
    if (cost >= best) return;  // values are >= 0: no completion can be cheaper
    if (l == r.pairs.size()) {
      best = cost;
      return;
    }
    const model::Pair& p = r.pairs[l];
    if (p.bandwidth <= 0) return route(l + 1, cost);
    for (const auto& path : simple_paths(g, site[p.a], site[p.b])) {
      double extra = 0, latency = 0;
      bool fits = true;
      for (int e : path) latency += g.edge(e).latency;
      fits = latency <= p.max_latency + 1e-9;  // the pair's latency bound, if any
      for (int e : path) {
        load[e] += p.bandwidth;
        fits = fits && load[e] <= av.free_bandwidth[e] + 1e-9;
        extra += g.edge(e).unit_value * p.bandwidth;
      }
      if (fits) route(l + 1, cost + extra);
      for (int e : path) load[e] -= p.bandwidth;
    }
  };
  // Place components one by one on distinct sites with enough free cores.
  std::function<void(std::size_t, double)> place = [&](std::size_t j, double cost) {
    if (j == site.size()) return route(0, cost);
    for (int s : g.sites()) {
      if (std::find(site.begin(), site.end(), s) != site.end()) continue;
      if (r.components[j].cpus > av.free_cores[s]) continue;
      if (r.components[j].pinned() && s != r.components[j].site) continue;
      const auto& v = g.vertex(s);
      const double used = std::max(0, v.cores - av.free_cores[s]);
      site[j] = s;
      place(j + 1, cost + (v.unit_value + balance * used / v.cores) * r.components[j].cpus);
      site[j] = -1;
    }
  };
  place(0, 0.0);
  if (best == std::numeric_limits<double>::infinity()) return std::nullopt;
  return best;
}

}  // namespace arsim::test
