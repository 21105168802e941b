// The auditor's check of the monitoring of a run with failures (releases.csv, the released_at
// column of reservations.csv; docs/design/coallocation.md, Failures), recomputed from the raw rows
// with the definitions of output/failures.hpp.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "sim/kinds/coallocation/output/audit_failures.hpp"
#include "sim/kinds/coallocation/output/audit_repairs.hpp"
#include "sim/kinds/coallocation/output/audit_rows.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation::audit {

// releases.csv as request id -> released_at (a malformed row adds a violation and is dropped).
std::map<int, double> released_at(const metrics::CsvTable& releases,
                                  std::vector<std::string>& violations);

// Checks that every released request was accepted, released after it broke (broken_at: the
// broken_at of one of its reservations), and that after its release nothing of it stays reserved
// or runs: each of its reservations has released_at, no earlier than the GRC's release, and each
// of its jobs ended by then; no other reservation has released_at but the parts a later repair of
// its request (`repairs`, repairs.csv) gave back, no earlier than that repair. Adds the released
// requests' components to `broken` (their jobs may not have run) and returns release_metrics.
// `original_of`: attempt -> original (resubmissions.csv).
std::vector<SummaryRow> check_releases(
    const metrics::CsvTable& releases, const std::vector<RequestRow>& requests,
    const std::vector<ReservationRow>& reservations, const metrics::CsvTable& jobs,
    const std::map<int, int>& original_of, BrokenComponents& broken,
    std::vector<std::string>& violations, const std::vector<RepairRow>& repairs = {});

}  // namespace arsim::kinds::coallocation::audit
