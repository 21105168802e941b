// repairs.csv and the repair metrics of summary.csv (docs/reference/outputs.md), only in runs with
// failures (RunRecord::failure_model): the modifications the GRC committed instead of releasing a
// broken request (modification.hpp). The auditor recomputes the metrics from repairs.csv with the
// same definitions (audit_repairs.hpp).
#pragma once

#include <string>
#include <vector>

#include "model/resource_graph.hpp"
#include "sim/kinds/coallocation/output/records.hpp"
#include "sim/kinds/coallocation/output/writers.hpp"

namespace arsim::kinds::coallocation {

// request_id,repair,kind,resource,broken_at,repaired_at,start,moved,new_sites,rerouted,routes: one
// row per modification, by request id then repair; `kind` what failed (cores: a site, bandwidth: a
// path) and `resource` its name; `moved` the components re-planned and `new_sites` their new sites,
// both ';'-separated in the same order (empty after a path's failure); `rerouted` the pairs given a
// new route and `routes` those routes, ';'-separated in the same order, each route's paths
// '+'-separated as in requests.csv.
std::string repairs_csv(const RunRecord& rec, const model::ResourceGraph& g);

// What the metrics need of a repair.
struct RepairTimes {
  int request_id = -1;
  double broken_at = 0;
  double repaired_at = 0;
};

// User "all", resource "", bucket_end "all":
//   repairs            modifications committed (rows of repairs.csv);
//   requests_repaired  distinct requests with at least one;
//   repair_delay       mean of repaired_at − broken_at over the repairs (empty when none).
std::vector<SummaryRow> repair_metrics(const std::vector<RepairTimes>& repairs);

}  // namespace arsim::kinds::coallocation
