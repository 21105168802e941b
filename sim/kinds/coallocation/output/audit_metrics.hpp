// The auditor's own computation of resources.csv and summary.csv from the raw records of a run
// (requests.csv, reservations.csv, jobs.csv), compared with what the files say. Written apart
// from summary.cpp on purpose: it shares only the bucket edges (buckets.hpp) and the definitions
// of writers.hpp.
#pragma once

#include <string>
#include <vector>

#include "model/resource_graph.hpp"
#include "sim/kinds/coallocation/output/audit_rows.hpp"
#include "sim/kinds/coallocation/output/writers.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation::audit {

// resources.csv: one row per site then per path, per bucket of [0, horizon), in graph order, with
// the graph's domain and capacity, the bucket's edges, and reserved and used recomputed from
// reservations.csv and jobs.csv. A path's `used` is its reservation, except when data was
// carried (`transfers`): then it was measured from the flows, which no file records, and is only
// checked to be >= 0: a saturated path's measured share was seen to exceed 1 by up to 0.2 %
// (transfers_background.xml, variant unreserved), which its reservation does not bound.
void check_resources(const std::vector<ReservationRow>& reservations, const metrics::CsvTable& jobs,
                     const metrics::CsvTable& resources, const model::ResourceGraph& g,
                     const MetricsConfig& cfg, bool transfers,
                     std::vector<std::string>& violations);

// summary.csv: exactly the rows writers.hpp defines (submitted, accepted, success_ratio,
// mean_time_deviation per user and "all"; request_load; site_load per site), each value
// recomputed from requests.csv and reservations.csv; and the `extra` rows (the resubmission
// metrics the auditor recomputed, output/audit_resubmissions.hpp).
void check_summary(const std::vector<RequestRow>& requests,
                   const std::vector<ReservationRow>& reservations,
                   const metrics::CsvTable& summary, const model::ResourceGraph& g,
                   const MetricsConfig& cfg, std::vector<std::string>& violations,
                   const std::vector<SummaryRow>& extra = {});

}  // namespace arsim::kinds::coallocation::audit
