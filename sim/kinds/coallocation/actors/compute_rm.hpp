// A compute site's resource manager: an advance-reservation table of its cores (GridARS CRM).
// At each committed reservation's start it runs the job on the site's hosts.
#pragma once

#include <map>
#include <set>
#include <vector>

#include <simgrid/s4u/Actor.hpp>

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
  std::map<int, sg4::ActorPtr> runners_;  // per request id, until its job finished
  std::set<int> started_;                 // request ids whose job has started
};

}  // namespace arsim::kinds::coallocation
