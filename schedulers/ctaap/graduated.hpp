// Step 1 of CTAAP-Solver (§3.3, Algorithm 1): graduated assignment graph matching (Gold and
// Rangarajan 1996) modified for clusters. It returns the weights matrix X (n × m, entries in
// [0, 1]): the "profitability" of putting task i on cluster j.
//
//   X̃ ← 1 + ε ((n+1) × (m+1): the extra row and column hold the slack variables)
//   for β = β0, β0 βr, β0 βr², ... while β <= βf:
//     up to I0 times, until X converges:
//       Q_ij ← Σ_{k≠i} Σ_l X_kl F(b_ik, b̂_jl)           (eq. 3 incompatible pairs: see below)
//       X_ij ← exp(β Q_ij)
//       up to I1 times, until X̃ converges (Sinkhorn-like):
//         rows 1..n:    X̃_ij ← X̃_ij / Σ_{j=1}^{m+1} X̃_ij
//         columns 1..m: X̃_ij ← min(1, X̃_ij / S_j), S_j = the sum of the n+1−(cap_j−1) smallest
//                       entries of column j (all but the cap_j−1 largest), so that up to cap_j
//                       entries of a column approach 1 (the capacity-aware normalisation)
//
// Readings where the paper is silent (each cited in the code):
//  - The slack row is not normalised across rows and the slack column not across columns (as in
//    Gold and Rangarajan); both take part in the other direction's normalisation.
//  - F is applied to request edges only (b_ik > 0); a pair without an edge constrains nothing and
//    contributes 0. k = i is skipped (b_ii = 0).
//  - Incompatible pairs (eq. 3 fails): the pseudocode sets Q_ij = 0; we set X_ij = 0 instead, so
//    an impossible entry takes no share of its row or column (with F >= 0 this only removes the
//    weight exp(0) = 1 that Q = 0 would give).
//  - Which entries are "the cap_j−1 largest": by default the largest task entries, the slack
//    entry of the column (the cluster's unused capacity) always staying in the divisor. Taken
//    literally (literal_columns = true) the slack entry, which starts at 1 + ε and is never
//    row-normalised, is itself among the largest of a column with cap_j >= 2; it is then dropped
//    from the divisor and the task entries of an unused cluster are pushed to sum to 1. On two
//    tasks that both fit best on cluster A (cap 2 each), the literal rule ends at X ≈ 0.50 on both
//    clusters, ours at X ≈ 0.98 on A (tests/unit/schedulers/ctaap). On the Fig. 2 instances the
//    final allocations of the two differ by less than 1 % on average (measured, 60 instances).
//  - exp(β Q) overflows a double once β Q > 709 (Q grows with n). Each task's row is computed as
//    exp(β Q_ij − a_i) and its slack entry multiplied by exp(−a_i), a_i = max(max_j β Q_ij,
//    log slack_i): the row normalisation that follows is invariant to this, so the result is the
//    exact algorithm's up to rounding.
//  - q_scale "degree" (not in the paper, an option) divides Q_ij by the number of request edges
//    of task i, keeping β Q in [−βf, βf] so the annealing stays gradual for large graphs.
//  - Convergence: the largest absolute change of an entry below `tolerance`.
//
// Complexity (§3.4): one Q is O(n² m²) (F is tabulated once, O(n² m²) floats of memory); one
// normalisation sweep O(n m) (the column sums use std::nth_element, linear, where the paper sorts
// in O(n log n)); the β schedule has ⌈log(βf/β0)/log βr⌉ + 1 = 42 steps with the paper's constants.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "schedulers/ctaap/instance.hpp"

namespace arsim::schedulers::ctaap {

// F(e_r, e_o): the compatibility of a request edge of bandwidth b with an offer edge of
// bandwidth b̂ (§3.3, Algorithm 1 input).
using Compatibility = std::function<double(double request_bandwidth, double offer_bandwidth)>;

// Named choices: "binary" (1 if b <= b̂, else 0), "signed" (1 if b <= b̂, else −1), "ratio"
// (min(1, b̂ / b): partial credit for a link that carries part of the demand). Throws
// std::invalid_argument naming the valid ones.
Compatibility compatibility_by_name(const std::string& name);
// F of §4 unless a parameter names another (GraduatedOptions, options.cpp).
inline constexpr const char* kDefaultCompatibility = "binary";
std::vector<std::string> compatibility_names();

enum class QScale { None, Degree };
QScale parse_q_scale(const std::string& name);  // "none" | "degree"

struct GraduatedOptions {
  double beta0 = 0.5;     // β0
  double beta_f = 10;     // βf
  double beta_r = 1.075;  // βr
  int i0 = 4;             // I0: iterations at one β
  int i1 = 30;            // I1: normalisation sweeps per iteration
  double tolerance = 1e-3;
  double epsilon = 1e-3;  // X̃ starts at 1 + ε
  QScale q_scale = QScale::None;
  bool literal_columns = false;  // cap_j − 1 largest taken among all n+1 entries (see above)
  Compatibility compatibility = compatibility_by_name(kDefaultCompatibility);
};

struct GraduatedStats {
  int beta_steps = 0;
  int iterations = 0;  // Q evaluations
  int sweeps = 0;      // normalisation sweeps
};

// Throws std::invalid_argument on β0 <= 0, βf < β0, βr <= 1, I0 < 1, I1 < 1, tolerance <= 0.
void validate(const GraduatedOptions& o);

// Algorithm 1. Validates the instance and the options.
Matrix graduated_assignment(const Instance& inst, const GraduatedOptions& options,
                            GraduatedStats* stats = nullptr);

}  // namespace arsim::schedulers::ctaap
