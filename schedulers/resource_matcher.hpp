// The ResourceMatcher family: matchers of jobs to resources (Garbacki & Naik §2-3). A matcher is
// called on one batch of jobs against the resources' current capacities (Instance::resources
// carry the free capacity at the time of the call, which changes between calls) and returns a
// feasible matching that the caller may verify with model/matching/check.hpp. Every result
// reports its deterministic work (MatchStats::work), which an on-line matcher can charge as
// simulated time, and a trace of (work, seconds, incumbent objective) for anytime plots.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "model/matching/instance.hpp"
#include "model/matching/matching.hpp"
#include "schedulers/registry.hpp"

namespace arsim::schedulers {

struct MatchTracePoint {
  double work = 0;     // deterministic work units done when the incumbent improved
  double seconds = 0;  // wall seconds since the call started (machine-dependent)
  double objective = 0;
};

// Work units (deterministic): one per candidate probe of a greedy placement (testing one resource
// for one dependency), and (nodes + 1) × nonzeros per MILP solve.
struct MatchStats {
  long iterations = 0;  // EA generations, LNS moves; 1 for a single exact solve
  long lp_solves = 0;
  long lp_nodes = 0;
  long probes = 0;
  double work = 0;
  double seconds = 0;  // wall time of the call (machine-dependent)
  std::vector<MatchTracePoint> trace;
};

struct MatchResult {
  model::matching::Matching matching;
  double objective = 0;
  double best_bound = std::nan("");  // a proven upper bound on the optimum; NaN when unknown
  bool optimal = false;              // the matching is proven optimal
  std::string status;                // optimal | feasible | stopped (limit hit) | ...
  MatchStats stats;

  // (best_bound - objective) / max(1, |objective|): 0 when proven optimal, NaN without a bound.
  double gap() const {
    return std::isnan(best_bound) ? best_bound
                                  : (best_bound - objective) / std::max(1.0, std::abs(objective));
  }
};

class ResourceMatcher {
 public:
  virtual ~ResourceMatcher() = default;
  // Same instance, policy and seed -> same matching, as long as no wall-clock limit is set.
  // Throws std::invalid_argument for an objective the matcher does not support.
  virtual MatchResult match(const model::matching::Instance& instance,
                            const model::matching::Policy& policy, std::uint64_t seed) = 0;
};

using MatcherRegistry = Registry<ResourceMatcher>;

}  // namespace arsim::schedulers
