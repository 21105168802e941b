// The modification of a broken reservation (GridARS §5: the user "can send a modification request
// ... The proposed algorithm can be applied to such a modification request"): when a site's or a
// path's failure breaks an accepted request, the GRC re-plans only the broken part with the run's
// planner and reserves it with the same two-phase commit (docs/design/coallocation.md, Failures).
// Pure: no SimGrid, so the request it builds, the availability it plans against and what it gives
// back are tested without an engine.
#pragma once

#include <map>
#include <optional>
#include <tuple>
#include <vector>

#include "model/plan.hpp"
#include "model/request.hpp"
#include "model/reservation_table.hpp"
#include "model/resource_graph.hpp"
#include "sim/kinds/coallocation/output/records.hpp"

namespace arsim::kinds::coallocation {

// An accepted request as its reservations stand now: the plan in force (sites and routes after
// every modification so far) and the two-phase commit each component and route is reserved under.
struct ReservedRequest {
  model::Request request;
  model::Plan plan;                                 // plan.frame: the original frame
  std::vector<model::ReservationId> component_ids;  // per component
  std::vector<model::ReservationId> pair_ids;       // per pair (meaningless when bandwidth is 0)
};

// Whether the plan in force still uses `resource` (a site vertex when `cores`, else an edge):
// a break of a part a modification replaced concerns the request no more.
bool holds_part(const ReservedRequest& r, bool cores, int resource);

// What a failure broke: a site (kind Cores, a vertex) or a path (kind Bandwidth, an edge).
struct BrokenPart {
  ResourceKind kind = ResourceKind::Cores;
  int resource = -1;
};

// The modification request of the failure of `broken`: same id and components, and the one frame
// `frame` (EST = LST = frame.start, D = its length). A site's failure unpins the components on it
// and pins every other component to its current site (all of them, not only those sharing a pair
// with a moved one, so the planner keeps the components on distinct sites, eq. 5); its pairs are
// those with at least one moved end. A path's failure moves nothing: every component is pinned
// where it is, and its pairs are those whose route uses the failed edge (re-routed between the
// same two sites).
struct Modification {
  model::Request request;
  BrokenPart broken;
  std::vector<int> moved;  // components re-planned (indices of both requests)
  std::vector<int> pairs;  // original pair index of each pair of `request`
};

// Nothing when the failure concerns no component or route of `r`, or the frame is empty.
std::optional<Modification> modification_request(const ReservedRequest& r, BrokenPart broken,
                                                 model::TimeFrame frame);

// The availability the modification is planned and checked against: what the RMs reported, shown
// to the user's service level (GridARS option C, as for its first plan), plus on each pinned
// component's site the cores the request already holds there (they are reserved for it, in
// full), and nothing on the broken site or path (its repair time is unknown, as for the RMs).
model::Availability modification_availability(const model::Availability& reported,
                                              const Modification& m);

// Amounts per resource: cores per site vertex, Gbit/s per edge (summed over pairs sharing it).
struct Amounts {
  std::map<int, double> cores;
  std::map<int, double> bandwidth;
};

// What a plan of request `r` reserves: every component's cores and every route's bandwidth.
Amounts plan_amounts(const model::Request& r, const model::Plan& p);

// What a modification reserves anew: the moved components' cores on their new sites and the new
// routes' bandwidth (the pinned components are reserved already; after a path's failure every
// component is).
Amounts modification_amounts(const Modification& m, const model::Plan& p);

// One committed reservation to give back (kind, resource, the commit it was made under).
struct Part {
  ResourceKind kind = ResourceKind::Cores;
  int resource = -1;
  model::ReservationId id = 0;
  bool operator<(const Part& o) const {
    return std::tie(kind, resource, id) < std::tie(o.kind, o.resource, o.id);
  }
};

// After modification `m` committed: the moved components' old cores, and each old-route edge of a
// re-planned pair whose reservation carries no kept pair (an edge that also carries a kept pair
// under the same commit stays reserved whole: an RM gives back whole reservations only).
std::vector<Part> parts_to_release(const ReservedRequest& r, const Modification& m);

// `r` once `m` committed under `id` with plan `p`: moved components and re-planned routes updated.
void apply_modification(ReservedRequest& r, const Modification& m, const model::Plan& p,
                        model::ReservationId id);

}  // namespace arsim::kinds::coallocation
