// A submit agent (Raman et al. §2; HTCondor's condor_schedd): advertises its user's jobs at their
// submit times and, as the root agent of every gang the matchmaker notifies it of, claims the
// gang in two phases (§4.4): it asks every member whether the match still holds, then tells all
// to commit (the workstation starts the job) or all to release; a refused job is advertised again
// and waits for a later cycle. Claims are made one at a time. The agent stops when all its jobs
// have finished; from the horizon on it claims nothing and waits only for the jobs it claimed.
//
// The ads of this kind's workstations and licenses have one port each, so a gang is the job and
// its resources, all children of the root, and phase one is one round of questions. A deeper
// gang would have its inner members ask their own children (§4.4); it cannot arise here, and a
// claim refuses to run on one.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "sim/kinds/gangmatch/actors/context.hpp"

namespace arsim::kinds::gangmatch {

class SubmitAgent {
 public:
  // `jobs`: this user's, in submit order.
  SubmitAgent(RunContext ctx, std::string user, std::vector<JobSpec> jobs, double horizon);
  void operator()();

 private:
  void advertise(const JobSpec& job);
  // Both phases of one gang; true when committed.
  bool claim(const std::shared_ptr<const GangOffer>& offer_ptr);

  RunContext ctx_;
  std::string user_;
  std::vector<JobSpec> jobs_;
  double horizon_;
  std::map<int, std::size_t> by_index_;  // job index -> position in jobs_
  std::map<int, long> versions_;         // job index -> last advertised version
  std::vector<char> claimed_;
};

}  // namespace arsim::kinds::gangmatch
