#include "model/plan.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include <fmt/format.h>

namespace arsim::model {

namespace {
constexpr double kEps = 1e-9;

// Checks that `route` is a simple chain of edges from vertex `from` to vertex `to`.
std::optional<std::string> check_route(const ResourceGraph& g, const std::vector<int>& route,
                                       int from, int to) {
  if (route.empty()) return "no path";
  std::set<int> seen{from};
  int at = from;
  for (int e : route) {
    if (e < 0 || e >= g.edge_count()) return fmt::format("unknown edge {}", e);
    const Edge& edge = g.edge(e);
    if (edge.a != at && edge.b != at)
      return fmt::format("edge '{}' does not start at '{}'", edge.name, g.vertex(at).name);
    at = g.other_end(e, at);
    if (!seen.insert(at).second) return fmt::format("path visits '{}' twice", g.vertex(at).name);
  }
  if (at != to)
    return fmt::format("path ends at '{}', not at '{}'", g.vertex(at).name, g.vertex(to).name);
  return std::nullopt;
}
}  // namespace

Availability Availability::scaled(double level) const {
  Availability out = *this;
  for (auto& c : out.free_cores) c = static_cast<int>(std::floor(c * level + kEps));
  for (auto& b : out.free_bandwidth) b *= level;
  return out;
}

Availability full_availability(const ResourceGraph& g, TimeFrame frame) {
  Availability a{frame, {}, {}};
  for (const auto& v : g.vertices()) a.free_cores.push_back(v.cores);
  for (const auto& e : g.edges()) a.free_bandwidth.push_back(e.bandwidth);
  return a;
}

std::optional<std::string> check_plan(const ResourceGraph& g, const Request& r,
                                      const Availability& avail, const Plan& p) {
  if (std::abs(p.frame.length() - r.duration) > kEps)
    return fmt::format("frame length {} is not the duration {}", p.frame.length(), r.duration);
  if (p.frame.start < r.est - kEps || p.frame.start > r.lst + kEps)
    return fmt::format("frame start {} is outside [EST {}, LST {}]", p.frame.start, r.est, r.lst);
  if (avail.free_cores.size() != g.vertices().size() ||
      avail.free_bandwidth.size() != g.edges().size())
    return "availability does not match the graph";
  if (p.sites.size() != r.components.size())
    return fmt::format("{} sites for {} components", p.sites.size(), r.components.size());
  std::set<int> used;
  for (std::size_t j = 0; j < p.sites.size(); ++j) {
    const int s = p.sites[j];
    if (s < 0 || s >= g.vertex_count() || g.vertex(s).role != VertexRole::Site)
      return fmt::format("component {} is not on a compute site", j);
    if (!used.insert(s).second)
      return fmt::format("site '{}' holds two components", g.vertex(s).name);
    if (const int pin = r.components[j].site; r.components[j].pinned() && s != pin)
      return fmt::format("component {} is pinned to vertex {}, the plan puts it on '{}'", j, pin,
                         g.vertex(s).name);
    if (r.components[j].cpus > avail.free_cores[s])
      return fmt::format("component {} needs {} cores, site '{}' has {} free", j,
                         r.components[j].cpus, g.vertex(s).name, avail.free_cores[s]);
  }
  if (p.routes.size() != r.pairs.size())
    return fmt::format("{} routes for {} pairs", p.routes.size(), r.pairs.size());
  std::vector<double> load(g.edge_count(), 0.0);
  for (std::size_t l = 0; l < r.pairs.size(); ++l) {
    const Pair& pair = r.pairs[l];
    if (pair.bandwidth <= 0) {
      if (!p.routes[l].empty()) return fmt::format("pair {} needs no path but has one", l);
      continue;
    }
    if (auto err = check_route(g, p.routes[l], p.sites[pair.a], p.sites[pair.b]))
      return fmt::format("pair {}: {}", l, *err);
    if (const double lat = route_latency(g, p.routes[l]); lat > pair.max_latency + kEps)
      return fmt::format("request {} pair {} ({}-{}): route latency {} s exceeds its bound {} s",
                         r.id, l, pair.a, pair.b, lat, pair.max_latency);
    for (int e : p.routes[l]) load[e] += pair.bandwidth;
  }
  for (int e = 0; e < g.edge_count(); ++e)
    if (load[e] > avail.free_bandwidth[e] + kEps)
      return fmt::format("edge '{}' carries {} Gbit/s, {} free", g.edge(e).name, load[e],
                         avail.free_bandwidth[e]);
  return std::nullopt;
}

bool pins_on_sites(const ResourceGraph& g, const Request& r) {
  return std::all_of(r.components.begin(), r.components.end(), [&](const Component& c) {
    return !c.pinned() || (c.site < g.vertex_count() && g.vertex(c.site).role == VertexRole::Site);
  });
}

bool pins_fit(const Request& r, const Availability& avail) {
  return std::all_of(r.components.begin(), r.components.end(), [&](const Component& c) {
    return !c.pinned() || avail.free_cores[c.site] >= c.cpus;
  });
}

double route_latency(const ResourceGraph& g, const std::vector<int>& route) {
  double sum = 0;
  for (int e : route) sum += g.edge(e).latency;
  return sum;
}

double plan_value(const ResourceGraph& g, const Request& r, const Plan& p) {
  double v = 0;
  for (std::size_t j = 0; j < p.sites.size(); ++j)
    v += g.vertex(p.sites[j]).unit_value * r.components[j].cpus;
  for (std::size_t l = 0; l < p.routes.size(); ++l)
    for (int e : p.routes[l]) v += g.edge(e).unit_value * r.pairs[l].bandwidth;
  return v;
}

}  // namespace arsim::model
