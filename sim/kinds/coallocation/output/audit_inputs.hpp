// The auditor's cross-checks of requests.csv against the other files of a run that record the
// same requests independently: workload.txt (what the users submitted) and jobs.csv (what ran).
// A request whose component was cut from 8 cores to 1 in both requests.csv and reservations.csv
// is consistent with itself, but not with workload.txt; an accepted request rewritten as rejected
// together with its reservations still has its jobs in jobs.csv.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "model/request.hpp"
#include "sim/kinds/coallocation/output/audit_rows.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation::audit {

// Every request of the workload appears in requests.csv with the same EST, LST, duration,
// component cpus and pairs, and requests.csv lists no other request.
void check_workload(const std::vector<RequestRow>& requests,
                    const std::vector<model::Request>& workload,
                    std::vector<std::string>& violations);

// Every job of jobs.csv ("REQUEST:COMPONENT") ran for an accepted request, on the component's
// reserved site, with its cpus, within the reserved frame; every component of an accepted request
// ran exactly once (a run ends only when every reserved job has finished), to its end
// (COMPLETED_SUCCESSFULLY). A component in `broken` (request id, site: its reservation was broken
// by a failure, output/audit_failures.hpp) may have been killed (COMPLETED_KILLED) or not run.
// A component a repair moved (`moved`: (request id, component) -> (new site, start of the repair),
// audit_repairs.hpp) ran once more on each new site, within [that start, the frame's end).
void check_jobs(
    const std::vector<RequestRow>& requests, const metrics::CsvTable& jobs,
    std::vector<std::string>& violations, const std::set<std::pair<int, std::string>>& broken = {},
    const std::map<std::pair<int, int>, std::vector<std::pair<std::string, double>>>& moved = {});

}  // namespace arsim::kinds::coallocation::audit
