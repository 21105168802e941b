// Defaults for SimGrid platforms without arsim's <prop> annotations (see platform_view.hpp).
#include <map>
#include <set>
#include <string_view>

#include <fmt/format.h>

#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include "sim/platform/platform_view.hpp"
#include "sim/platform/routes.hpp"

namespace arsim::platform {

namespace {
constexpr double kBytesPerSecondToGbps = 8.0 / 1e9;

// Joins every pair of sites whose first hosts have a route by a path of the route's bottleneck
// bandwidth and summed latency (SimGrid's route latency, routes.hpp). A pair without a route gets
// no path (the planners then never co-allocate across it); a look-up SimGrid fails on names the
// pair.
void add_default_paths(const std::vector<std::pair<std::string, std::vector<sg4::Host*>>>& groups,
                       const std::string& file, const ReadOptions& options, PlatformView& view) {
  const std::size_t n = groups.size();
  const double pairs = 0.5 * static_cast<double>(n) * static_cast<double>(n - 1);
  if (pairs > static_cast<double>(options.max_default_paths))
    throw PlatformError(fmt::format(
        "{}: without arsim props every one of its {} sites would be joined to every other by a "
        "default path ({:.0f} paths), more than the limit of {}; group hosts into zones (one site "
        "per zone), annotate the platform (docs/design/coallocation.md, Platform), or raise "
        "platform.max_paths",
        file, n, pairs, options.max_default_paths));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      const Route r = find_route(groups[i].second.front(), groups[j].second.front());
      if (!r.ok() || r.links.empty()) continue;  // no route, or no link whose bandwidth to reserve
      view.graph.add_edge({groups[i].first + "-" + groups[j].first, static_cast<int>(i),
                           static_cast<int>(j), "default", r.bottleneck() * kBytesPerSecondToGbps,
                           1, r.latency});
    }
}
// SimGrid names may hold spaces and commas ("Cpu A", "WIFI zone"); the reservation graph's names
// may not (they are joined by ';' and '+' in requests.csv). Each such character becomes '_', and
// a name already taken gets a numbered suffix, in host order, so the names are stable.
std::string plain_vertex_name(const std::string& name, std::set<std::string>& taken) {
  std::string out = name.empty() ? "_" : name;
  for (char& c : out)
    if (std::string_view(";+, \t\n\"").find(c) != std::string_view::npos) c = '_';
  std::string unique = out;
  for (int k = 2; !taken.insert(unique).second; ++k) unique = out + "_" + std::to_string(k);
  return unique;
}
}  // namespace

void read_defaults(const sg4::Engine& engine, const std::string& file, const ReadOptions& options,
                   PlatformView& view) {
  const auto hosts = engine.get_all_hosts();
  // Group hosts by the netzone that holds them, in host order, so names and ids are stable.
  std::vector<std::pair<std::string, std::vector<sg4::Host*>>> groups;
  std::map<std::string, std::size_t> index;
  for (sg4::Host* h : hosts) {
    const std::string zone = h->get_englobing_zone()->get_name();
    auto [it, fresh] = index.emplace(zone, groups.size());
    if (fresh) groups.push_back({zone, {}});
    groups[it->second].second.push_back(h);
  }
  if (groups.size() == 1) {  // one zone: every host is a site
    std::vector<std::pair<std::string, std::vector<sg4::Host*>>> per_host;
    for (sg4::Host* h : hosts) per_host.push_back({h->get_name(), {h}});
    groups = std::move(per_host);
  }
  std::set<std::string> taken;
  for (auto& group : groups) group.first = plain_vertex_name(group.first, taken);
  for (const auto& [name, members] : groups) {
    model::Vertex v{name, model::VertexRole::Site, "default", 0, 0, 0, 1};
    for (const auto* h : members) {
      v.cores += h->get_core_count();
      v.core_speed = std::max(v.core_speed, h->get_speed());
    }
    view.graph.add_vertex(v);
    view.site_hosts.push_back(members);
  }
  if (options.default_paths) add_default_paths(groups, file, options, view);
  view.grc_host = hosts.front();
  view.user_host = hosts.front();
  // A network RM only where there are paths to reserve (a single site, or sites without routes
  // between them, have none).
  if (view.graph.edge_count() > 0) view.network_rm_hosts["default"] = hosts.front();
}

}  // namespace arsim::platform
