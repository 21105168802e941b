// "ctaap-ip": the exact reference of §4 — the CTAAP model of §3.2 as a 0-1 IP, solved by CBC (or
// GLPK) through schedulers/milp. As in the paper, eqs. (1), (2), (3), (5) are linear already
// (eq. 3 by creating x_ij only where task i fits cluster j) and the quadratic eq. (4) is replaced
// by linear ones; the objective is max Σ x_ij.
//
// Linearisations of eq. (4) (x_ij b_ik x_kl <= b̂_jl for all i, j, k, l), all exact on 0-1 points
// (the same integer solutions), differing in the strength of their LP relaxation:
//  - "pairwise" (the literal one): x_ij + x_kl <= 1 for every conflicting pair (b_ik > b̂_jl or
//    b_ki > b̂_lj), i < k. O(n² m²) rows.
//  - "star": for i < k and each cluster j, x_ij + Σ_{l conflicting} x_kl <= 1. Valid because task
//    k takes at most one cluster (eq. 1); it implies the pairwise rows of (i, j, k). O(n² m) rows.
//  - "clique" (default): one row Σ_{v∈K} x_v <= 1 per clique K of a greedy edge clique cover of
//    the conflict graph (cliques.hpp). On the paper's random instances (complete request graphs,
//    an independent-set problem in disguise) the LP bound of the other two is about half of all
//    variables, and CBC needs 10–60 s at 50 tasks where the clique rows take 0.01–10 s
//    (measured, offer range 1..100).
// Validate → Build → Solve → check status → Verify: the decoded allocation goes through check.hpp
// (which did not build the model); a failure is a bug and throws std::logic_error. Status Optimal
// is a proof; with a time limit the incumbent comes back as Feasible (or nothing as TimeLimit), and
// best_bound bounds the optimum from above.
#pragma once

#include <string>
#include <vector>

#include "schedulers/ctaap/instance.hpp"
#include "schedulers/milp/model.hpp"
#include "schedulers/milp/solve.hpp"

namespace arsim::schedulers::ctaap {

enum class Linearisation { Star, Pairwise, Clique };
Linearisation parse_linearisation(const std::string& name);  // "star" | "pairwise" | "clique"

struct IpOptions {
  milp::Backend backend = milp::Backend::Cbc;
  double time_limit = 0;  // seconds, 0 = none
  Linearisation linearisation = Linearisation::Clique;
  std::vector<std::string> cbc_args = milp::split_words(milp::kCbcDirectArgs);
};

struct IpModel {
  milp::Model model{"ctaap"};
  std::vector<int> var;  // n·m row-major: column of x_ij, or -1 where eq. (3) excludes it
};

// The 0-1 IP (no solve). Validates the instance.
IpModel build_ip(const Instance& inst, Linearisation linearisation);

struct IpResult {
  milp::Status status = milp::Status::Error;
  Allocation allocation;  // the solver's solution when it has one, else all kUnallocated
  double bound = 0;       // proven upper bound on the optimum (NaN if unknown)
  long nodes = 0;
  int rows = 0;
  int columns = 0;
  double build_seconds = 0;
  double solve_seconds = 0;
  bool optimal() const { return status == milp::Status::Optimal; }
};

// Throws std::runtime_error when the solver fails (milp::Status::Error).
IpResult solve_ip(const Instance& inst, const IpOptions& options = {});

}  // namespace arsim::schedulers::ctaap
