// A workstation agent (HTCondor's condor_startd) or a license agent (a license server's agent for
// one license): advertises its resource's ad, answers the phase one of a claim by re-checking its
// current state against the gang (resource_state.hpp; Raman et al. §4.4), holds itself for the
// gang on yes, and on commit is Busy until the job is done (a workstation runs the job:
// job_execution.hpp); on release, or when the job is done, it advertises its current ad again.
#pragma once

#include <memory>

#include "sim/kinds/gangmatch/actors/context.hpp"

namespace arsim::kinds::gangmatch {

class ResourceAgent {
 public:
  ResourceAgent(RunContext ctx, std::shared_ptr<ResourceState> state);
  void operator()();

 private:
  void check(const protocol::Check& c);
  void commit(const protocol::Commit& c);
  void let_go(int gang, bool job_done);

  RunContext ctx_;
  std::shared_ptr<ResourceState> state_;
};

}  // namespace arsim::kinds::gangmatch
