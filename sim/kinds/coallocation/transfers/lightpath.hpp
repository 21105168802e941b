// One requested pair's transfer over its reserved path: at the reserved start, one flow per hop
// between the hop's end hosts, all at once, each carrying the pair's whole volume (a lightpath
// stores nothing between hops, so every hop carries every byte at the same time); capped at the
// reserved bandwidth in mode reserved. The transfer ends when its last hop ends.
#pragma once

#include <vector>

#include "sim/kinds/coallocation/output/events.hpp"
#include "sim/kinds/coallocation/transfers/hops.hpp"

namespace arsim::kinds::coallocation::transfers {

class Lightpath {
 public:
  // `planned`: request, pair, bytes, reserved bandwidth and frame, mode, links and exact already
  // set; start and end are filled in. `route`: edge ids of the pair's reserved path.
  Lightpath(const std::vector<Hop>* hops, std::vector<int> route, TransferRecord planned,
            EventSink* events);
  void operator()();

 private:
  const std::vector<Hop>* hops_;
  std::vector<int> route_;
  TransferRecord transfer_;
  EventSink* events_;
};

}  // namespace arsim::kinds::coallocation::transfers
