// Reading a solution of the GridARS IP back into a plan (see formulation.hpp).
#include <deque>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/gridars_ip/formulation.hpp"

namespace arsim::schedulers::gridars_ip {

namespace {

// The chosen arcs of one pair form, by eq. (9), a unit flow from the site of pair.b to the site of
// pair.a, possibly plus detached cycles. A breadth-first walk from the site of pair.a against the
// arc directions reaches the site of pair.b along a simple path (shortest in edges among the
// chosen arcs); arcs off that path are dropped. At an optimum no cycle appears when every unit
// value is positive (a cycle only adds value), but a first-feasible solution, or zero unit values,
// may carry one; dropping it frees bandwidth and never adds value, so the plan stays feasible.
std::vector<int> walk(const model::ResourceGraph& g, const std::vector<Arc>& arcs,
                      const std::vector<int>& chosen, int from, int to) {
  std::vector<int> via(g.vertex_count(), -1);  // arc that first reached each vertex
  std::vector<bool> seen(g.vertex_count(), false);
  std::deque<int> queue{from};
  seen[from] = true;
  while (!queue.empty() && !seen[to]) {
    const int v = queue.front();
    queue.pop_front();
    for (int k : chosen) {
      if (arcs[k].to != v || seen[arcs[k].from]) continue;
      seen[arcs[k].from] = true;
      via[arcs[k].from] = k;
      queue.push_back(arcs[k].from);
    }
  }
  if (!seen[to]) return {};
  std::vector<int> route;
  for (int v = to; v != from; v = arcs[via[v]].to) route.push_back(arcs[via[v]].edge);
  return {route.rbegin(), route.rend()};  // edges in order from `from` to `to`
}

}  // namespace

Decoded decode(const Formulation& f, const model::ResourceGraph& g, const model::Request& r,
               const model::Availability& avail, const milp::Result& result) {
  if (!result.has_solution()) throw std::logic_error("gridars-ip: decode without a solution");
  Decoded d;
  d.plan.frame = avail.frame;
  d.plan.sites.assign(r.components.size(), -1);
  for (std::size_t s = 0; s < f.sites.size(); ++s)
    for (std::size_t j = 0; j < r.components.size(); ++j) {
      if (!result.is_one(f.x[s][j])) continue;
      if (d.plan.sites[j] != -1)
        throw std::logic_error(fmt::format("gridars-ip: component {} placed twice", j));
      d.plan.sites[j] = f.sites[s];
    }
  for (std::size_t j = 0; j < r.components.size(); ++j)
    if (d.plan.sites[j] == -1)
      throw std::logic_error(fmt::format("gridars-ip: component {} not placed", j));

  d.plan.routes.assign(r.pairs.size(), {});
  for (std::size_t q = 0; q < f.flow_pairs.size(); ++q) {
    const int l = f.flow_pairs[q];
    std::vector<int> chosen;
    for (std::size_t k = 0; k < f.arcs.size(); ++k)
      if (result.is_one(f.y[q][k])) chosen.push_back(static_cast<int>(k));
    const int from = d.plan.sites[r.pairs[l].a], to = d.plan.sites[r.pairs[l].b];
    d.plan.routes[l] = walk(g, f.arcs, chosen, from, to);
    if (d.plan.routes[l].empty())
      throw std::logic_error(
          fmt::format("gridars-ip: no walk for pair {} among {} chosen arcs", l, chosen.size()));
    d.dropped_arcs += static_cast<int>(chosen.size() - d.plan.routes[l].size());
  }
  d.plan.cost = plan_objective(f, g, r, d.plan);
  return d;
}

}  // namespace arsim::schedulers::gridars_ip
