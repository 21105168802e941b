// `lns` (ours, not in the paper): large-neighbourhood search on CBC. Start from an ordered greedy
// matching (jobs by increasing relative demand; under prioritized throughput by decreasing
// priority per demand). Each move frees a neighbourhood of k jobs related through shared
// candidate resources (seeded on an unmatched job when there is one), and solves their exact
// partial problem (formulation.hpp) on the capacity the other jobs leave, with the incumbent as a
// warm start and a node limit, so a move never loses objective. k adapts: it grows when CBC proves
// the neighbourhood optimal within the node limit and shrinks when the limit stops it. When the
// neighbourhood is every job and CBC proves it optimal, the matching is proven optimal and the
// search stops.
#pragma once

#include "schedulers/matching/state.hpp"
#include "schedulers/resource_matcher.hpp"

namespace arsim::schedulers::matching {

struct LnsOptions {
  int initial_size = 10;        // k of the first move
  int min_size = 3;             // k never drops below
  double grow = 1.5;            // k *= grow after a neighbourhood proven optimal
  double shrink = 0.7;          // k *= shrink after one stopped by the node limit
  long node_limit = 500;        // CBC nodes per move (deterministic)
  long max_iterations = 1000;   // moves
  long stall_iterations = 200;  // stop after this many moves without improvement
  double time_limit = 0;        // wall seconds, 0 = none (then deterministic)
};

class LnsMatcher : public ResourceMatcher {
 public:
  explicit LnsMatcher(LnsOptions o) : o_(o) {}
  // status: optimal (proven), feasible, or stopped (time limit).
  MatchResult match(const mm::Instance& instance, const mm::Policy& policy,
                    std::uint64_t seed) override;

 private:
  LnsOptions o_;
};

}  // namespace arsim::schedulers::matching
