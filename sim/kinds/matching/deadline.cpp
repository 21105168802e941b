#include "sim/kinds/matching/deadline.hpp"

namespace arsim::kinds::matching {

mm::Matching greedy_matching(const mm::Instance& inst) {
  const auto candidates = mm::candidate_sets(inst);
  std::vector<std::vector<double>> left;
  for (const auto& r : inst.resources) left.push_back(r.capacity);
  mm::Matching m = mm::Matching::empty(inst);
  for (std::size_t j = 0; j < inst.jobs.size(); ++j) {
    const auto& depends = inst.jobs[j].depends;
    std::vector<int> chosen;
    for (std::size_t d = 0; d < depends.size(); ++d) {
      const auto& usage = depends[d].usage;
      for (int r : candidates[j][d]) {
        bool fits = true;
        for (std::size_t a = 0; a < usage.size() && fits; ++a) fits = usage[a] <= left[r][a];
        if (fits) {
          chosen.push_back(r);
          break;
        }
      }
      if (chosen.size() != d + 1) break;
    }
    if (chosen.size() != depends.size()) continue;
    // one dependency per type, so the chosen resources are distinct
    for (std::size_t d = 0; d < depends.size(); ++d)
      for (std::size_t a = 0; a < depends[d].usage.size(); ++a)
        left[chosen[d]][a] -= depends[d].usage[a];
    m.assigned[j] = std::move(chosen);
  }
  return m;
}

mm::Matching missed_answer(const mm::Instance& inst, const Deadline& d, const mm::Policy& policy) {
  if (!d.greedy || policy.objective == mm::Objective::LoadBalanceLiteral)
    return mm::Matching::empty(inst);
  return greedy_matching(inst);
}

}  // namespace arsim::kinds::matching
