// The collector of the central manager (Raman et al. §2; HTCondor's condor_collector): keeps the
// ads the agents send, one per member, in the pool it shares with the negotiator.
#pragma once

#include "sim/kinds/gangmatch/actors/context.hpp"

namespace arsim::kinds::gangmatch {

class Collector {
 public:
  explicit Collector(RunContext ctx);
  void operator()();

 private:
  RunContext ctx_;
};

}  // namespace arsim::kinds::gangmatch
