// The auditor's check of the modifications of a run with failures (repairs.csv, the repair column
// of reservations.csv; docs/design/coallocation.md, Failures), recomputed from the raw rows with
// the definitions of output/repairs.hpp.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "model/resource_graph.hpp"
#include "sim/kinds/coallocation/output/audit_hosts.hpp"
#include "sim/kinds/coallocation/output/audit_rows.hpp"
#include "sim/kinds/coallocation/output/writers.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation::audit {

struct RepairRow {
  std::string where;
  int request_id = -1;
  int repair = 0;
  std::string kind;      // what failed: "cores" (a site) or "bandwidth" (a path)
  std::string resource;  // its name
  double broken_at = 0, repaired_at = 0, start = 0;
  std::vector<int> moved;
  std::vector<std::string> new_sites;
  std::vector<int> rerouted;
  std::vector<std::vector<std::string>> routes;  // per rerouted pair: path names
};

// The rows of repairs.csv that parse (none when `t` is empty: no such file); the others are
// violations.
std::vector<RepairRow> read_repairs(const metrics::CsvTable& t,
                                    std::vector<std::string>& violations);

// (request, component) -> the sites a repair moved it to, with the start there (check_jobs).
using MovedComponents = std::map<std::pair<int, int>, std::vector<std::pair<std::string, double>>>;
MovedComponents moved_components(const std::vector<RepairRow>& repairs);

// Checks each repair of an accepted request, in order: numbered 1, 2, ...; broken_at <=
// repaired_at <= start, start inside the request's reserved frame. After a site's failure the
// failed site held the moved components, and only they moved, to distinct compute sites no other
// component is on, that were up at some time between the break and the commit (per failures.csv
// and `hosts`); after a path's failure no component moved. The re-routed pairs are those with
// bandwidth and a moved end (a site) or those whose route, as the first plan and the earlier
// repairs left it, used the failed path; each new route is a chain between its pair's sites over
// paths that were up at some time between the break and the commit, the failed one not among
// them. Its reservations (repair column) are exactly the moved components' cores on their new
// sites and the new routes' bandwidth, over [start, the frame's end); the moved components' old
// cores and every old-route path of a re-routed pair that no kept pair uses under the same commit
// were given back (released_at) no earlier than the commit, and no job of the request ran on the
// failed site after it. Returns repair_metrics.
std::vector<SummaryRow> check_repairs(const std::vector<RepairRow>& repairs,
                                      const std::vector<RequestRow>& requests,
                                      const std::vector<ReservationRow>& reservations,
                                      const metrics::CsvTable& failures,
                                      const metrics::CsvTable& jobs, const SiteHosts& hosts,
                                      const model::ResourceGraph& g,
                                      std::vector<std::string>& violations);

}  // namespace arsim::kinds::coallocation::audit
