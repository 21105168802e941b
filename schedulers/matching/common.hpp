// What the matchers share: the wall clock of a call, the anytime trace, the work of a MILP solve,
// and the final Verify step (every returned matching goes through model/matching/check.hpp).
#pragma once

#include <chrono>

#include "model/matching/instance.hpp"
#include "model/matching/matching.hpp"
#include "schedulers/matching/formulation.hpp"
#include "schedulers/milp/solve.hpp"
#include "schedulers/resource_matcher.hpp"

namespace arsim::schedulers::matching {

class Clock {
 public:
  Clock() : start_(std::chrono::steady_clock::now()) {}
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  // Whether a wall-clock limit (0 = none) has passed: only then do results depend on the machine.
  bool past(double limit) const { return limit > 0 && seconds() >= limit; }

 private:
  std::chrono::steady_clock::time_point start_;
};

// Work units of one MILP solve: (nodes + 1) × nonzeros (resource_matcher.hpp).
double milp_work(const Formulation& f, const milp::Result& r);

// Adds one MILP solve to the stats.
void count_solve(MatchStats& stats, const Formulation& f, const milp::Result& r);

// Appends (work, seconds, objective) to the trace when the objective improved on the last point.
void trace_point(MatchStats& stats, const Clock& clock, double objective);

// Throws std::invalid_argument unless the policy's objective is supported by a heuristic matcher
// (every objective but LoadBalanceLiteral, which only `lp` solves) and its weight is in [0, 1).
void require_heuristic_policy(const mm::Policy& policy, const char* matcher);

// Recomputes the objective of `m`, verifies `m` with the checker (std::logic_error naming the
// matcher on a violation), and fills result.matching, objective and stats.seconds.
void finish(MatchResult& result, const mm::Instance& inst, const mm::Policy& policy, mm::Matching m,
            const Clock& clock, const char* matcher);

}  // namespace arsim::schedulers::matching
