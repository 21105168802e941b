// The text of an annotated SimGrid platform (the props of docs/design/coallocation.md item 1, as
// in platforms/elgl.xml): one Full-routed zone with the plan's exchange points, sites and paths
// (a route per path between its ends), and the control hosts grc, portal and nrm_<domain>, each
// joined to grc by a control link and route, as is every site.
#pragma once

#include <string>

#include "topology/attach.hpp"

namespace arsim::topology {

// Control links: 1 Gbit/s, 5 ms, as in platforms/elgl.xml.
inline constexpr const char* kControlBandwidth = "1Gbps";
inline constexpr const char* kControlLatency = "5ms";

// `comment` is written in an XML comment at the top (it says where the platform comes from).
std::string platform_text(const Plan& plan, const std::string& comment);

}  // namespace arsim::topology
