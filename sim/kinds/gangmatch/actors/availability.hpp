// When a resource is not available to the pool: a workstation's owner is back, or a license is
// used outside the pool. Follows the resource's unavailable periods (workload.hpp), changes the
// shared resource state, and lets the collector know when the resource is free (a changed ad, or
// a license's withdrawal). An owner comes back whatever the workstation does (a running job is
// not preempted); an outside user takes a license only when no gang holds it, and otherwise gives
// up that period.
#pragma once

#include <memory>
#include <vector>

#include "sim/kinds/gangmatch/actors/context.hpp"

namespace arsim::kinds::gangmatch {

class Availability {
 public:
  Availability(RunContext ctx, std::shared_ptr<ResourceState> state, std::vector<Period> periods);
  void operator()();

 private:
  RunContext ctx_;
  std::shared_ptr<ResourceState> state_;
  std::vector<Period> periods_;
};

}  // namespace arsim::kinds::gangmatch
