#include "schedulers/ctaap/ip.hpp"

#include <chrono>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/ctaap/check.hpp"
#include "schedulers/ctaap/cliques.hpp"

namespace arsim::schedulers::ctaap {

namespace {

// Eq. (4) rows between tasks i < k (see ip.hpp).
void add_pair_rows(IpModel& ip, const Instance& inst, int i, int k, Linearisation lin) {
  const int m = inst.clusters();
  auto var = [&](int t, int c) { return ip.var[static_cast<std::size_t>(t) * m + c]; };
  for (int j = 0; j < m; ++j) {
    if (var(i, j) < 0) continue;
    milp::LinearExpr star;
    star.add({var(i, j)});
    for (int l = 0; l < m; ++l) {
      if (var(k, l) < 0 || !conflicts(inst, i, j, k, l)) continue;
      if (lin == Linearisation::Pairwise) {
        milp::LinearExpr pair;
        pair.add({var(i, j)}).add({var(k, l)});
        ip.model.add_constraint(pair, milp::Sense::Le, 1,
                                fmt::format("e4_{}_{}_{}_{}", i, j, k, l));
      } else {
        star.add({var(k, l)});
      }
    }
    if (lin == Linearisation::Star && star.terms().size() > 1)
      ip.model.add_constraint(star, milp::Sense::Le, 1, fmt::format("e4_{}_{}_{}", i, j, k));
  }
}

// The "clique" linearisation: one row per clique of a greedy edge clique cover of the conflict
// graph (eq. 1 and eq. 4 conflicts) of the variables.
void add_clique_rows(IpModel& ip, const Instance& inst) {
  const int n = inst.tasks(), m = inst.clusters();
  ConflictGraph g(ip.model.num_vars());
  auto var = [&](int t, int c) { return ip.var[static_cast<std::size_t>(t) * m + c]; };
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      if (var(i, j) < 0) continue;
      for (int l = j + 1; l < m; ++l)
        if (var(i, l) >= 0) g.add_edge(var(i, j), var(i, l));
      for (int k = i + 1; k < n; ++k)
        for (int l = 0; l < m; ++l)
          if (var(k, l) >= 0 && conflicts(inst, i, j, k, l)) g.add_edge(var(i, j), var(k, l));
    }
  int index = 0;
  for (const auto& clique : g.clique_cover()) {
    milp::LinearExpr row;
    for (int v : clique) row.add({v});
    ip.model.add_constraint(row, milp::Sense::Le, 1, fmt::format("e4_clique_{}", index++));
  }
}

}  // namespace

Linearisation parse_linearisation(const std::string& name) {
  if (name == "star") return Linearisation::Star;
  if (name == "pairwise") return Linearisation::Pairwise;
  if (name == "clique") return Linearisation::Clique;
  throw std::invalid_argument("unknown linearisation '" + name +
                              "'; valid: star, pairwise, clique");
}

IpModel build_ip(const Instance& inst, Linearisation linearisation) {
  validate(inst);
  const int n = inst.tasks(), m = inst.clusters();
  IpModel ip;
  ip.var.assign(static_cast<std::size_t>(n) * m, -1);
  milp::LinearExpr objective;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      if (fits(inst, i, j) && inst.capacity[j] > 0) {  // eq. (3), and eq. (2) with cap_j = 0
        const milp::Var v = ip.model.add_binary(fmt::format("x_{}_{}", i, j));
        ip.var[static_cast<std::size_t>(i) * m + j] = v.index;
        objective.add(v);
      }
  ip.model.set_objective(milp::ObjSense::Maximize, objective);
  for (int i = 0; i < n; ++i) {  // eq. (1)
    milp::LinearExpr row;
    for (int j = 0; j < m; ++j)
      if (int v = ip.var[static_cast<std::size_t>(i) * m + j]; v >= 0) row.add({v});
    if (row.terms().size() > 1)
      ip.model.add_constraint(row, milp::Sense::Le, 1, fmt::format("e1_{}", i));
  }
  for (int j = 0; j < m; ++j) {  // eq. (2)
    milp::LinearExpr col;
    for (int i = 0; i < n; ++i)
      if (int v = ip.var[static_cast<std::size_t>(i) * m + j]; v >= 0) col.add({v});
    if (static_cast<int>(col.terms().size()) > inst.capacity[j])
      ip.model.add_constraint(col, milp::Sense::Le, inst.capacity[j], fmt::format("e2_{}", j));
  }
  if (linearisation == Linearisation::Clique) {
    add_clique_rows(ip, inst);
    return ip;
  }
  for (int i = 0; i < n; ++i)
    for (int k = i + 1; k < n; ++k)
      if (inst.bandwidth(i, k) > 0 || inst.bandwidth(k, i) > 0)
        add_pair_rows(ip, inst, i, k, linearisation);
  return ip;
}

IpResult solve_ip(const Instance& inst, const IpOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const IpModel ip = build_ip(inst, options.linearisation);
  IpResult r;
  r.build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.rows = ip.model.num_constraints();
  r.columns = ip.model.num_vars();
  milp::SolveOptions so;
  so.time_limit = options.time_limit;
  so.cbc_args = options.cbc_args;
  const milp::Result res = milp::solve(ip.model, options.backend, so);
  r.status = res.status;
  r.nodes = res.nodes;
  r.solve_seconds = res.seconds;
  r.bound = res.best_bound;
  if (res.status == milp::Status::Error)
    throw std::runtime_error("ctaap-ip: " + milp::to_string(options.backend) +
                             " failed: " + res.message);
  const int n = inst.tasks(), m = inst.clusters();
  r.allocation.assign(n, kUnallocated);
  if (!res.has_solution()) return r;
  Matrix x(n, m);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      if (int v = ip.var[static_cast<std::size_t>(i) * m + j]; v >= 0 && res.is_one({v}))
        x(i, j) = 1;
  if (auto err = check_matrix(inst, x))
    throw std::logic_error("ctaap-ip: the solver's solution fails the check: " + *err);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      if (x(i, j) == 1) r.allocation[i] = j;
  if (std::abs(allocation_size(r.allocation) - res.objective) > 1e-6)
    throw std::logic_error(fmt::format("ctaap-ip: decoded size {} differs from the objective {}",
                                       allocation_size(r.allocation), res.objective));
  if (r.status == milp::Status::Optimal) r.bound = allocation_size(r.allocation);
  return r;
}

}  // namespace arsim::schedulers::ctaap
