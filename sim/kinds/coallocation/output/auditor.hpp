// The reservation auditor of co-allocation runs: re-reads the CSV files of a finished run, not the
// in-memory record, so a bug in the simulator or in the writers cannot hide itself.
//
// Checks, each violation one message naming file and line:
//   - requests.csv lists every request id 0..max exactly once (no duplicate, no gap);
//   - no site's cores and no path's bandwidth is over capacity at any instant (a sweep over the
//     start/end events of reservations.csv per resource; frames are half-open, so two reservations
//     that only touch at an instant do not overlap; tolerance 1e-9);
//   - every reservation names a known resource of its kind and domain, has a positive amount, lies
//     inside `window` when one is given, and belongs to an accepted request whose reserved frame it
//     equals; that frame has length D and lies in [EST, LST + D];
//   - every accepted plan is feasible: one distinct compute site per component, the cores reserved
//     on each site equal the component's cpus, each pair with bandwidth joined by a simple chain of
//     edges between its two components' sites, the bandwidth reserved per edge equals the sum of
//     the pairs routed over it, and a pair without bandwidth has no chain;
//   - every accepted route's latency, summed over the platform's edges, is within the latency
//     bound its pair was submitted with in workload.txt (output/audit_latency.hpp);
//   - rejected requests hold no reservation, reserved frame, sites or paths;
//   - requests.csv agrees with workload.txt, and jobs.csv with the accepted plans
//     (output/audit_inputs.hpp);
//   - every job ran on hosts of its site, and no host's cores are over capacity at any instant
//     (output/audit_hosts.hpp);
//   - every derived number is what the raw records give: time_deviation in requests.csv, the
//     times in jobs.csv (output/audit_inputs.hpp), every row of resources.csv and summary.csv
//     (output/audit_metrics.hpp), grcs.csv (output/competition.hpp);
//   - resubmissions.csv links each attempt to a rejection as the users' policies say, and the
//     resubmission metrics of summary.csv are what it and requests.csv give
//     (output/audit_resubmissions.hpp); attempts are checked against it, not workload.txt;
//   - in a run with failures, broken_at of reservations.csv, the killed jobs and the failure
//     metrics are what failures.csv gives (output/audit_failures.hpp), and no job ran on a host
//     while it was down;
//   - attempts.csv and grcs.csv agree with requests.csv (output/competition.hpp). Runs written
//     before these files existed have neither and are audited without them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/resource_graph.hpp"
#include "model/time.hpp"
#include "sim/kinds/coallocation/output/audit_hosts.hpp"
#include "sim/kinds/coallocation/output/audit_resubmissions.hpp"
#include "sim/kinds/coallocation/output/competition.hpp"
#include "sim/kinds/coallocation/output/writers.hpp"

namespace arsim::kinds::coallocation {

// What the auditor knows of the run besides its files.
struct AuditSetup {
  std::optional<model::TimeFrame> window;  // reservations must lie inside it, when set
  audit::CoordinatorOfUser coordinators;   // the coordinator of each user
  audit::SiteHosts hosts;                  // empty: the jobs' hosts are not checked
  // The run's buckets and windows; unset: resources.csv and summary.csv are not recomputed.
  std::optional<MetricsConfig> metrics;
  audit::ResubmitPolicies resubmit;  // the users' resubmission policies
};

// Audits requests.csv, reservations.csv, workload.txt, jobs.csv, attempts.csv and grcs.csv in
// run_dir against the graph the run used and `setup`. Returns the violations; empty means the run
// passes. A file that cannot be read or parsed is a violation.
std::vector<std::string> audit_run(const std::string& run_dir, const model::ResourceGraph& g,
                                   const AuditSetup& setup);
std::vector<std::string> audit_run(const std::string& run_dir, const model::ResourceGraph& g,
                                   std::optional<model::TimeFrame> window = std::nullopt,
                                   const audit::CoordinatorOfUser& coordinators = {});

}  // namespace arsim::kinds::coallocation
