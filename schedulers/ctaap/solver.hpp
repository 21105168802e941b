// CTAAP-Solver (§3.3): step 1 (graduated assignment, graduated.hpp) once, then steps 2 and 3
// repeated: a maximum-weight matching (matching.hpp) under eqs. (1)–(3), (5), and the clean-up of
// Algorithm 3, which counts for every allocation x_ij in how many allocated pairs it violates eq.
// (4), removes the worst one for good (x_ij forced to 0) and matches again, until no pair violates
// eq. (4). Each round forbids one more of the n·m pairs, so there are at most n·m rounds.
//
// Readings where the paper is silent:
//  - Ties for "the biggest number in problem_cost" go to the allocation with the smallest weight
//    X_ij (step 1 found it the least profitable), then to the lowest task index.
//  - Algorithm 3 loops over ordered pairs, so a pair that violates eq. (4) in both directions
//    counts twice for both of its allocations; we count the same way.
//
// Complexity (§3.4): step 1 O(n² m²) per iteration (graduated.hpp); per round step 2
// O(n² m + n m³) (matching.hpp) and step 3 O(n²); at most n·m rounds, so O(n³ m² + n² m⁴) in the
// worst case, the paper's O(N³ M log(N + M) + N³ M²) without the log. Measured at n = 200, m = 5
// (Fig. 3): about 150–500 rounds, 50–100 ms in all (tests/bench/bench_ctaap.cpp).
//
// Every result is checked with check.hpp (independent of this code); a failure is a bug and
// throws std::logic_error.
#pragma once

#include <vector>

#include "schedulers/ctaap/graduated.hpp"
#include "schedulers/ctaap/instance.hpp"

namespace arsim::schedulers::ctaap {

struct SolverOptions {
  GraduatedOptions graduated;
  double size_bonus = 0;  // added to every matching weight (matching.hpp); 0 = the paper
  bool fill = false;  // after the clean-up, add tasks that fit without a violation (not in paper)
};

struct SolverResult {
  Allocation allocation;
  Matrix weights;        // X of step 1
  int rounds = 0;        // step-2 matchings (1 + clean-up removals)
  int removed = 0;       // allocations the clean-up forced to 0
  int initial_size = 0;  // allocation size of the first matching
  int filled = 0;        // tasks added by the fill step
  GraduatedStats graduated;
  double step1_seconds = 0;
  double matching_seconds = 0;
  double cleanup_seconds = 0;
};

// Algorithm 3's problem_cost: per task, the number of eq. (4) violations its allocation takes
// part in (ordered pairs, see above); 0 for unallocated tasks.
std::vector<int> violation_counts(const Instance& inst, const Allocation& a);

// Steps 2 and 3 from given weights (n × m). `result.weights` is set to `weights`.
SolverResult match_and_clean(const Instance& inst, const Matrix& weights, double size_bonus = 0);

// The optional fill step (not in the paper): the clean-up forbids pairs for good, so at its end a
// task may fit where it was once forbidden. Unallocated tasks, in order of their largest weight
// (ties: lower index), go to the heaviest cluster with a free slot where eq. (3) holds and no pair
// violates eq. (4). Returns the number of tasks added.
int fill_allocation(const Instance& inst, const Matrix& weights, Allocation& a);

// Steps 1, 2, 3 (and the fill step if asked). Validates the instance and the options.
SolverResult solve(const Instance& inst, const SolverOptions& options = {});

}  // namespace arsim::schedulers::ctaap
