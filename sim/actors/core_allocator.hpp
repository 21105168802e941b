// Which cores of a site's hosts each running job holds. The reservation table of a site
// (model/reservation_table.hpp) counts the site's cores as one pool; a job must still run on
// cores of real hosts that no other running job holds, or SimGrid shares the hosts and every job
// on them outlasts its reservation. Pure: no SimGrid, so it is tested without an engine.
#pragma once

#include <map>
#include <utility>
#include <vector>

#include "model/time.hpp"

namespace arsim::actors {

class CoreAllocator {
 public:
  // Per host (in the site's host order) its number of cores; each must be > 0.
  explicit CoreAllocator(std::vector<int> host_cores);

  // (host index, cores) for each host a job got, in host order.
  using Placement = std::vector<std::pair<int, int>>;

  // Gives job `job` `cores` free cores for its frame, first host first. A holding whose frame
  // ends at or before `frame.start` is free whether or not its job has been released yet, so the
  // outcome does not depend on the order of events at one instant (a job ending when the next
  // starts). Throws std::logic_error when the job is held already or the free cores cannot hold
  // it: the reservation table admitted more than the hosts have, an internal error.
  Placement take(int job, int cores, model::TimeFrame frame);
  // Gives back the cores of `job`; nothing when it holds none.
  void release(int job);

  int free_cores(int host) const;
  int hosts() const { return static_cast<int>(cores_.size()); }

 private:
  struct Holding {
    model::TimeFrame frame;
    Placement placement;
  };
  void release_ended(double t);

  std::vector<int> cores_;
  std::vector<int> used_;
  std::map<int, Holding> held_;  // per job
};

}  // namespace arsim::actors
