#include "schedulers/ctaap/bound.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "schedulers/ctaap/check.hpp"
#include "schedulers/ctaap/exact.hpp"
#include "schedulers/milp/solve.hpp"

namespace arsim::schedulers::ctaap {

namespace {

// `a` with only the tasks on `clusters`, renumbered as in restrict_clusters.
Allocation restrict_allocation(const Allocation& a, const std::vector<int>& clusters) {
  Allocation out(a.size(), kUnallocated);
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t t = 0; t < clusters.size(); ++t)
      if (a[i] == clusters[t]) out[i] = static_cast<int>(t);
  return out;
}

// max Σ s_j, Σ_{j∈T} s_j <= B_T, 0 <= s_j <= cap_j, integer (see bound.hpp).
int combine(const Instance& inst, const std::vector<std::vector<int>>& sets,
            const std::vector<int>& bounds) {
  milp::Model model("ctaap_subset_bound");
  std::vector<milp::Var> s;
  milp::LinearExpr total;
  for (int j = 0; j < inst.clusters(); ++j) {
    s.push_back(model.add_integer(0, inst.capacity[j], fmt::format("s_{}", j)));
    total.add(s.back());
  }
  model.set_objective(milp::ObjSense::Maximize, total);
  for (std::size_t k = 0; k < sets.size(); ++k) {
    milp::LinearExpr row;
    for (int j : sets[k]) row.add(s[j]);
    model.add_constraint(row, milp::Sense::Le, bounds[k], fmt::format("T_{}", k));
  }
  const milp::Result r = milp::solve(model, milp::Backend::Cbc);
  if (r.status != milp::Status::Optimal)
    throw std::runtime_error("ctaap subset bound: CBC did not solve the combining IP: " +
                             milp::to_string(r.status) + " " + r.message);
  return static_cast<int>(std::lround(r.objective));
}

}  // namespace

Instance restrict_clusters(const Instance& inst, const std::vector<int>& clusters) {
  const int t = static_cast<int>(clusters.size());
  Instance out = make_instance(inst.tasks(), t);
  out.cpu = inst.cpu;
  out.memory = inst.memory;
  out.bandwidth = inst.bandwidth;
  for (int a = 0; a < t; ++a) {
    const int j = clusters[a];
    if (j < 0 || j >= inst.clusters())
      throw std::invalid_argument(fmt::format("restrict_clusters: no cluster {}", j));
    out.cluster_cpu[a] = inst.cluster_cpu[j];
    out.cluster_memory[a] = inst.cluster_memory[j];
    out.capacity[a] = inst.capacity[j];
    for (int b = 0; b < t; ++b)
      out.cluster_bandwidth(a, b) = inst.cluster_bandwidth(j, clusters[b]);
  }
  if (!inst.allowed.empty()) {
    out.allowed.assign(static_cast<std::size_t>(inst.tasks()) * t, 0);
    for (int i = 0; i < inst.tasks(); ++i)
      for (int a = 0; a < t; ++a)
        out.allowed[static_cast<std::size_t>(i) * t + a] =
            inst.allowed[static_cast<std::size_t>(i) * inst.clusters() + clusters[a]];
  }
  return out;
}

SubsetBound subset_bound(const Instance& inst, const SubsetBoundOptions& o) {
  validate(inst);
  if (o.max_clusters < 1) throw std::invalid_argument("subset_bound: max_clusters must be >= 1");
  if (!o.start.empty())
    if (auto err = check_allocation(inst, o.start))
      throw std::invalid_argument("subset_bound: the start allocation fails the check: " + *err);
  const auto begin = std::chrono::steady_clock::now();
  const int m = inst.clusters();
  SubsetBound r;
  r.best = o.start.empty() ? 0 : allocation_size(o.start);
  std::vector<std::vector<int>> sets;
  std::vector<int> bounds;
  std::vector<int> set;
  // Every T with 1 <= |T| <= max_clusters, in lexicographic order.
  const std::function<void(int)> visit = [&](int next) {
    if (!set.empty()) {
      ExactOptions eo;
      eo.time_limit = o.time_limit;
      if (!o.start.empty()) eo.start = restrict_allocation(o.start, set);
      const ExactResult e = solve_exact(restrict_clusters(inst, set), eo);
      ++r.subsets;
      r.proven += e.optimal;
      if (static_cast<int>(set.size()) == m)
        r.best = std::max(r.best, allocation_size(e.allocation));
      sets.push_back(set);
      bounds.push_back(e.bound);
    }
    if (static_cast<int>(set.size()) == o.max_clusters) return;
    for (int j = next; j < m; ++j) {
      set.push_back(j);
      visit(j + 1);
      set.pop_back();
    }
  };
  visit(0);
  r.bound = combine(inst, sets, bounds);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  return r;
}

}  // namespace arsim::schedulers::ctaap
