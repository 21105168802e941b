#include "schedulers/matching/formulation.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

namespace arsim::schedulers::matching {

namespace {

using milp::LinearExpr;
using milp::Sense;
using milp::Var;

// Whether dependency d of job j fits alone on r beside the base load.
bool fits_alone(const mm::Instance& inst, const SubProblem& sub, int j, int d, int r) {
  const auto& usage = inst.jobs[j].depends[d].usage;
  for (std::size_t a = 0; a < usage.size(); ++a)
    if (sub.base[r][a] + usage[a] > inst.resources[r].capacity[a]) return false;
  return true;
}

// Columns of Z and X and the gang rows sum_r X(j,r) - Z_j = 0 (§3.2.2).
void add_assignment(Formulation& f, const mm::Instance& inst, const SubProblem& sub) {
  f.z.assign(sub.jobs.size(), -1);
  f.x.assign(sub.jobs.size(), {});
  for (std::size_t i = 0; i < sub.jobs.size(); ++i) {
    const int j = sub.jobs[i];
    const auto& deps = inst.jobs[j].depends;
    std::vector<std::vector<int>> usable(deps.size());
    bool possible = true;
    for (std::size_t d = 0; d < deps.size() && possible; ++d) {
      for (int r : sub.allowed[i][d])
        if (fits_alone(inst, sub, j, static_cast<int>(d), r)) usable[d].push_back(r);
      possible = !usable[d].empty();
    }
    f.x[i].resize(deps.size());
    if (!possible) continue;
    const Var z = f.model.add_binary(fmt::format("z{}", j));
    f.z[i] = z.index;
    for (std::size_t d = 0; d < deps.size(); ++d) {
      LinearExpr gang;
      for (int r : usable[d]) {
        const Var x = f.model.add_binary(fmt::format("x{}_{}_{}", j, d, r));
        f.x[i][d].push_back({r, x.index});
        gang.add(x);
      }
      gang.add(z, -1);
      f.model.add_constraint(gang, Sense::Eq, 0, fmt::format("gang{}_{}", j, d));
      f.nonzeros += static_cast<long>(usable[d].size()) + 1;
    }
  }
}

// Terms U(j,a) X(j,r) per (resource, attribute), U > 0 only.
std::map<std::pair<int, int>, LinearExpr> usage_terms(const Formulation& f,
                                                      const mm::Instance& inst,
                                                      const SubProblem& sub) {
  std::map<std::pair<int, int>, LinearExpr> rows;
  for (std::size_t i = 0; i < sub.jobs.size(); ++i)
    for (std::size_t d = 0; d < f.x[i].size(); ++d) {
      const auto& usage = inst.jobs[sub.jobs[i]].depends[d].usage;
      for (const auto& [r, col] : f.x[i][d])
        for (std::size_t a = 0; a < usage.size(); ++a)
          if (usage[a] > 0) rows[{r, static_cast<int>(a)}].add(Var{col}, usage[a]);
    }
  return rows;
}

// Valid inequalities for load balance (ours, not in the paper): a matched job alone loads its
// resource r to at least (base + U(j,a)) / N(r,a), so F + sum_r (base + U) / N * X(j,r) <= 1 for
// every dependency and attribute with U > 0. Implied for 0-1 points, they stop the LP relaxation
// from spreading one large job over several resources, which leaves the bound on F weak.
void add_job_peaks(Formulation& f, const mm::Instance& inst, const SubProblem& sub, Var fv) {
  for (std::size_t i = 0; i < sub.jobs.size(); ++i)
    for (std::size_t d = 0; d < f.x[i].size(); ++d) {
      const auto& usage = inst.jobs[sub.jobs[i]].depends[d].usage;
      for (std::size_t a = 0; a < usage.size(); ++a) {
        if (usage[a] <= 0) continue;
        LinearExpr e;
        e.add(fv);
        for (const auto& [r, col] : f.x[i][d])
          e.add(Var{col}, (sub.base[r][a] + usage[a]) / inst.resources[r].capacity[a]);
        f.model.add_constraint(e, Sense::Le, 1, fmt::format("peak{}_{}_{}", sub.jobs[i], d, a));
        f.nonzeros += static_cast<long>(e.terms().size());
      }
    }
}

// Load balance (our reading): F <= 1 - (base + load) / N for every (r, a) with N > 0, as the row
// load + N F <= N - base where some X loads (r, a), as F's upper bound elsewhere.
void add_balance(Formulation& f, const mm::Instance& inst, const SubProblem& sub,
                 const std::map<std::pair<int, int>, LinearExpr>& rows, double weight) {
  double ub = 1;
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    for (std::size_t a = 0; a < inst.resources[r].capacity.size(); ++a) {
      const double n = inst.resources[r].capacity[a];
      if (n > 0 && !rows.count({static_cast<int>(r), static_cast<int>(a)}))
        ub = std::min(ub, 1 - sub.base[r][a] / n);
    }
  const Var fv = f.model.add_continuous(0, std::max(0.0, ub), "F");
  f.f = fv.index;
  f.model.add_objective(fv, weight);
  add_job_peaks(f, inst, sub, fv);
  for (const auto& [ra, expr] : rows) {
    const double n = inst.resources[ra.first].capacity[ra.second];
    LinearExpr e = expr;
    e.add(fv, n);
    f.model.add_constraint(e, Sense::Le, n - sub.base[ra.first][ra.second],
                           fmt::format("bal{}_{}", ra.first, ra.second));
    f.nonzeros += static_cast<long>(e.terms().size());
  }
}

// The literal model: one G_a per (type, attribute), sum U X - N(r,a) G_a = 0 for every resource
// of the type, F + G_a <= 1, maximise F.
void add_literal(Formulation& f, const mm::Instance& inst,
                 const std::map<std::pair<int, int>, LinearExpr>& rows) {
  const Var fv = f.model.add_continuous(0, 1, "F");
  f.f = fv.index;
  f.model.add_objective(fv, 1);
  for (std::size_t t = 0; t < inst.types.size(); ++t)
    for (std::size_t a = 0; a < inst.types[t].dynamic_attributes.size(); ++a) {
      const Var g = f.model.add_continuous(0, 1, fmt::format("G{}_{}", t, a));
      for (std::size_t r = 0; r < inst.resources.size(); ++r) {
        if (inst.resources[r].type != static_cast<int>(t)) continue;
        auto it = rows.find({static_cast<int>(r), static_cast<int>(a)});
        LinearExpr e = it == rows.end() ? LinearExpr{} : it->second;
        const double n = inst.resources[r].capacity[a];
        if (n == 0 && e.empty()) continue;
        e.add(g, -n);
        f.model.add_constraint(e, Sense::Eq, 0, fmt::format("lit{}_{}", r, a));
        f.nonzeros += static_cast<long>(e.terms().size());
      }
      f.model.add_constraint(LinearExpr{}.add(fv).add(g), Sense::Le, 1,
                             fmt::format("top{}_{}", t, a));
      f.nonzeros += 2;
    }
}

}  // namespace

SubProblem complete_problem(const mm::Instance& inst, const mm::Candidates& cand) {
  SubProblem sub;
  for (std::size_t j = 0; j < inst.jobs.size(); ++j) {
    sub.jobs.push_back(static_cast<int>(j));
    sub.allowed.push_back(cand[j]);
  }
  sub.base.resize(inst.resources.size());
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    sub.base[r].assign(inst.resources[r].capacity.size(), 0.0);
  return sub;
}

Formulation build_formulation(const mm::Instance& inst, const SubProblem& sub,
                              const mm::Policy& policy) {
  const bool literal = policy.objective == mm::Objective::LoadBalanceLiteral;
  if (literal)
    for (const auto& b : sub.base)
      for (double v : b)
        if (v != 0)
          throw std::invalid_argument("the literal load-balance model has no partial form");
  Formulation f;
  f.model.set_objective_sense(milp::ObjSense::Maximize);
  add_assignment(f, inst, sub);
  for (std::size_t i = 0; i < sub.jobs.size(); ++i) {
    if (f.z[i] < 0) continue;
    const double w = policy.objective == mm::Objective::Prioritized
                         ? inst.jobs[sub.jobs[i]].priority
                     : literal ? 0.0
                               : 1.0;
    if (w != 0) f.model.add_objective(Var{f.z[i]}, w);
  }
  const auto rows = usage_terms(f, inst, sub);
  if (literal) {
    add_literal(f, inst, rows);
    return f;
  }
  if (policy.objective == mm::Objective::LoadBalance) {
    add_balance(f, inst, sub, rows, policy.balance_weight);
    return f;
  }
  for (const auto& [ra, expr] : rows) {
    double most = 0;  // the load if every candidate were chosen
    for (const auto& t : expr.terms()) most += t.coef;
    const double residual =
        inst.resources[ra.first].capacity[ra.second] - sub.base[ra.first][ra.second];
    if (most <= residual) continue;
    f.model.add_constraint(expr, Sense::Le, residual, fmt::format("cap{}_{}", ra.first, ra.second));
    f.nonzeros += static_cast<long>(expr.terms().size());
  }
  return f;
}

std::vector<std::vector<int>> decode(const Formulation& f, const SubProblem& sub,
                                     const milp::Result& result) {
  std::vector<std::vector<int>> out(sub.jobs.size());
  for (std::size_t i = 0; i < sub.jobs.size(); ++i) {
    if (f.z[i] < 0 || result.values[f.z[i]] <= 0.5) continue;
    for (const auto& dep : f.x[i]) {
      int chosen = -1;
      for (const auto& [r, col] : dep)
        if (result.values[col] > 0.5) chosen = r;
      out[i].push_back(chosen);  // -1 only if the solver broke a gang row; the checker rejects it
    }
  }
  return out;
}

std::vector<double> start_values(const Formulation& f,
                                 const std::vector<std::vector<int>>& current) {
  std::vector<double> v(f.model.num_vars(), 0.0);
  for (std::size_t i = 0; i < current.size(); ++i) {
    if (current[i].empty()) continue;
    if (f.z[i] < 0) return {};
    v[f.z[i]] = 1;
    for (std::size_t d = 0; d < current[i].size(); ++d) {
      auto it = std::find_if(f.x[i][d].begin(), f.x[i][d].end(),
                             [&](const auto& p) { return p.first == current[i][d]; });
      if (it == f.x[i][d].end()) return {};
      v[it->second] = 1;
    }
  }
  if (f.f >= 0) {  // F at the largest value its rows allow given X
    double best = f.model.variable(f.f).ub;
    for (const milp::Constraint& c : f.model.constraints()) {
      double coef = 0, rest = 0;
      for (const milp::Term& t : c.terms) {
        if (t.var == f.f)
          coef += t.coef;
        else
          rest += t.coef * v[t.var];
      }
      if (coef > 0 && c.sense == Sense::Le) best = std::min(best, (c.rhs - rest) / coef);
    }
    v[f.f] = std::max(0.0, best);
  }
  return v;
}

}  // namespace arsim::schedulers::matching
