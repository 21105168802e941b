// The 0-1 model of Garbacki & Naik §3.2 for a set of jobs against the residual capacities left by
// the jobs kept fixed: variables X(j,r), Z_j (and F, G for load balance), gang rows
// sum_{r in E(j,t)} X(j,r) = Z_j, capacity rows sum_j U(j,a) X(j,r) <= N(r,a) - base(r,a), and
// the objective of the policy (model/matching/matching.hpp). With every job and no base load it is
// the complete problem (`lp`); with a few jobs it is the partial problem of `hybrid` and the
// neighbourhood of `lns`. Exact reductions: a candidate whose usage alone exceeds the residual
// capacity gets no variable, a job with a dependency left without candidates gets none, and a
// capacity row that all its candidates together cannot overload is omitted.
#pragma once

#include <vector>

#include "model/matching/instance.hpp"
#include "model/matching/matching.hpp"
#include "schedulers/milp/model.hpp"
#include "schedulers/milp/solve.hpp"

namespace arsim::schedulers::matching {

namespace mm = arsim::model::matching;

struct SubProblem {
  std::vector<int> jobs;  // the jobs to decide
  // allowed[i][d]: the resources job jobs[i] may use for dependency d (a subset of E(j,t))
  std::vector<std::vector<std::vector<int>>> allowed;
  std::vector<std::vector<double>> base;  // load of every resource attribute by the fixed jobs
};

// The complete problem: every job, E(j,t) as allowed, no base load.
SubProblem complete_problem(const mm::Instance& inst, const mm::Candidates& cand);

struct Formulation {
  milp::Model model{"matching"};
  std::vector<int> z;  // column of Z_j per sub job, -1 when the job cannot be matched
  // x[i][d]: (resource, column) pairs of job jobs[i]'s dependency d
  std::vector<std::vector<std::vector<std::pair<int, int>>>> x;
  int f = -1;  // column of F (load balance), else -1
  long nonzeros = 0;
};

// Throws std::invalid_argument for LoadBalanceLiteral with base loads (only the complete
// problem has the literal form).
Formulation build_formulation(const mm::Instance& inst, const SubProblem& sub,
                              const mm::Policy& policy);

// The assignment of every sub job in a solution (empty = unmatched), binaries read as > 0.5.
std::vector<std::vector<int>> decode(const Formulation& f, const SubProblem& sub,
                                     const milp::Result& result);

// A feasible column vector for the sub jobs' assignments `current` (one per sub job, empty =
// unmatched), for a warm start; F (and G) at their best values given X. Empty when `current`
// uses a resource without a column.
std::vector<double> start_values(const Formulation& f,
                                 const std::vector<std::vector<int>>& current);

}  // namespace arsim::schedulers::matching
