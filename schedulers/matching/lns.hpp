// `lns` (ours, not in the paper): large-neighbourhood search on CBC. Start from the best of an
// ordered best-fit greedy matching (jobs by increasing relative demand; under prioritized
// throughput by decreasing priority per demand) and `starts` random first-fit ones. Each move frees
// a neighbourhood of k jobs related through shared candidate resources (seeded on an unmatched job
// when there is one), and solves their exact partial problem (formulation.hpp) on the capacity the
// other jobs leave, with the incumbent as a warm start and a node limit, so a move never loses
// objective. k adapts on deterministic work: it grows when CBC proves the neighbourhood optimal
// within `move_work` units and shrinks when the node limit stops it or it costs more than twice
// that. When the neighbourhood is every job and CBC proves it optimal, the matching is proven
// optimal and the search stops. A move over the whole problem runs CBC's driver with its default
// settings (no warm start there), every smaller one the direct settings of schedulers/milp with the
// warm start.
#pragma once

#include "schedulers/matching/state.hpp"
#include "schedulers/resource_matcher.hpp"

namespace arsim::schedulers::matching {

struct LnsOptions {
  int initial_size = 10;             // k of the first move
  int min_size = 3;                  // k never drops below
  int max_size = 100;                // nor grows above (the whole batch when it has fewer jobs)
  int starts = 4;                    // random greedy constructions beside the ordered one
  double grow = 1.5;                 // k *= grow after a neighbourhood proven optimal
  double shrink = 0.7;               // k *= shrink after one stopped by the node limit
  long long node_limit = 500;        // CBC nodes per move (deterministic)
  double move_work = 1e5;            // work units (resource_matcher.hpp) up to which k may grow
  long long max_iterations = 1000;   // moves
  long long stall_iterations = 100;  // stop after this many moves without improvement
  double time_limit = 0;             // wall seconds, 0 = none (then deterministic)
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
