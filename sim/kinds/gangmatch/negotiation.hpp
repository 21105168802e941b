// One negotiation cycle (Raman et al. §4.2, §5): the registered gang matcher marshals gangs on a
// snapshot of the pool; every gang is verified by model::gang::check_gangs (code the matcher did
// not write) and becomes an offer: the gang with its members' ads as matched, which the
// matchmaker sends to every member (§4.3: "send the entire gang to each agent"). The cycle's
// simulated duration comes from a deterministic cost per probe and per evaluation; the matcher's
// wall time is kept apart (timings.csv). Pure: no SimGrid.
#pragma once

#include <memory>
#include <vector>

#include "model/gang/gang.hpp"
#include "schedulers/gang_matcher.hpp"
#include "sim/kinds/gangmatch/members.hpp"
#include "sim/kinds/gangmatch/pool.hpp"

namespace arsim::kinds::gangmatch {

struct CostModel {
  double per_probe = 0;       // simulated seconds per probe
  double per_evaluation = 0;  // simulated seconds per constraint evaluation
  double of(const schedulers::GangStats& s) const {
    return per_probe * static_cast<double>(s.probes) +
           per_evaluation * static_cast<double>(s.evaluations);
  }
};

// A gang as the members get it: `problem` holds the members' ads as matched, node i on ad i
// (roots {0}, the cycle's clock), and members[i] is the agent behind node i.
struct GangOffer {
  int id = -1;
  int cycle = -1;
  model::gang::GangProblem problem;
  model::gang::Gang gang;
  std::vector<Member> members;
  Member root() const { return members.front(); }
};

struct CycleResult {
  int cycle = -1;
  int roots = 0;
  int resources = 0;
  double cost = 0;  // simulated seconds
  schedulers::GangStats stats;
  std::vector<std::shared_ptr<const GangOffer>> offers;  // in root order; ids from first_id on
};

// Runs `matcher` on the snapshot and checks its gangs. Throws std::logic_error naming the matcher's
// fault when a gang fails the checker.
CycleResult negotiate(const AdPool::Snapshot& pool, schedulers::GangMatcher& matcher,
                      const CostModel& cost, int cycle, int first_id);

// The offer of `gang` on `pool`: its ads in node order, parents renumbered.
GangOffer make_offer(const AdPool::Snapshot& pool, const model::gang::Gang& gang, int id,
                     int cycle);

}  // namespace arsim::kinds::gangmatch
