// A compute site's resource manager: an advance-reservation table of its cores (GridARS CRM).
// At each committed reservation's start it runs the job on the site's hosts.
#pragma once

#include <vector>

#include "sim/kinds/coallocation/actors/reservation_desk.hpp"
#include "sim/kinds/coallocation/actors/run_context.hpp"

namespace arsim::kinds::coallocation {

class ComputeRm {
 public:
  ComputeRm(RunContext ctx, int site);
  void operator()();

 private:
  RunContext ctx_;
  int site_;
  ReservationDesk desk_;
};

}  // namespace arsim::kinds::coallocation
