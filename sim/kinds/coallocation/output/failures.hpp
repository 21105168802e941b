// failures.csv and the failure metrics of summary.csv (docs/reference/outputs.md), only in runs
// with failures (RunRecord::failure_model); the auditor recomputes both from failures.csv and
// reservations.csv with the same definitions (output/audit_failures.hpp).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "sim/kinds/coallocation/output/records.hpp"
#include "sim/kinds/coallocation/output/writers.hpp"

namespace arsim::kinds::coallocation {

// resource,kind (host|link),down,up (empty: still down when the run ended), in the order the
// failures began.
std::string failures_csv(const RunRecord& rec);

// request_id,broken_at,released_at: the accepted requests a failure broke and their GRC released
// (monitoring, docs/design/coallocation.md), by request id.
std::string releases_csv(const RunRecord& rec);

// When a reservation over [start, end) on a resource with the given down intervals is broken: at
// max(start, down) of the first failure it overlaps (down < end, and up unset or > start); none
// when it overlaps none, or when end <= start (the auditor passes the release as the end: a
// reservation given back before its start breaks nowhere). What the RM's desk does (actors/reservation_desk.hpp).
std::optional<double> broken_from(double start, double end,
                                  const std::vector<const FailureRecord*>& failures);

// What the metrics need of a broken reservation.
struct BrokenReservation {
  bool cores = true;  // cores or bandwidth
  double amount = 0;
  double end = 0;
  double broken_at = 0;
};

// User "all", resource "", bucket_end "all":
//   failures                failures of hosts and path links during the run (rows of
//                           failures.csv);
//   reservations_broken     reservations a failure broke;
//   cpu_seconds_lost        Σ over broken cores reservations of cores × (end − broken_at): the
//                           reserved CPU·s the RMs could no longer guarantee;
//   bandwidth_seconds_lost  the same over bandwidth reservations, in Gbit/s × s.
std::vector<SummaryRow> failure_metrics(std::size_t failures,
                                        const std::vector<BrokenReservation>& broken);

// Monitoring (docs/design/coallocation.md, Failures). `accepted`: the requests accepted and not
// released; `original_of`: attempt id -> its original (resubmissions.csv). A released request is
// lost when no later attempt of its original is in `accepted`.
std::size_t lost_releases(const std::vector<ReleaseRecord>& releases, const std::set<int>& accepted,
                          const std::map<int, int>& original_of);

// User "all", resource "", bucket_end "all":
//   reservations_released  reservations their RM gave back after a release (released_at set);
//   requests_released      accepted requests their GRC released after a break (releases.csv);
//   requests_lost          released requests not accepted again (lost_releases);
//   release_delay          mean of released_at − broken_at over the releases (empty when none).
std::vector<SummaryRow> release_metrics(std::size_t reservations_released,
                                        const std::vector<ReleaseRecord>& releases,
                                        std::size_t lost);

}  // namespace arsim::kinds::coallocation
