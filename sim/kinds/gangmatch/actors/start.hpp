// Where the actors of a gangmatching run live (sim/kinds/gangmatch/README.md, "Who is where"): the
// collector and the negotiator on host cm, the submit agents (one per user, in name order) on host
// submit, the license agents on host licenses, and workstation i's agent, its owner and its jobs on
// host ws<i>. A platform without one of these hosts is an InputError naming it.
#pragma once

#include <map>
#include <memory>
#include <vector>

#include "schedulers/gang_matcher.hpp"
#include "sim/kinds/gangmatch/actors/context.hpp"
#include "sim/kinds/gangmatch/config.hpp"

namespace arsim::kinds::gangmatch {

// The unavailable periods of every resource of the run, each from its own stream
// (unavailability_stream), before the horizon.
std::map<Member, std::vector<Period>> unavailable_periods(const RunConfig& c, const Workload& w,
                                                          std::uint64_t seed, int run_index);

// Starts every actor; ctx's pool and users must outlive the simulation. The engine must have
// loaded c.platform.
void start_actors(const RunConfig& c, const Workload& w, RunContext ctx,
                  std::shared_ptr<schedulers::GangMatcher> matcher,
                  const std::map<Member, std::vector<Period>>& periods);

}  // namespace arsim::kinds::gangmatch
