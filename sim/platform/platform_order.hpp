// The order in which a platform file declares its hosts. SimGrid lists the hosts of an engine by
// name (m0, m1, m10, m100, m101, ...); a kind that takes "the first M sites" means the platform's
// own order (m0, m1, m2, ...), which this recovers from the netzone tree: zones in the order they
// were created, and in each zone its hosts in the order they joined it.
#pragma once

#include <vector>

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include "sim/platform/platform_view.hpp"

namespace arsim::platform {

// Every host of the loaded platform: the hosts of a zone (in declaration order), then its child
// zones' hosts, depth first.
std::vector<sg4::Host*> hosts_in_platform_order(const sg4::Engine& engine);

// The compute sites of `view` (vertex ids) ordered by the position of their first host in
// hosts_in_platform_order; a site without hosts keeps its place after those with hosts.
std::vector<int> sites_in_platform_order(const sg4::Engine& engine, const PlatformView& view);

}  // namespace arsim::platform
