// The hops a transfer's flows run on: per path edge, the two end hosts and the SimGrid route
// between them. SimGrid routes a flow over the platform's declared route and cannot be told which
// links to use, so a hop is exact only when that route is the edge's own link alone; otherwise
// (two parallel links between the same hosts, as X1-X2 in platforms/elgl.xml, or a platform read
// with default paths) the flow crosses the declared route's links and is accounted on them.
#pragma once

#include <string>
#include <vector>

#include <simgrid/s4u/Host.hpp>

#include "sim/platform/platform_view.hpp"

namespace arsim::kinds::coallocation::transfers {

struct Hop {
  simgrid::s4u::Host* from = nullptr;
  simgrid::s4u::Host* to = nullptr;
  std::vector<std::string> links;  // the SimGrid links of the route from `from` to `to`
  std::vector<int> edges;          // those links that are path edges of the graph
  bool exact = false;              // links is the edge's own link alone
};

// One hop per edge of view.graph, in edge id order. Of the two directions the one whose route is
// the edge's link alone is taken. Throws InputError naming `file` and the link when an end has no
// host or the ends have no route.
std::vector<Hop> read_hops(const platform::PlatformView& view, const std::string& file);

}  // namespace arsim::kinds::coallocation::transfers
