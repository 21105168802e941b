// The network model settings a run with transfers needs, made once the platform is loaded.
#pragma once

#include "sim/kinds/coallocation/transfers/hops.hpp"

namespace arsim::kinds::coallocation::transfers {

// SimGrid's default network model (LV08) gives a TCP flow 0.97 of a link's bandwidth and bounds
// it by a window over twice the route latency (network/TCP-gamma: about 1.3 Gbit/s over a 1 ms
// hop). A lightpath is a circuit, neither: flows whose every link is a path edge get the full
// bandwidth (factor 1) and no window bound; every other flow (the control messages) keeps the
// configured factor (SimGrid 3.32 keeps it as one number). Only runs with transfers call this,
// so runs without them are unchanged.
void configure_lightpaths(const std::vector<Hop>& hops);

}  // namespace arsim::kinds::coallocation::transfers
