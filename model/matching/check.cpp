// Independent of candidate_sets, loads and objective_value (matching.cpp): everything is
// recomputed here from the instance's raw fields.
#include "model/matching/check.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace arsim::model::matching {

namespace {

std::optional<std::string> check_job(const Instance& inst, const Matching& m, std::size_t j) {
  const Job& job = inst.jobs[j];
  const auto& a = m.assigned[j];
  if (a.empty()) return std::nullopt;  // Z_j = 0: no X(j,r) may be 1
  if (a.size() != job.depends.size())
    return fmt::format("job {}: {} resources for {} dependencies (gang constraint)", j, a.size(),
                       job.depends.size());
  for (std::size_t d = 0; d < a.size(); ++d) {
    const int r = a[d];
    if (r < 0 || r >= static_cast<int>(inst.resources.size()))
      return fmt::format("job {} dependency {}: resource {} out of range", j, d, r);
    const Resource& res = inst.resources[r];
    if (res.type != job.depends[d].type)
      return fmt::format("job {} dependency {}: resource {} is of type {}, not {}", j, d, r,
                         res.type, job.depends[d].type);
    for (const StaticRequirement& s : job.depends[d].requirements)
      if (res.static_values.at(s.attribute) != s.value)
        return fmt::format("job {} dependency {}: resource {} has {} = '{}', not '{}' (not in E)",
                           j, d, r, s.attribute, res.static_values[s.attribute], s.value);
  }
  return std::nullopt;
}

bool above(double load, double cap) {
  return load > cap + kCheckTolerance * std::max(1.0, cap);
}

// sum_j U(j,a) X(j,r) = N(r,a) G_a with one G_a for every resource of the type (N = 0 forces a
// zero load); returns the first resource whose fraction differs from the type's first one.
std::optional<std::string> check_literal(const Instance& inst,
                                         const std::vector<std::vector<double>>& load) {
  for (std::size_t t = 0; t < inst.types.size(); ++t)
    for (std::size_t a = 0; a < inst.types[t].dynamic_attributes.size(); ++a) {
      double g = std::nan("");
      for (std::size_t r = 0; r < inst.resources.size(); ++r) {
        if (inst.resources[r].type != static_cast<int>(t)) continue;
        const double n = inst.resources[r].capacity[a];
        if (n <= 0) {
          if (load[r][a] > kCheckTolerance)
            return fmt::format("resource {} attribute {}: load {} on zero capacity", r, a,
                               load[r][a]);
          continue;
        }
        const double f = load[r][a] / n;
        if (std::isnan(g)) g = f;
        if (std::abs(f - g) > 1e-6)
          return fmt::format(
              "resource {} attribute {}: load fraction {} differs from G_a = {} "
              "(literal load balance)",
              r, a, f, g);
      }
    }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> check_feasible(const Instance& inst, const Matching& m,
                                          const Policy& policy) {
  if (m.assigned.size() != inst.jobs.size())
    return fmt::format("{} entries for {} jobs", m.assigned.size(), inst.jobs.size());
  for (std::size_t j = 0; j < inst.jobs.size(); ++j)
    if (auto v = check_job(inst, m, j)) return v;
  std::vector<std::vector<double>> load(inst.resources.size());
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    load[r].assign(inst.resources[r].capacity.size(), 0.0);
  for (std::size_t j = 0; j < inst.jobs.size(); ++j)
    for (std::size_t d = 0; d < m.assigned[j].size(); ++d)
      for (std::size_t a = 0; a < load[m.assigned[j][d]].size(); ++a)
        load[m.assigned[j][d]][a] += inst.jobs[j].depends[d].usage[a];
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    for (std::size_t a = 0; a < load[r].size(); ++a)
      if (above(load[r][a], inst.resources[r].capacity[a]))
        return fmt::format("resource {} attribute {}: load {} above capacity {}", r, a, load[r][a],
                           inst.resources[r].capacity[a]);
  if (policy.objective == Objective::LoadBalanceLiteral) return check_literal(inst, load);
  return std::nullopt;
}

std::optional<std::string> check_matching(const Instance& inst, const Matching& m,
                                          const Policy& policy, double claimed) {
  if (auto v = check_feasible(inst, m, policy)) return v;
  double count = 0, prio = 0, free = 1;
  for (std::size_t j = 0; j < inst.jobs.size(); ++j)
    if (!m.assigned[j].empty()) {
      count += 1;
      prio += inst.jobs[j].priority;
    }
  std::vector<std::vector<double>> used(inst.resources.size());
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    used[r].assign(inst.resources[r].capacity.size(), 0.0);
  for (std::size_t j = 0; j < inst.jobs.size(); ++j)
    for (std::size_t d = 0; d < m.assigned[j].size(); ++d)
      for (std::size_t a = 0; a < used[m.assigned[j][d]].size(); ++a)
        used[m.assigned[j][d]][a] += inst.jobs[j].depends[d].usage[a];
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    for (std::size_t a = 0; a < used[r].size(); ++a)
      if (inst.resources[r].capacity[a] > 0)
        free = std::min(free, 1 - used[r][a] / inst.resources[r].capacity[a]);
  double value = 0;
  switch (policy.objective) {
    case Objective::Throughput:
      value = count;
      break;
    case Objective::Prioritized:
      value = prio;
      break;
    case Objective::LoadBalance:
      value = count + policy.balance_weight * free;
      break;
    case Objective::LoadBalanceLiteral:
      value = free;  // all fractions of an attribute are equal here, so the minimum is 1 - max G_a
      break;
  }
  if (!(std::abs(value - claimed) <= 1e-6 * std::max(1.0, std::abs(value))))
    return fmt::format("claimed objective {} but the matching scores {}", claimed, value);
  return std::nullopt;
}

}  // namespace arsim::model::matching
