#include "sim/platform/platform_order.hpp"

#include <algorithm>
#include <limits>
#include <map>

#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/s4u/NetZone.hpp>

namespace arsim::platform {

namespace {

void collect(const sg4::NetZone* zone, std::vector<sg4::Host*>& out) {
  std::vector<sg4::Host*> own;
  for (sg4::Host* h : zone->get_all_hosts())
    if (h->get_englobing_zone() == zone) own.push_back(h);
  // A netpoint's id is its index among the components of its zone, given as they are created.
  std::sort(own.begin(), own.end(), [](const sg4::Host* a, const sg4::Host* b) {
    return a->get_netpoint()->id() < b->get_netpoint()->id();
  });
  out.insert(out.end(), own.begin(), own.end());
  for (const sg4::NetZone* child : zone->get_children()) collect(child, out);
}

}  // namespace

std::vector<sg4::Host*> hosts_in_platform_order(const sg4::Engine& engine) {
  std::vector<sg4::Host*> out;
  if (const sg4::NetZone* root = engine.get_netzone_root()) collect(root, out);
  return out;
}

std::vector<int> sites_in_platform_order(const sg4::Engine& engine, const PlatformView& view) {
  std::map<const sg4::Host*, std::size_t> position;
  const auto hosts = hosts_in_platform_order(engine);
  for (std::size_t i = 0; i < hosts.size(); ++i) position.emplace(hosts[i], i);
  auto first_host = [&](int v) {
    const auto& hs = view.site_hosts.at(static_cast<std::size_t>(v));
    std::size_t best = std::numeric_limits<std::size_t>::max();
    for (const sg4::Host* h : hs)
      if (auto it = position.find(h); it != position.end()) best = std::min(best, it->second);
    return best;
  };
  auto sites = view.graph.sites();
  std::stable_sort(sites.begin(), sites.end(),
                   [&](int a, int b) { return first_host(a) < first_host(b); });
  return sites;
}

}  // namespace arsim::platform
