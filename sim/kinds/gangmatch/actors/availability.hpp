// When resources are not available to the pool: a workstation's owner is back, or a license is
// used outside the pool. Follows each resource's unavailable periods (workload.hpp) in time
// order, changes the shared resource state, and lets the collector know when a resource is free
// (a changed ad, or a license's withdrawal). An owner comes back whatever the workstation does (a
// running job is not preempted); an outside user takes a license only when no gang holds it, and
// otherwise gives up that period. One actor per workstation, and one for every license (on the
// license server's host): licenses are passive state, not actors.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "sim/kinds/gangmatch/actors/context.hpp"

namespace arsim::kinds::gangmatch {

using ResourcePeriods = std::pair<std::shared_ptr<ResourceState>, std::vector<Period>>;

class Availability {
 public:
  // Each resource's periods ordered and non-empty.
  Availability(RunContext ctx, std::vector<ResourcePeriods> resources);
  void operator()();

 private:
  RunContext ctx_;
  std::vector<ResourcePeriods> resources_;
};

}  // namespace arsim::kinds::gangmatch
