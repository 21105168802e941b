#include "sim/kinds/coallocation/modification.hpp"

#include <algorithm>
#include <set>

namespace arsim::kinds::coallocation {

bool holds_part(const ReservedRequest& r, bool cores, int resource) {
  if (cores)
    return std::find(r.plan.sites.begin(), r.plan.sites.end(), resource) != r.plan.sites.end();
  return std::any_of(r.plan.routes.begin(), r.plan.routes.end(), [&](const auto& route) {
    return std::find(route.begin(), route.end(), resource) != route.end();
  });
}

std::optional<Modification> modification_request(const ReservedRequest& r, BrokenPart broken,
                                                 model::TimeFrame frame) {
  if (!(frame.end > frame.start)) return std::nullopt;
  Modification m{r.request, broken, {}, {}};
  m.request.est = m.request.lst = frame.start;
  m.request.duration = frame.end - frame.start;
  m.request.pairs.clear();
  const bool site = broken.kind == ResourceKind::Cores;
  const auto moved = [&](int j) { return site && r.plan.sites[j] == broken.resource; };
  for (std::size_t j = 0; j < r.plan.sites.size(); ++j) {
    m.request.components[j].site = moved(static_cast<int>(j)) ? model::kUnpinned : r.plan.sites[j];
    if (moved(static_cast<int>(j))) m.moved.push_back(static_cast<int>(j));
  }
  for (std::size_t l = 0; l < r.request.pairs.size(); ++l) {
    const auto& route = r.plan.routes[l];
    if (moved(r.request.pairs[l].a) || moved(r.request.pairs[l].b) ||
        (!site && std::find(route.begin(), route.end(), broken.resource) != route.end())) {
      m.request.pairs.push_back(r.request.pairs[l]);
      m.pairs.push_back(static_cast<int>(l));
    }
  }
  if (m.moved.empty() && m.pairs.empty()) return std::nullopt;
  return m;
}

model::Availability modification_availability(const model::Availability& reported,
                                              const Modification& m) {
  model::Availability out =
      m.request.service_level < 1 ? reported.scaled(m.request.service_level) : reported;
  for (const auto& c : m.request.components)
    if (c.pinned()) out.free_cores.at(c.site) += c.cpus;
  if (m.broken.kind == ResourceKind::Cores)
    out.free_cores.at(m.broken.resource) = 0;
  else
    out.free_bandwidth.at(m.broken.resource) = 0;
  return out;
}

Amounts plan_amounts(const model::Request& r, const model::Plan& p) {
  Amounts out;
  for (std::size_t j = 0; j < p.sites.size(); ++j) out.cores[p.sites[j]] += r.components[j].cpus;
  for (std::size_t l = 0; l < p.routes.size(); ++l)
    for (int e : p.routes[l]) out.bandwidth[e] += r.pairs[l].bandwidth;
  return out;
}

Amounts modification_amounts(const Modification& m, const model::Plan& p) {
  Amounts out = plan_amounts(m.request, p);
  for (const auto& c : m.request.components)
    if (c.pinned()) out.cores.erase(c.site);
  return out;
}

std::vector<Part> parts_to_release(const ReservedRequest& r, const Modification& m) {
  std::set<Part> out;
  for (int j : m.moved) out.insert({ResourceKind::Cores, r.plan.sites[j], r.component_ids[j]});
  const std::set<int> replanned(m.pairs.begin(), m.pairs.end());
  std::set<std::pair<int, model::ReservationId>> kept;  // edges still carrying a kept pair
  for (std::size_t l = 0; l < r.plan.routes.size(); ++l)
    if (!replanned.count(static_cast<int>(l)))
      for (int e : r.plan.routes[l]) kept.insert({e, r.pair_ids[l]});
  for (int l : m.pairs)
    for (int e : r.plan.routes[l])
      if (!kept.count({e, r.pair_ids[l]})) out.insert({ResourceKind::Bandwidth, e, r.pair_ids[l]});
  return {out.begin(), out.end()};
}

void apply_modification(ReservedRequest& r, const Modification& m, const model::Plan& p,
                        model::ReservationId id) {
  for (int j : m.moved) {
    r.plan.sites[j] = p.sites[j];
    r.component_ids[j] = id;
  }
  for (std::size_t k = 0; k < m.pairs.size(); ++k) {
    r.plan.routes[m.pairs[k]] = p.routes[k];
    r.pair_ids[m.pairs[k]] = id;
  }
}

}  // namespace arsim::kinds::coallocation
