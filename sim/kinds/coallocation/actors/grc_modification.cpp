// The GRC's modification of a broken reservation (GridARS §5; docs/design/coallocation.md,
// Failures): the pure steps are in modification.hpp, the messages here.
#include <algorithm>
#include <map>
#include <utility>

#include <xbt/log.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include "sim/kinds/coallocation/actors/grc.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_grc_modification, arsim,
                                "Modification of broken reservations");

namespace arsim::kinds::coallocation {

namespace {
// The mailbox of the RM owning a part.
std::string rm_of(const model::ResourceGraph& g, const Part& part) {
  return (part.kind == ResourceKind::Cores ? compute_rm_mailbox(g.vertex(part.resource).name)
                                           : network_rm_mailbox(g.edge(part.resource).domain))
      ->get_name();
}

// What repairs.csv says of modification `m` committed with plan `p`: the moved components' new
// sites and the new routes of the re-planned pairs that have bandwidth.
RepairRecord repair_record(const Modification& m, const model::Plan& p) {
  RepairRecord rec;
  rec.kind = m.broken.kind;
  rec.resource = m.broken.resource;
  rec.moved = m.moved;
  for (int j : m.moved) rec.new_sites.push_back(p.sites[j]);
  for (std::size_t k = 0; k < m.pairs.size(); ++k)
    if (m.request.pairs[k].bandwidth > 0) {
      rec.rerouted.push_back(m.pairs[k]);
      rec.routes.push_back(p.routes[k]);
    }
  return rec;
}
}  // namespace

bool Grc::modify(Accepted& a, const protocol::BrokenNotice& notice) {
  const auto& g = ctx_.platform->graph;
  // The new parts start once the GRC has planned (planning_delay) and its holds could still live
  // (hold_timeout): a hold arriving later is refused as started, and its commit would have come
  // after its expiry anyway. They end with the original frame.
  const model::TimeFrame frame{std::max(sg4::Engine::get_clock() + planning_delay_ + hold_timeout_,
                                        a.reserved.plan.frame.start),
                               a.reserved.plan.frame.end};
  const BrokenPart broken{notice.cores ? ResourceKind::Cores : ResourceKind::Bandwidth,
                          notice.resource};
  const auto m = modification_request(a.reserved, broken, frame);
  if (!m) return false;
  const auto avail = modification_availability(query({frame}).front(), *m);
  if (planning_delay_ > 0) sg4::this_actor::sleep_for(planning_delay_);
  schedulers::PlannerStats stats;
  const auto plans = planner_->plan(g, m->request, {avail}, stats);
  // Checked by code that did not build it: a planner that ignores the pins has no modification.
  const auto ok = std::find_if(plans.begin(), plans.end(), [&](const model::Plan& p) {
    return p.frame == frame && !model::check_plan(g, m->request, avail, p);
  });
  if (ok == plans.end()) return false;
  const HoldPlan holds = split_by_rm(g, modification_amounts(*m, *ok));
  const auto id = commit_holds(m->request, frame, holds, a.repairs + 1);
  if (!id) return false;
  const Atomic atomic(*this);
  give_back(a, *m);
  RepairRecord rec = repair_record(*m, *ok);
  rec.request_id = notice.request_id;
  rec.repair = ++a.repairs;
  rec.broken_at = notice.at;
  rec.repaired_at = sg4::Engine::get_clock();
  rec.start = frame.start;
  apply_modification(a.reserved, *m, *ok, *id);
  for (const auto& [box, amounts] : holds) a.rms.insert(box);
  XBT_DEBUG("request %d: repaired after the failure of %s (repair %d)", notice.request_id,
            (notice.cores ? g.vertex(notice.resource).name : g.edge(notice.resource).name).c_str(),
            a.repairs);
  ctx_.events->on(RequestRepaired{std::move(rec)});
  return true;
}

void Grc::give_back(const Accepted& a, const Modification& m) {
  std::map<std::pair<std::string, model::ReservationId>, std::vector<int>> per_rm;
  for (const Part& part : parts_to_release(a.reserved, m))
    per_rm[{rm_of(ctx_.platform->graph, part), part.id}].push_back(part.resource);
  for (auto& [key, resources] : per_rm)
    tell(key.first,
         protocol::ReleasePartRequest{a.reserved.request.id, key.second, std::move(resources)},
         a.reserved.plan.frame.end);
}

}  // namespace arsim::kinds::coallocation
