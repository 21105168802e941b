// A network domain's resource manager (GridARS NRM): an advance-reservation table of bandwidth
// per path of its domain. Lightpath transfers are not simulated: a path's use is its reservation.
#pragma once

#include <memory>
#include <string>

#include "sim/kinds/coallocation/actors/reservation_desk.hpp"
#include "sim/kinds/coallocation/actors/run_context.hpp"

namespace arsim::kinds::coallocation {

class NetworkRm {
 public:
  NetworkRm(RunContext ctx, std::string domain);
  void operator()();

 private:
  RunContext ctx_;
  std::string domain_;
  std::shared_ptr<ReservationDesk> desk_;  // shared with the failure board, when there is one
};

}  // namespace arsim::kinds::coallocation
