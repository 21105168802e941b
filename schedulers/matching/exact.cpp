#include "schedulers/matching/exact.hpp"

#include <cmath>

#include "schedulers/matching/common.hpp"
#include "schedulers/milp/mps.hpp"

namespace arsim::schedulers::matching {

namespace {

struct Phase {
  milp::Result result;
  std::vector<std::vector<int>> assignment;
};

Phase run(const Formulation& f, const SubProblem& sub, const ExactOptions& o,
          const std::vector<std::vector<int>>& start, const std::string& suffix,
          MatchStats& stats) {
  milp::SolveOptions so = o.solve;
  so.start = start.empty() ? std::vector<double>{} : start_values(f, start);
  Phase p{milp::solve(f.model, o.backend, so), {}};
  count_solve(stats, f, p.result);
  if (!o.dump_dir.empty())
    milp::write_model_dump(f.model, p.result, o.dump_dir, o.dump_name + suffix);
  if (p.result.has_solution()) p.assignment = decode(f, sub, p.result);
  return p;
}

ExactResult from(const Phase& p, std::size_t jobs) {
  ExactResult r;
  r.status = p.result.status;
  r.has_solution = p.result.has_solution();
  r.assignment = r.has_solution ? p.assignment : std::vector<std::vector<int>>(jobs);
  r.bound = p.result.best_bound;
  r.message = p.result.message;
  return r;
}

}  // namespace

ExactResult solve_exact(const mm::Instance& inst, const SubProblem& sub, const mm::Policy& policy,
                        const ExactOptions& o, const std::vector<std::vector<int>>& current,
                        MatchStats& stats) {
  if (policy.objective != mm::Objective::LoadBalance || !o.lexicographic) {
    const Formulation f = build_formulation(inst, sub, policy);
    return from(run(f, sub, o, current, "", stats), sub.jobs.size());
  }
  const Formulation f1 = build_formulation(inst, sub, {mm::Objective::Throughput});
  const Phase p1 = run(f1, sub, o, current, "_p1", stats);
  if (!p1.result.has_solution()) return from(p1, sub.jobs.size());
  int count = 0;
  for (const auto& a : p1.assignment) count += a.empty() ? 0 : 1;
  const bool proven = p1.result.status == milp::Status::Optimal;
  Formulation f2 = build_formulation(inst, sub, policy);
  milp::LinearExpr total;
  for (int z : f2.z)
    if (z >= 0) total.add(milp::Var{z});
  // Proven: the throughput is exactly count; otherwise at least what phase 1 found.
  f2.model.add_constraint(total, proven ? milp::Sense::Eq : milp::Sense::Ge, count, "throughput");
  ExactOptions o2 = o;
  if (o.solve.time_limit > 0)
    o2.solve.time_limit = std::max(1e-3, o.solve.time_limit - p1.result.seconds);
  const Phase p2 = run(f2, sub, o2, p1.assignment, "_p2", stats);
  ExactResult r = p2.result.has_solution() ? from(p2, sub.jobs.size()) : from(p1, sub.jobs.size());
  r.has_solution = true;
  r.status = proven && p2.result.status == milp::Status::Optimal ? milp::Status::Optimal
                                                                 : milp::Status::Feasible;
  if (p2.result.status == milp::Status::Error)
    r.status = milp::Status::Error, r.message = p2.result.message;
  // Phase 2's bound holds for every matching of at least `count` jobs, so for the optimum when
  // phase 1 proved count optimal; otherwise phase 1's throughput bound plus w bounds it.
  r.bound = proven ? p2.result.best_bound
                   : std::floor(p1.result.best_bound + 1e-6) + policy.balance_weight;
  return r;
}

}  // namespace arsim::schedulers::matching
