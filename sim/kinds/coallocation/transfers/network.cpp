#include "sim/kinds/coallocation/transfers/network.hpp"

#include <set>
#include <string>

#include <simgrid/kernel/resource/NetworkModelIntf.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <xbt/config.hpp>

namespace arsim::kinds::coallocation::transfers {

namespace sg4 = simgrid::s4u;

void configure_lightpaths(const std::vector<Hop>& hops) {
  const double factor = simgrid::config::get_value<double>("network/bandwidth-factor");
  auto data_links = std::make_shared<std::set<const sg4::Link*>>();
  for (const auto& hop : hops)
    if (hop.edges.size() == hop.links.size())
      for (const auto& name : hop.links) data_links->insert(sg4::Link::by_name(name));
  // A window so large it never binds; 0 would switch the bound off, but SimGrid 3.32 then also
  // drops the rate a Comm asked for with set_rate.
  sg4::Engine::set_config("network/TCP-gamma", 1e30);
  // LV08 also charges every flow 5 % of its rate in the reverse direction (acknowledgements);
  // on SHARED path links, which both directions share, that takes 5 % off a full reservation.
  sg4::Engine::set_config("network/crosstraffic", false);
  auto* model = sg4::Engine::get_instance()->get_netzone_root()->get_network_model();
  model->set_bw_factor_cb([data_links, f = factor](double, const sg4::Host*, const sg4::Host*,
                                                   const std::vector<sg4::Link*>& links,
                                                   const std::unordered_set<sg4::NetZone*>&) {
    for (const auto* l : links)
      if (!data_links->count(l)) return f;
    return links.empty() ? f : 1.0;
  });
}

}  // namespace arsim::kinds::coallocation::transfers
