// One exact solve of a (sub)problem of formulation.hpp, shared by lp, hybrid and lns: Build ->
// Solve -> check status -> decode. Under LoadBalance it is lexicographic by default (throughput
// first, then the load balance with the throughput fixed), which gives the same optimum as the
// weighted objective (w < 1, see model/matching/matching.hpp) but lets CBC prune by the integral
// step of the throughput in the first phase: with the continuous F in the objective it cannot,
// and a 40-job batch CBC closes in 0.04 s by throughput then takes minutes.
#pragma once

#include <string>
#include <vector>

#include "schedulers/matching/formulation.hpp"
#include "schedulers/milp/solve.hpp"
#include "schedulers/resource_matcher.hpp"

namespace arsim::schedulers::matching {

struct ExactOptions {
  milp::Backend backend = milp::Backend::Cbc;
  milp::SolveOptions solve;   // limits per phase; `start` is ignored (see solve_exact)
  bool lexicographic = true;  // LoadBalance in two phases
  std::string dump_dir;       // write each solved model here as dump_name[_pN].mps + .json
  std::string dump_name;
};

struct ExactResult {
  // optimal (every phase proven) | feasible | infeasible | time_limit | error; has_solution tells
  // whether `assignment` holds a solution (else every job is unmatched).
  milp::Status status = milp::Status::Error;
  bool has_solution = false;
  std::vector<std::vector<int>> assignment;  // per sub job, empty = unmatched
  double bound = 0;     // proven upper bound on the sub objective (NaN unknown)
  std::string message;  // the solver's, on error
};

// `current` (one entry per sub job, or empty) is a feasible assignment of the sub jobs used as
// the warm start (CBC). Adds every solve to `stats`.
ExactResult solve_exact(const mm::Instance& inst, const SubProblem& sub, const mm::Policy& policy,
                        const ExactOptions& o, const std::vector<std::vector<int>>& current,
                        MatchStats& stats);

}  // namespace arsim::schedulers::matching
