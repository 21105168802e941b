// Reads a loaded SimGrid platform into the reservation graph the planners see, and remembers which
// hosts play which part in the simulation.
//
// Annotated platforms (platforms/elgl.xml) mark hosts with <prop id="role"> site | exchange |
// control, plus domain and unit_value; path links carry role=path, domain, unit_value and
// ends="A B". Without any role prop, documented defaults apply (docs/design/coallocation.md,
// Platform): every host a site in domain "default" when all hosts share one netzone, otherwise
// every netzone holding hosts is one site with their cores; every pair of sites joined by one path
// whose bandwidth is the bottleneck of their SimGrid route. The first host then hosts the GRC,
// users and network RMs.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include "base/input_error.hpp"
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
  // Hosts and links with a failure (state) profile (ReadOptions::failures; failure_profiles.hpp).
  std::vector<std::string> profiled;
  // Whether one of them is a network RM's host or a control link (control-plane faults).
  bool control_profiled = false;

  int total_cores() const;
};

struct ReadOptions {
  // Join the sites of a platform without arsim props by default paths (a kind that sends no data
  // between sites does not need them).
  bool default_paths = true;
  // The most default paths (one per pair of sites) a platform may get: a SimGrid <cluster> of
  // 65,536 hosts read by the defaults would be 2^31 paths. Raise it, or annotate the platform.
  std::size_t max_default_paths = 1'000'000;
  // Require a route both ways between the coordinator's host and every other actor's host.
  bool control_routes = true;
  // Accept failure (state) profiles where arsim survives them (failure_profiles.hpp); otherwise
  // any profile is refused.
  bool failures = false;
};

// The engine must have loaded `file` already. Throws PlatformError naming the file (and the line
// of the element, where the file declares it by id) for a host without a positive finite speed, a
// link without a positive finite bandwidth or a finite non-negative latency, a missing route the
// options require, or more default paths than allowed.
PlatformView read_platform(const sg4::Engine& engine, const std::string& file,
                           const ReadOptions& options = {});

// The line of `file` declaring id="ID" (1-based), or 0 when the file does not spell it out (the
// hosts of a <cluster>).
int declaration_line(const std::string& file, const std::string& id);

}  // namespace arsim::platform
