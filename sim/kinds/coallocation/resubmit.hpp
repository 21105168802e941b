// Resubmission after a rejection (GridARS §3.1 step 4: "If it has failed, the user will resubmit a
// request with updated resource requirements."): the per-user policy (keys user.*.resubmit.*) and
// the request of an attempt. Pure: no SimGrid.
#pragma once

#include "model/request.hpp"

namespace arsim::kinds::coallocation {

// user.NAME.resubmit.*; the defaults resubmit nothing.
struct ResubmitPolicy {
  int attempts = 0;          // further attempts after the first rejection, at most
  double delay = 600;        // seconds from a rejection to the next attempt's submission
  double window_factor = 1;  // the window LST − EST of each attempt: the previous one's × this
  double cpus_factor = 1;    // each component's cores × this, rounded down, at least 1
  double bandwidth_factor = 1;  // each pair's bandwidth × this
};

// The attempt that follows the rejection of `previous` at `rejected`, with id `id`: submitted at
// rejected + delay, EST = max(previous EST, that time), LST = EST + (previous LST − previous EST) ×
// window_factor, the same duration, its demands scaled. Throws std::invalid_argument on a policy
// outside the ranges of the keys.
model::Request resubmitted(const model::Request& previous, const ResubmitPolicy& policy,
                           double rejected, int id);

}  // namespace arsim::kinds::coallocation
