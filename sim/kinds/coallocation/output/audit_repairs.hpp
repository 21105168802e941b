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
  std::string site;  // the failed site
  double broken_at = 0, repaired_at = 0, start = 0;
  std::vector<int> moved;
  std::vector<std::string> new_sites;
};

// The rows of repairs.csv that parse (none when `t` is empty: no such file); the others are
// violations.
std::vector<RepairRow> read_repairs(const metrics::CsvTable& t,
                                    std::vector<std::string>& violations);

// (request, component) -> the sites a repair moved it to, with the start there (check_jobs).
using MovedComponents = std::map<std::pair<int, int>, std::vector<std::pair<std::string, double>>>;
MovedComponents moved_components(const std::vector<RepairRow>& repairs);

// Checks each repair of an accepted request, in order: numbered 1, 2, ...; broken_at <=
// repaired_at <= start, start inside the request's reserved frame; the failed site held moved
// components, and only they moved, to distinct compute sites no other component is on, that were
// up at repaired_at (per failures.csv and `hosts`); its reservations (repair column) are exactly
// the moved components' cores on their new sites, over [start, the frame's end), with bandwidth
// joining the two sites of every pair with a moved end, edge by edge at least the pair's; the
// moved components' old cores were given back (released_at) by then, and no job of the request
// ran on the failed site after it. Returns repair_metrics.
std::vector<SummaryRow> check_repairs(const std::vector<RepairRow>& repairs,
                                      const std::vector<RequestRow>& requests,
                                      const std::vector<ReservationRow>& reservations,
                                      const metrics::CsvTable& failures,
                                      const metrics::CsvTable& jobs, const SiteHosts& hosts,
                                      const model::ResourceGraph& g,
                                      std::vector<std::string>& violations);

}  // namespace arsim::kinds::coallocation::audit
