#include "schedulers/gangmatch/units.hpp"

namespace arsim::schedulers::gangmatch {

Units singleton_units(const model::gang::GangProblem& problem) {
  Units u;
  const int n = static_cast<int>(problem.ads.size());
  std::vector<char> is_root(n, 0);
  for (int r : problem.roots) is_root[r] = 1;
  for (int a = 0; a < n; ++a) {
    u.rep.push_back(a);
    u.members.push_back({a});
    u.unit_of.push_back(a);
    u.root.push_back(is_root[a]);
    u.taken.push_back(0);
  }
  return u;
}

std::vector<CandidatePort> candidate_ports(const model::gang::GangProblem& problem,
                                           const Units& units) {
  std::vector<CandidatePort> out;
  for (int u = 0; u < units.count(); ++u) {
    if (units.root[u]) continue;
    const int ports = problem.ads[units.rep[u]].port_count();
    for (int p = 0; p < ports; ++p) out.push_back({u, p});
  }
  return out;
}

}  // namespace arsim::schedulers::gangmatch
