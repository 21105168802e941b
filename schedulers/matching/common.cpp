#include "schedulers/matching/common.hpp"

#include <stdexcept>
#include <string>

#include "model/matching/check.hpp"

namespace arsim::schedulers::matching {

double milp_work(const Formulation& f, const milp::Result& r) {
  return static_cast<double>(r.nodes + 1) * static_cast<double>(f.nonzeros + 1);
}

void count_solve(MatchStats& stats, const Formulation& f, const milp::Result& r) {
  stats.lp_solves += 1;
  stats.lp_nodes += r.nodes;
  stats.work += milp_work(f, r);
}

void trace_point(MatchStats& stats, const Clock& clock, double objective) {
  if (!stats.trace.empty() && objective <= stats.trace.back().objective) return;
  stats.trace.push_back({stats.work, clock.seconds(), objective});
}

void require_heuristic_policy(const mm::Policy& policy, const char* matcher) {
  if (policy.objective == mm::Objective::LoadBalanceLiteral)
    throw std::invalid_argument(std::string(matcher) +
                                ": the literal load-balance model is solved by 'lp' only");
  if (!(policy.balance_weight >= 0 && policy.balance_weight < 1))
    throw std::invalid_argument(std::string(matcher) + ": balance weight must be in [0, 1)");
}

void finish(MatchResult& result, const mm::Instance& inst, const mm::Policy& policy, mm::Matching m,
            const Clock& clock, const char* matcher) {
  result.objective = mm::objective_value(inst, m, policy);
  if (auto v = mm::check_matching(inst, m, policy, result.objective))
    throw std::logic_error(std::string(matcher) + " returned an invalid matching: " + *v);
  result.matching = std::move(m);
  result.stats.seconds = clock.seconds();
}

}  // namespace arsim::schedulers::matching
