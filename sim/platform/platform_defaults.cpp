// Defaults for SimGrid platforms without arsim's <prop> annotations (see platform_view.hpp).
#include <map>

#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include "sim/platform/platform_view.hpp"

namespace arsim::platform {

namespace {
constexpr double kBytesPerSecondToGbps = 8.0 / 1e9;

// Bottleneck bandwidth of the route between two hosts, 0 when there is none.
double route_bandwidth(const sg4::Host* a, const sg4::Host* b) {
  std::vector<sg4::Link*> links;
  double latency = 0;
  try {
    a->route_to(b, links, &latency);
  } catch (const std::exception&) {  // SimGrid throws when the platform declares no route
    return 0;
  }
  if (links.empty()) return 0;
  double bw = links.front()->get_bandwidth();
  for (const auto* l : links) bw = std::min(bw, l->get_bandwidth());
  return bw * kBytesPerSecondToGbps;
}
}  // namespace

void read_defaults(const sg4::Engine& engine, PlatformView& view) {
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
  for (const auto& [name, members] : groups) {
    model::Vertex v{name, model::VertexRole::Site, "default", 0, 0, 0, 1};
    for (const auto* h : members) {
      v.cores += h->get_core_count();
      v.core_speed = std::max(v.core_speed, h->get_speed());
    }
    view.graph.add_vertex(v);
    view.site_hosts.push_back(members);
  }
  for (std::size_t i = 0; i < groups.size(); ++i)
    for (std::size_t j = i + 1; j < groups.size(); ++j) {
      const double bw = route_bandwidth(groups[i].second.front(), groups[j].second.front());
      if (bw <= 0) continue;
      view.graph.add_edge({groups[i].first + "-" + groups[j].first, static_cast<int>(i),
                           static_cast<int>(j), "default", bw, 1});
    }
  view.grc_host = hosts.front();
  view.user_host = hosts.front();
  view.network_rm_hosts["default"] = hosts.front();
}

}  // namespace arsim::platform
