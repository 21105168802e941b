// Route look-ups that never take the process down by themselves, and the reachability check of the
// hosts whose actors talk to each other.
//
// SimGrid answers a route look-up on an incomplete platform in three ways: an empty route (a Full
// zone without that <route>; a message on it later aborts the run), an exception (a zone route
// with bad gateways) or a process abort (a Vivaldi zone without coordinates, some bypass routes).
// find_route turns the first two into an error text; the third is caught by
// check_platform_in_child (platform_check.hpp), which runs every look-up of a run in a child first
// and reads the pair being looked up from trace_route_lookups.
#pragma once

#include <string>
#include <vector>

#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

namespace arsim::platform {

struct PlatformView;

struct Route {
  std::vector<simgrid::s4u::Link*> links;
  double latency = 0;
  std::string error;  // empty when the route exists

  bool ok() const { return error.empty(); }
  // Bottleneck bandwidth in bytes per second; 0 without links.
  double bottleneck() const;
};

// The route from `a` to `b`. A host reaches itself without links; two distinct hosts need at
// least one link or a latency (a Vivaldi zone's coordinates): SimGrid refuses to send over a
// route with neither.
Route find_route(const simgrid::s4u::Host* a, const simgrid::s4u::Host* b);

// Announce every later look-up as "FROM TO\n" on file descriptor `fd` (-1: stop), so that a
// process that dies inside SimGrid's look-up leaves the pair behind.
void trace_route_lookups(int fd);

// Throws InputError naming `file` and the first pair of hosts, in either direction, between the
// coordinator's host and a host of another actor of the view (users, resource managers) that has
// no route.
void require_reachable(const PlatformView& view, const std::string& file);

}  // namespace arsim::platform
