#include "schedulers/gangmatch/exact.hpp"

#include <chrono>
#include <cmath>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/milp/solve.hpp"

namespace arsim::schedulers::gangmatch {

namespace {

using model::gang::Gang;
using model::gang::GangProblem;

struct Enumerator {
  const GangProblem& p;
  const ExactOptions& o;
  std::vector<int> resources;  // ads that are not roots
  std::vector<char> used;
  std::vector<Gang> out;
  long trees = 0;

  // Open ports of `g` in creation order: (node, port) not bound yet.
  std::vector<std::pair<int, int>> open(const Gang& g) const {
    std::vector<std::pair<int, int>> ports;
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
      const int n = p.ads[g.nodes[i].ad].port_count();
      for (int k = 0; k < n; ++k) {
        bool bound = i > 0 && g.nodes[i].port == k;
        for (std::size_t c = 1; c < g.nodes.size() && !bound; ++c)
          bound = g.nodes[c].parent == static_cast<int>(i) && g.nodes[c].parent_port == k;
        if (!bound) ports.push_back({static_cast<int>(i), k});
      }
    }
    return ports;
  }

  void grow(Gang& g) {
    const auto ports = open(g);
    if (ports.empty()) {
      if (++trees > o.max_trees)
        throw ExactLimitError(
            fmt::format("exact: more than {} complete trees to check (parameter max_trees); the "
                        "pool is too large for the exact reference",
                        o.max_trees));
      if (!model::gang::check_gang(p, g)) {
        out.push_back(g);
        if (static_cast<long>(out.size()) > o.max_candidates)
          throw ExactLimitError(fmt::format(
              "exact: more than {} candidate gangs (parameter max_candidates); the pool is too "
              "large for the exact reference",
              o.max_candidates));
      }
      return;
    }
    const auto [n, i] = ports.front();
    for (int a : resources) {
      if (used[a]) continue;
      for (int j = 0; j < p.ads[a].port_count(); ++j) {
        used[a] = 1;
        g.nodes.push_back({a, n, i, j});
        grow(g);
        g.nodes.pop_back();
        used[a] = 0;
      }
    }
  }
};

}  // namespace

std::vector<Gang> enumerate_gangs(const GangProblem& p, const ExactOptions& o, long* trees) {
  if (auto e = model::gang::validate(p)) throw std::invalid_argument(*e);
  Enumerator en{p, o, {}, std::vector<char>(p.ads.size(), 0), {}, 0};
  const std::set<int> roots(p.roots.begin(), p.roots.end());
  for (int a = 0; a < static_cast<int>(p.ads.size()); ++a)
    if (!roots.count(a)) en.resources.push_back(a);
  for (int r : p.roots) {
    Gang g;
    g.nodes.push_back({r, -1, -1, -1});
    en.grow(g);
  }
  if (trees) *trees = en.trees;
  return std::move(en.out);
}

ExactResult solve_exact(const GangProblem& p, const ExactOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  ExactResult r;
  // Build: one binary per candidate gang; at most one gang per ad.
  const std::vector<Gang> all = enumerate_gangs(p, o, &r.trees);
  r.candidates = static_cast<long>(all.size());
  milp::Model m("gang-set-packing");
  std::vector<milp::Var> x;
  std::vector<std::vector<int>> gangs_of(p.ads.size());
  for (std::size_t g = 0; g < all.size(); ++g) {
    x.push_back(m.add_binary(fmt::format("g{}", g)));
    m.add_objective(x.back(), 1.0);
    for (const auto& n : all[g].nodes) gangs_of[n.ad].push_back(static_cast<int>(g));
  }
  m.set_objective_sense(milp::ObjSense::Maximize);
  for (std::size_t a = 0; a < gangs_of.size(); ++a) {
    if (gangs_of[a].size() < 2) continue;
    milp::LinearExpr row;
    for (int g : gangs_of[a]) row.add(x[g]);
    m.add_constraint(row, milp::Sense::Le, 1.0, fmt::format("ad{}", a));
  }
  // Solve and check the status.
  if (!all.empty()) {
    const milp::Result res = milp::solve(m, milp::Backend::Cbc);
    if (res.status != milp::Status::Optimal)
      throw std::runtime_error("exact: CBC ended with status " + milp::to_string(res.status));
    for (std::size_t g = 0; g < all.size(); ++g)
      if (res.is_one(x[g])) r.gangs.push_back(all[g]);
    // Verify: disjoint valid gangs, as many as the proven objective.
    if (std::lround(res.objective) != static_cast<long>(r.gangs.size()))
      throw std::logic_error("exact: the solution does not have the objective's size");
  }
  if (auto e = model::gang::check_gangs(p, r.gangs))
    throw std::logic_error("exact: the optimal set of gangs fails its check: " + *e);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace arsim::schedulers::gangmatch
