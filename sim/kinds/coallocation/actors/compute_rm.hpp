// A compute site's resource manager: an advance-reservation table of its cores (GridARS CRM).
// At each committed reservation's start it runs the job on the site's hosts, on cores no other
// running job of the site holds (sim/actors/core_allocator.hpp). Its job runners run on its own
// host: the site's host, or the coordinator's in a run with failures (failures/board.hpp), where
// a job whose host fails is killed and one whose host is down at its start does not run.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <vector>

#include <simgrid/s4u/Actor.hpp>

#include "sim/actors/core_allocator.hpp"
#include "sim/kinds/coallocation/actors/reservation_desk.hpp"
#include "sim/kinds/coallocation/actors/run_context.hpp"
#include "sim/kinds/coallocation/output/audit_hosts.hpp"

namespace arsim::kinds::coallocation {

class ComputeRm {
 public:
  ComputeRm(RunContext ctx, int site);
  void operator()();

 private:
  RunContext ctx_;
  int site_;
  std::shared_ptr<ReservationDesk> desk_;  // shared with the failure board, when there is one
  std::shared_ptr<actors::CoreAllocator> allocator_;  // the site's hosts, shared with its runners
  std::map<int, sg4::ActorPtr> runners_;              // per request id, until its job finished
  std::set<int> started_;                             // request ids whose job has started
};

// The cores of every host of every compute site of `view`, for the auditor
// (output/audit_hosts.hpp).
audit::SiteHosts site_host_cores(const platform::PlatformView& view);

}  // namespace arsim::kinds::coallocation
