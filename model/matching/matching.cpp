#include "model/matching/matching.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace arsim::model::matching {

int Matching::matched_count() const {
  int n = 0;
  for (const auto& a : assigned) n += a.empty() ? 0 : 1;
  return n;
}

const std::vector<std::string>& objective_names() {
  static const std::vector<std::string> names = {"throughput", "prioritized", "load_balance",
                                                 "load_balance_literal"};
  return names;
}

std::string to_string(Objective o) {
  return objective_names().at(static_cast<int>(o));
}

Objective parse_objective(const std::string& name) {
  const auto& names = objective_names();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<Objective>(i);
  throw std::invalid_argument(
      fmt::format("unknown objective '{}'; valid: {}", name, fmt::join(names, ", ")));
}

std::vector<std::vector<double>> loads(const Instance& inst, const Matching& m) {
  std::vector<std::vector<double>> load(inst.resources.size());
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    load[r].assign(inst.resources[r].capacity.size(), 0.0);
  for (std::size_t j = 0; j < m.assigned.size(); ++j)
    for (std::size_t d = 0; d < m.assigned[j].size(); ++d) {
      const auto& usage = inst.jobs[j].depends[d].usage;
      auto& l = load[m.assigned[j][d]];
      for (std::size_t a = 0; a < usage.size(); ++a) l[a] += usage[a];
    }
  return load;
}

double min_free_fraction(const Instance& inst, const std::vector<std::vector<double>>& load) {
  double f = 1;
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    for (std::size_t a = 0; a < load[r].size(); ++a) {
      const double n = inst.resources[r].capacity[a];
      if (n > 0) f = std::min(f, 1 - load[r][a] / n);
    }
  return f;
}

namespace {

// 1 - max_a G_a for the literal model, G_a read from the first resource of the type with N > 0.
double literal_value(const Instance& inst, const std::vector<std::vector<double>>& load) {
  double f = 1;
  for (std::size_t t = 0; t < inst.types.size(); ++t)
    for (std::size_t a = 0; a < inst.types[t].dynamic_attributes.size(); ++a)
      for (std::size_t r = 0; r < inst.resources.size(); ++r) {
        const double n = inst.resources[r].capacity.size() > a && inst.resources[r].type == int(t)
                             ? inst.resources[r].capacity[a]
                             : 0;
        if (n <= 0) continue;
        f = std::min(f, 1 - load[r][a] / n);
        break;
      }
  return f;
}

}  // namespace

double objective_value(const Instance& inst, const Matching& m, const Policy& policy) {
  switch (policy.objective) {
    case Objective::Throughput:
      return m.matched_count();
    case Objective::Prioritized: {
      double v = 0;
      for (std::size_t j = 0; j < m.assigned.size(); ++j)
        if (m.matched(static_cast<int>(j))) v += inst.jobs[j].priority;
      return v;
    }
    case Objective::LoadBalance:
      return m.matched_count() + policy.balance_weight * min_free_fraction(inst, loads(inst, m));
    case Objective::LoadBalanceLiteral:
      return literal_value(inst, loads(inst, m));
  }
  return 0;
}

}  // namespace arsim::model::matching
