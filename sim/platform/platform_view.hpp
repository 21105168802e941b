// Reads a loaded SimGrid platform into the reservation graph the planners see, and remembers which
// hosts play which part in the simulation.
//
// Annotated platforms (platforms/elgl.xml) mark hosts with <prop id="role"> site | exchange |
// control, plus domain and unit_value; path links carry role=path, domain, unit_value and
// ends="A B". Without any role prop, documented defaults apply (see README): every host a site in
// domain "default" when all hosts share one netzone, otherwise every netzone holding hosts is one
// site with their cores; every pair of sites joined by one path whose bandwidth is the bottleneck
// of their SimGrid route. The first host then hosts the GRC, users and network RMs.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include "model/input_error.hpp"
#include "model/resource_graph.hpp"

namespace arsim::platform {

namespace sg4 = simgrid::s4u;

// A platform file that cannot become a reservation graph; what() names the file and the element.
using PlatformError = arsim::InputError;

struct PlatformView {
  model::ResourceGraph graph;
  std::vector<std::vector<sg4::Host*>> site_hosts;  // per vertex id: the hosts of a site
  sg4::Host* grc_host = nullptr;
  sg4::Host* user_host = nullptr;
  std::map<std::string, sg4::Host*> network_rm_hosts;  // per domain that owns paths
  bool annotated = false;

  int total_cores() const;
};

// The engine must have loaded `file` already.
PlatformView read_platform(const sg4::Engine& engine, const std::string& file);

}  // namespace arsim::platform
