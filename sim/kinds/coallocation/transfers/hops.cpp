#include "sim/kinds/coallocation/transfers/hops.hpp"

#include <fmt/format.h>
#include <xbt/log.h>

#include "sim/platform/routes.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_transfer_hops, arsim, "Hops of transfers over paths");

namespace arsim::kinds::coallocation::transfers {

namespace {

namespace sg4 = simgrid::s4u;

sg4::Host* host_of(const platform::PlatformView& view, int v, const std::string& file,
                   const std::string& link) {
  if (v < static_cast<int>(view.site_hosts.size()) && !view.site_hosts[v].empty())
    return view.site_hosts[v].front();
  const std::string& name = view.graph.vertex(v).name;
  if (auto* h = sg4::Host::by_name_or_null(name)) return h;
  throw InputError(fmt::format("{}: path '{}': end '{}' has no host to send from (transfers)", file,
                               link, name));
}

Hop hop_between(const model::ResourceGraph& g, sg4::Host* from, sg4::Host* to,
                const std::string& link, const std::string& file) {
  const platform::Route route = platform::find_route(from, to);
  if (!route.ok())
    throw InputError(fmt::format("{}: path '{}': no route between its ends (transfers): {}", file,
                                 link, route.error));
  Hop hop{from, to, {}, {}, false};
  for (const auto* l : route.links) {
    hop.links.push_back(l->get_name());
    if (const auto e = g.find_edge(l->get_name())) hop.edges.push_back(*e);
  }
  hop.exact = hop.links.size() == 1 && hop.links.front() == link;
  return hop;
}

}  // namespace

std::vector<Hop> read_hops(const platform::PlatformView& view, const std::string& file) {
  const auto& g = view.graph;
  std::vector<Hop> hops;
  for (int e = 0; e < g.edge_count(); ++e) {
    const auto& edge = g.edge(e);
    sg4::Host* a = host_of(view, edge.a, file, edge.name);
    sg4::Host* b = host_of(view, edge.b, file, edge.name);
    Hop hop = hop_between(g, a, b, edge.name, file);
    if (!hop.exact) {
      Hop back = hop_between(g, b, a, edge.name, file);
      if (back.exact) hop = back;
    }
    if (!hop.exact)
      XBT_INFO("path '%s': its hosts' route is not its own link; its flows cross %zu other link(s)",
               edge.name.c_str(), hop.links.size());
    hops.push_back(std::move(hop));
  }
  return hops;
}

}  // namespace arsim::kinds::coallocation::transfers
