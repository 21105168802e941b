// The auditor's checks of a run with failures (failures.csv, the broken_at column of
// reservations.csv, killed jobs of jobs.csv), recomputed from the raw rows with the definitions
// of output/failures.hpp.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "sim/kinds/coallocation/output/audit_hosts.hpp"
#include "sim/kinds/coallocation/output/audit_rows.hpp"
#include "sim/kinds/coallocation/output/writers.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation::audit {

// What the failures of a run broke, for the other checks: (request id, site) of every broken
// cores reservation, whose job may have been killed or never run.
using BrokenComponents = std::set<std::pair<int, std::string>>;

// Checks that every row of failures.csv is a host of a compute site (per `hosts`) or a path of
// `g` down over a non-empty interval; that every reservation's broken_at is when the failures of
// its resource broke it (broken_from: those a failure overlaps, and no other); that no job ran on
// a host while it was down, and that a killed job (COMPLETED_KILLED) ended when one of its hosts
// failed. Fills `broken` and returns the failure metrics of summary.csv (failure_metrics).
std::vector<SummaryRow> check_failures(const metrics::CsvTable& failures,
                                       const std::vector<ReservationRow>& reservations,
                                       const metrics::CsvTable& jobs, const SiteHosts& hosts,
                                       const model::ResourceGraph& g, BrokenComponents& broken,
                                       std::vector<std::string>& violations);

}  // namespace arsim::kinds::coallocation::audit
