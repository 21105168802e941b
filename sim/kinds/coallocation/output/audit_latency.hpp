// The auditor's check of latency bounds (model::Pair::max_latency): every accepted request's
// routes, as requests.csv names them, have a latency (the sum of their edges' latencies in the
// graph the run used, model::route_latency) within the bound of their pair, tolerance 1e-9 s.
// The bounds come from workload.txt (what was submitted), not from requests.csv; an attempt of a
// resubmission policy (resubmissions.csv) has its original's bounds, since resubmitted()
// (resubmit.hpp) keeps the pairs and scales only their bandwidth.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "model/request.hpp"
#include "model/resource_graph.hpp"
#include "sim/kinds/coallocation/output/audit_rows.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation::audit {

// attempt id -> original id, from resubmissions.csv; rows that do not parse are left out
// (check_resubmissions reports them).
std::map<int, int> original_ids(const metrics::CsvTable& links);

// Adds one violation per route over its bound, naming the row, request, pair and both numbers.
// Requests whose (original) id is not in `workload`, unknown edge names and pair counts that differ
// are left to the other checks.
void check_latency(const std::vector<RequestRow>& requests,
                   const std::vector<model::Request>& workload,
                   const std::map<int, int>& original_of, const model::ResourceGraph& g,
                   std::vector<std::string>& violations);

}  // namespace arsim::kinds::coallocation::audit
