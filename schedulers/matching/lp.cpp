#include "schedulers/matching/lp.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/matching/common.hpp"
#include "schedulers/matching/exact.hpp"
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
  ExactOptions eo;
  eo.backend = o_.backend;
  eo.solve.time_limit = o_.time_limit;
  eo.solve.node_limit = o_.node_limit;
  eo.solve.solution_limit = o_.solution_limit;
  eo.solve.seed = static_cast<int>(seed % 1000000007ULL) + 1;
  eo.lexicographic = o_.lexicographic;
  eo.solve.cbc_args = o_.cbc_args;
  if (o_.node_limit > 0 && o_.cbc_args != milp::split_words(milp::kCbcDirectArgs)) {
    eo.solve.cbc_args.push_back("-maxNodes");
    eo.solve.cbc_args.push_back(std::to_string(o_.node_limit));
  }
  eo.dump_dir = o_.dump_dir;
  eo.dump_name = fmt::format("match{:04d}", calls_++);
  MatchResult out;
  out.stats.iterations = 1;
  const ExactResult r = solve_exact(inst, sub, policy, eo, {}, out.stats);
  if (r.status == milp::Status::Error)
    throw std::runtime_error(
        fmt::format("lp: {} failed: {}", milp::to_string(o_.backend), r.message));
  if (r.status == milp::Status::Infeasible)  // the empty matching is always feasible
    throw std::logic_error("lp: the solver reports the matching model infeasible");
  mm::Matching m = mm::Matching::empty(inst);
  for (std::size_t i = 0; i < sub.jobs.size(); ++i) m.assigned[sub.jobs[i]] = r.assignment[i];
  out.optimal = r.status == milp::Status::Optimal;
  out.status = out.optimal ? "optimal" : r.has_solution ? "feasible" : "stopped";
  out.best_bound = r.bound;
  finish(out, inst, policy, std::move(m), clock, "lp");
  // Certificate: a proven optimum scores its proven bound.
  if (out.optimal &&
      !(std::abs(out.objective - r.bound) <= 1e-6 * std::max(1.0, std::abs(r.bound))))
    throw std::logic_error(
        fmt::format("lp: proven bound {} but the matching scores {}", r.bound, out.objective));
  trace_point(out.stats, clock, out.objective);
  return out;
}

}  // namespace arsim::schedulers::matching
