// A matching (§2, §3.2.1): each matched job gets exactly one resource per dependency (Z_j = 1 and
// X(j,r) = 1 for those resources), an unmatched job gets none. Objectives of §3.2.3 and how a
// matching scores under each.
#pragma once

#include <string>
#include <vector>

#include "model/matching/instance.hpp"

namespace arsim::model::matching {

struct Matching {
  // assigned[j]: empty when job j is unmatched, else one resource index per dependency of job j,
  // in the order of Job::depends.
  std::vector<std::vector<int>> assigned;

  static Matching empty(const Instance& inst) {
    return {std::vector<std::vector<int>>(inst.jobs.size())};
  }
  bool matched(int job) const { return !assigned[job].empty(); }
  int matched_count() const;
};

// The objectives of §3.2.3. LoadBalance is our default reading of the load-balance objective and
// LoadBalanceLiteral the paper's formulation taken word for word (see
// schedulers/matching/README.md):
// - Throughput: sum_j Z_j.
// - Prioritized: sum_j P_j Z_j.
// - LoadBalance: sum_j Z_j + w F with F = min over resources r and dynamic attributes a with
//   N(r,a) > 0 of 1 - G(r,a), G(r,a) = load(r,a) / N(r,a) (one G per resource and attribute), and
//   0 <= w < 1, so throughput stays first: one more matched job outweighs any change of F.
// - LoadBalanceLiteral: F alone, subject to sum_j U(j,a) X(j,r) = N(r,a) G_a for every resource
//   r (one G_a per attribute shared by all resources of the type) and F <= 1 - G_a: every resource
//   of a type must be loaded to the same fraction, and matching nothing (F = 1) is optimal.
enum class Objective { Throughput, Prioritized, LoadBalance, LoadBalanceLiteral };

struct Policy {
  Objective objective = Objective::Throughput;
  double balance_weight = 0.5;  // w of LoadBalance, in [0, 1)
};

std::string to_string(Objective o);
// "throughput", "prioritized", "load_balance", "load_balance_literal"; throws
// std::invalid_argument listing them otherwise.
Objective parse_objective(const std::string& name);
const std::vector<std::string>& objective_names();

// load[r][a] = sum over jobs matched to r of U(j,a). Assumes a structurally valid matching.
std::vector<std::vector<double>> loads(const Instance& inst, const Matching& m);

// F of LoadBalance: min over (r, a) with N(r,a) > 0 of 1 - load / N (1 when there is none).
double min_free_fraction(const Instance& inst, const std::vector<std::vector<double>>& load);

// The objective value of `m` under `policy` (LoadBalanceLiteral: 1 - max_a G_a with G_a read from
// the first resource of the type with N > 0; meaningful only for a matching the checker accepts).
double objective_value(const Instance& inst, const Matching& m, const Policy& policy);

}  // namespace arsim::model::matching
