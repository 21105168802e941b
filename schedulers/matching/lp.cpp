#include "schedulers/matching/lp.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/matching/common.hpp"
#include "schedulers/matching/formulation.hpp"
#include "schedulers/milp/mps.hpp"

namespace arsim::schedulers::matching {

MatchResult LpMatcher::match(const mm::Instance& inst, const mm::Policy& policy,
                             std::uint64_t seed) {
  const Clock clock;
  mm::validate(inst);
  if (!(policy.balance_weight >= 0 && policy.balance_weight < 1))
    throw std::invalid_argument("lp: balance weight must be in [0, 1)");
  const mm::Candidates cand = mm::candidate_sets(inst);
  const SubProblem sub = complete_problem(inst, cand);
  const Formulation f = build_formulation(inst, sub, policy);
  milp::SolveOptions so;
  so.time_limit = o_.time_limit;
  so.node_limit = o_.node_limit;
  so.seed = static_cast<int>(seed % 1000000007ULL) + 1;
  const milp::Result r = milp::solve(f.model, o_.backend, so);
  if (!o_.dump_dir.empty())
    milp::write_model_dump(f.model, r, o_.dump_dir, fmt::format("match{:04d}", calls_));
  ++calls_;
  if (r.status == milp::Status::Error)
    throw std::runtime_error(
        fmt::format("lp: {} failed: {}", milp::to_string(o_.backend), r.message));
  if (r.status == milp::Status::Infeasible)  // the empty matching is always feasible
    throw std::logic_error("lp: the solver reports the matching model infeasible");
  MatchResult out;
  out.stats.iterations = 1;
  count_solve(out.stats, f, r);
  mm::Matching m = mm::Matching::empty(inst);
  if (r.has_solution()) {
    const auto chosen = decode(f, sub, r);
    for (std::size_t i = 0; i < sub.jobs.size(); ++i) m.assigned[sub.jobs[i]] = chosen[i];
  }
  out.optimal = r.status == milp::Status::Optimal;
  out.status = out.optimal ? "optimal" : r.has_solution() ? "feasible" : "stopped";
  out.best_bound = r.best_bound;
  finish(out, inst, policy, std::move(m), clock, "lp");
  if (out.optimal &&
      std::abs(out.objective - r.objective) > 1e-6 * std::max(1.0, std::abs(r.objective)))
    throw std::logic_error(fmt::format("lp: solver objective {} but the matching scores {}",
                                       r.objective, out.objective));
  trace_point(out.stats, clock, out.objective);
  return out;
}

}  // namespace arsim::schedulers::matching
