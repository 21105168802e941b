// The GangMatcher family: gangmatching algorithms (Raman et al. §5). Given one cycle's pool of
// ads (model/gang/gang.hpp), a matcher marshals a gang for each root in order, consuming the ads
// it uses, and returns the gangs with its counters. A periodic matchmaker calls it once per cycle
// on its current pool (ads come and go between cycles) with its clock for DayTime().
//
// The two counters the paper measures, as every matcher here counts them:
//   probe       one request for the candidate list of one unbound port in one partial gang:
//               a query of the attribute and constraint indexes (indexed matchers), or a scan of
//               the available ads (naive). The estimates of the dynamic order are probes too.
//               A candidate list taken from a cache is no probe.
//   evaluation  one evaluation of one port's Constraint in one partial gang: its not yet settled
//               conjuncts, in order, until one is definitely not true. Evaluating the literal side
//               of an indexed comparison inside a probe, and Rank, are not evaluations (Rank is
//               counted as rank_evaluations).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "model/gang/gang.hpp"
#include "schedulers/registry.hpp"

namespace arsim::schedulers {

struct GangStats {
  long probes = 0;
  long evaluations = 0;
  long rank_evaluations = 0;
  long docks = 0;          // candidates docked to a port (tried), over the whole run
  long roots = 0;          // roots tried
  long matched = 0;        // gangs marshalled
  long cached_probes = 0;  // candidate lists reused from a cache instead of probing
  long memo_hits = 0;      // partial gangs skipped because the same one failed before
  long aborted = 0;        // roots given up at the max_docks limit
  double seconds = 0;      // wall time of match() (not deterministic)
};

struct GangResult {
  std::vector<model::gang::Gang> gangs;  // in root order; each passes model::gang::check_gang
  GangStats stats;
};

class GangMatcher {
 public:
  virtual ~GangMatcher() = default;
  // Deterministic in the problem. Throws std::invalid_argument when model::gang::validate fails.
  virtual GangResult match(const model::gang::GangProblem& problem) = 0;
};

using GangMatcherRegistry = Registry<GangMatcher>;

}  // namespace arsim::schedulers
