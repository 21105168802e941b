// A workstation agent (HTCondor's condor_startd), or the license server: one agent for every
// license, as a license manager serves its licenses (a license is passive state, not an actor of
// its own, so a pool of 100 licenses per job needs no 100,000 actors). For each of its resources
// it advertises the ad, answers the phase one of a claim by re-checking the resource's current
// state against the gang (resource_state.hpp; Raman et al. §4.4), holds it for the gang on yes,
// and on commit keeps it Busy until the job is done (a workstation runs the job:
// job_execution.hpp); on release, or when the job is done, it advertises the current ad again.
// Answers take no simulated time, so one agent for many resources answers as fast as many would.
#pragma once

#include <map>
#include <memory>
#include <vector>

#include "sim/kinds/gangmatch/actors/context.hpp"

namespace arsim::kinds::gangmatch {

class ResourceAgent {
 public:
  // `states` share one mailbox (member_mailbox): one workstation, or every license.
  ResourceAgent(RunContext ctx, std::vector<std::shared_ptr<ResourceState>> states);
  void operator()();

 private:
  ResourceState& state(Member m);
  void check(ResourceState& s, const protocol::Check& c);
  void commit(ResourceState& s, const protocol::Commit& c);
  void let_go(ResourceState& s, int gang, bool job_done);

  RunContext ctx_;
  std::vector<std::shared_ptr<ResourceState>> states_;  // advertised in this order
  std::map<Member, ResourceState*> by_member_;
};

}  // namespace arsim::kinds::gangmatch
