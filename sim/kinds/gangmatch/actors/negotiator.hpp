// The negotiator of the central manager (Raman et al. §4.2, §5; HTCondor's condor_negotiator):
// every `period` it takes a snapshot of the collector's pool and runs the gang matcher on it
// (negotiation.hpp), spends the cycle's simulated cost, takes the matched ads out of the pool and
// notifies every member of every gang with the whole gang (§4.3). A cycle starts `period` after
// the previous one started, or when it ended if it took longer; cycles without a job in the pool
// are skipped; none starts at or after the horizon.
#pragma once

#include <memory>

#include "schedulers/gang_matcher.hpp"
#include "sim/kinds/gangmatch/actors/context.hpp"
#include "sim/kinds/gangmatch/negotiation.hpp"

namespace arsim::kinds::gangmatch {

struct NegotiatorConfig {
  double period = 60;
  CostModel cost;
  double horizon = 0;
};

class Negotiator {
 public:
  Negotiator(RunContext ctx, std::shared_ptr<schedulers::GangMatcher> matcher,
             NegotiatorConfig config);
  void operator()();

 private:
  // One cycle at the current time; returns when its notifications are sent.
  void cycle();

  RunContext ctx_;
  std::shared_ptr<schedulers::GangMatcher> matcher_;
  NegotiatorConfig config_;
  int cycles_ = 0;
  int gangs_ = 0;
};

}  // namespace arsim::kinds::gangmatch
