// The exact reference for small pools: the largest number of gangs that can be marshalled at
// once, whatever the root order. Every gang of every root is enumerated by brute force (every
// resource port on every unbound port, kept when model::gang::check_gang accepts the complete
// tree: no code of the matchers is involved), then a set-packing 0-1 IP picks the most gangs
// with no ad in two of them:  max sum_g x_g  s.t.  sum_{g contains a} x_g <= 1 for every ad a,
// solved on CBC (schedulers/milp). The greedy matchers serve roots in order and never undo a
// gang, so they may marshal fewer; the gap is what this measures.
#pragma once

#include <string>
#include <vector>

#include "base/input_error.hpp"
#include "model/gang/gang.hpp"
#include "schedulers/gang_matcher.hpp"

namespace arsim::schedulers::gangmatch {

// A limit of ExactOptions exceeded: the pool is too large for the exact reference (bad input,
// exit status 2, not a failure of the run).
class ExactLimitError : public InputError {
 public:
  using InputError::InputError;
};

struct ExactOptions {
  long long max_trees = 2000000;      // complete trees checked; more throws (the pool is too large)
  long long max_candidates = 200000;  // valid gangs enumerated; more throws
};

struct ExactResult {
  std::vector<model::gang::Gang> gangs;  // an optimal set, in root order
  long candidates = 0;                   // valid gangs enumerated
  long trees = 0;                        // complete trees checked
  double seconds = 0;
};

// Every valid gang of every root. Throws ExactLimitError beyond the limits.
std::vector<model::gang::Gang> enumerate_gangs(const model::gang::GangProblem& problem,
                                               const ExactOptions& options, long* trees = nullptr);

// Throws ExactLimitError when the limits are exceeded, std::runtime_error when CBC does not prove
// optimality, and
// std::logic_error when the solution fails its check.
ExactResult solve_exact(const model::gang::GangProblem& problem, const ExactOptions& options = {});

}  // namespace arsim::schedulers::gangmatch
