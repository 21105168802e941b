// `lp`: the exact 0-1 model of Garbacki & Naik §3.2 on the complete problem (formulation.hpp),
// solved by CBC (default) or GLPK (as the paper did) through schedulers/milp. Validate -> Build ->
// Solve -> check status -> decode (binaries > 0.5) -> Verify (model/matching/check.hpp).
#pragma once

#include <string>
#include <vector>

#include "schedulers/milp/solve.hpp"
#include "schedulers/resource_matcher.hpp"

namespace arsim::schedulers::matching {

struct LpOptions {
  milp::Backend backend = milp::Backend::Cbc;
  double time_limit = 0;      // wall seconds, 0 = none (then the result is machine-independent)
  int solution_limit = 0;     // stop after this many improving solutions, 0 = none (deterministic)
  long long node_limit = 0;   // CBC nodes, 0 = none (deterministic)
  std::string dump_dir;       // write every solved model here as matchNNNN[_pN].mps + .json
  bool lexicographic = true;  // load balance in two phases (exact.hpp)
  // CBC's own defaults through its driver (preprocessing, cuts, heuristics): on these models the
  // direct settings of milp::kCbcDirectArgs, tuned for the GridARS IP, leave heavy tails (14 s and
  // 36 s where the driver takes 0.06 s; bench_matching.cpp).
  std::vector<std::string> cbc_args;
};

class LpMatcher : public ResourceMatcher {
 public:
  explicit LpMatcher(LpOptions o) : o_(std::move(o)) {}
  // status: optimal | feasible (a limit stopped the search with an incumbent) | stopped (a limit
  // stopped it before any: the empty matching is returned). best_bound: CBC's proven bound.
  MatchResult match(const model::matching::Instance& instance,
                    const model::matching::Policy& policy, std::uint64_t seed) override;

 private:
  LpOptions o_;
  int calls_ = 0;  // numbers the dumped models
};

}  // namespace arsim::schedulers::matching
