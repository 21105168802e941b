// Failure (state) profiles of a platform: which hosts and links switch off during a run, and which
// of them arsim survives. Only the co-allocation kind models failures (ReadOptions::failures,
// docs/design/coallocation.md, Failures); every other kind refuses any profile.
#pragma once

#include <string>
#include <vector>

#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

namespace arsim::platform {

struct PlatformView;

// Throws InputError naming the line of `file` that declares a state profile (`state_file=` or a
// HOST_AVAIL / LINK_AVAIL `<trace_connect>`).
void reject_failures(const std::string& file);

// Checks every state profile of `file` against the view read from it and records the elements
// in view.profiled. A profile is accepted on the host of a compute site made of that host alone
// that runs no control actor (coordinator, users, network RMs), on a path link that no route
// between control hosts crosses, and on the control plane's network RM hosts and control links
// (view.control_profiled; docs/design/coallocation.md, Control-plane faults). Anything else is
// refused (InputError naming file, line and element): the coordinator's and users' hosts (a
// coordinator's crash is failures.coordinator.*), a path control messages cross, one host of a
// site of several (the site's reservation table counts its cores as one pool).
void check_failure_profiles(PlatformView& view, const std::string& file);

// The hosts and links a seeded failure process may switch off: what check_failure_profiles would
// accept, in the platform's order.
std::vector<simgrid::s4u::Host*> failing_hosts(const PlatformView& view);
std::vector<simgrid::s4u::Link*> failing_links(const PlatformView& view);

}  // namespace arsim::platform
