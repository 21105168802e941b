// What starts the data transfers of a committed plan (transfers/launcher.hpp): the GRC is given
// one at construction when transfers are on and calls it once a plan has committed, so what
// moves data in a run is started by the simulated actors, never by a reader of their events.
#pragma once

#include "model/plan.hpp"
#include "model/request.hpp"

namespace arsim::kinds::coallocation {

class TransferStarter {
 public:
  virtual ~TransferStarter() = default;
  // Starts a transfer per reserved pair of `plan`, at the plan's frame.
  virtual void start(const model::Request& request, const model::Plan& plan) = 0;
};

}  // namespace arsim::kinds::coallocation
