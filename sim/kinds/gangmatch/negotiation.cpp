#include "sim/kinds/gangmatch/negotiation.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace arsim::kinds::gangmatch {

GangOffer make_offer(const AdPool::Snapshot& pool, const model::gang::Gang& gang, int id,
                     int cycle) {
  GangOffer o;
  o.id = id;
  o.cycle = cycle;
  o.problem.clock = pool.problem.clock;
  o.problem.roots = {0};
  for (std::size_t i = 0; i < gang.nodes.size(); ++i) {
    model::gang::GangNode node = gang.nodes[i];
    o.problem.ads.push_back(pool.problem.ads.at(node.ad));
    o.members.push_back(pool.members.at(node.ad));
    node.ad = static_cast<int>(i);  // parents are node indices already
    o.gang.nodes.push_back(node);
  }
  return o;
}

CycleResult negotiate(const AdPool::Snapshot& pool, schedulers::GangMatcher& matcher,
                      const CostModel& cost, int cycle, int first_id) {
  CycleResult r;
  r.cycle = cycle;
  r.roots = static_cast<int>(pool.problem.roots.size());
  r.resources = static_cast<int>(pool.problem.ads.size()) - r.roots;
  schedulers::GangResult found = matcher.match(pool.problem);
  if (auto e = model::gang::check_gangs(pool.problem, found.gangs))
    throw std::logic_error(
        fmt::format("cycle {}: the gang matcher returned a bad gang: {}", cycle, *e));
  r.stats = found.stats;
  r.cost = cost.of(found.stats);
  int id = first_id;
  for (const auto& g : found.gangs)
    r.offers.push_back(std::make_shared<const GangOffer>(make_offer(pool, g, id++, cycle)));
  return r;
}

}  // namespace arsim::kinds::gangmatch
