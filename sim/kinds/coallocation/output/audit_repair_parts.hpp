// The auditor's checks of one repair's parts, from the raw rows (check_repairs in
// audit_repairs.hpp runs them for each repair, in order): its new sites and routes, what it
// reserved and what it gave back.
#pragma once

#include <string>
#include <vector>

#include "model/resource_graph.hpp"
#include "sim/kinds/coallocation/output/audit_hosts.hpp"
#include "sim/kinds/coallocation/output/audit_repairs.hpp"
#include "sim/kinds/coallocation/output/audit_rows.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation::audit {

// A request's placement as its repairs left it: sites per component; route and the repair it was
// committed under (0: the first plan) per pair.
struct Placement {
  std::vector<std::string> sites;
  std::vector<std::vector<std::string>> routes;
  std::vector<int> commits;
};

// The moved components' new sites (`sites`: every component's after repair `x`): compute sites
// up at some time between the break and the commit, each holding one component.
void check_new_sites(const RepairRow& x, const std::vector<std::string>& sites,
                     const metrics::CsvTable& failures, const SiteHosts& hosts,
                     const model::ResourceGraph& g, std::vector<std::string>& violations);

// The new routes of repair `x`: each a chain between its pair's sites after it (`sites`), over no
// path that was down from the break until the commit, nor over the failed path.
void check_routes(const RepairRow& x, const RequestRow& r, const std::vector<std::string>& sites,
                  const metrics::CsvTable& failures, const model::ResourceGraph& g,
                  std::vector<std::string>& violations);

// The reservations of repair `x` against what it needs: the moved components' cores on their new
// sites (`sites` after it) and its new routes' bandwidth, over [start, the frame's end).
void check_new_parts(const RepairRow& x, const RequestRow& r, const std::vector<std::string>& sites,
                     const std::vector<ReservationRow>& reservations,
                     std::vector<std::string>& violations);

// What repair `x` gave back (released_at, not before its commit): the moved components' cores on
// the failed site, and each old-route path of a re-planned pair that no kept pair uses under the
// same commit (`p`: the placement before it). No job of the request ran on a failed site after it.
void check_old_parts(const RepairRow& x, const RequestRow& r, const Placement& p,
                     const std::vector<ReservationRow>& reservations, const metrics::CsvTable& jobs,
                     std::vector<std::string>& violations);

}  // namespace arsim::kinds::coallocation::audit
