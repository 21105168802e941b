// The files of one co-allocation run (docs/reference/outputs.md), computed from the RunRecord the
// simulator fills.
//
// All files except timings.csv are deterministic: the same record gives byte-identical text (fixed
// row order, shortest round-trip numbers, no wall clock). Files, one row per:
//   requests.csv      request: request_id,user,type,submit,est,lst,duration,service_level,
//                     components,cpus (total),pairs (with bandwidth > 0),outcome,frames,
//                     plans_found,plans_tried,reserved_start,reserved_end,time_deviation
//                     (reserved start − EST),sites (per component, ';'),paths (per pair in request
//                     order, edge names joined by '+', pairs by ';'; empty for a pair without
//                     bandwidth),decision_time,solver_nodes,solves,component_cpus (per component,
//                     ';'),pair_demands (per pair "a-b:bandwidth", ';'; "a-b:bandwidth@bound"
//                     for a pair with a latency bound, in s). The last two let the auditor check
//                     a plan without the in-memory request. Only when some request of the run has
//                     a latency bound, a last column route_latencies (per pair the planned route's
//                     latency in s, ';'; empty for rejected requests). Reserved times,
//                     deviation, sites and paths are empty for rejected requests. Names holding ';'
//                     or '+' would make sites/paths ambiguous; platform names must avoid them.
//   timings.csv       request: request_id,planning_wall_seconds,planning_cpu_seconds (the
//                     planner's thread CPU time). Clock readings: NOT deterministic.
//   reservations.csv  committed reservation, in commit order: request_id,kind (cores|bandwidth),
//                     resource,domain,start,end,amount (cores or Gbit/s); with failures also
//                     broken_at (output/failures.hpp).
//   jobs.csv          component job that ran: Batsim's columns (sim/metrics/batsim_job.hpp),
//                     job_id ("request:component"),submission_time,requested_number_of_resources
//                     (cores),requested_time (D),starting_time,execution_time,finish_time,
//                     waiting_time (start − EST, not start − submission as in Batsim),
//                     allocated_resources (site),final_state (COMPLETED_SUCCESSFULLY); then
//                     hosts (the cores the job held on each host of the site, "host:cores" joined
//                     by ';'; host names holding ';' would make it ambiguous).
//   resources.csv     resource (every site, then every path) × bucket of [0, horizon):
//                     resource,kind,domain,capacity,bucket_start,bucket_end,reserved (mean reserved
//                     share of capacity over the bucket),used (mean busy share from jobs.csv for
//                     sites; for paths equal to reserved, or measured from the flows of
//                     RunRecord::flows when transfers are simulated, transfers/model.hpp).
//   transfers.csv     with transfers only: transfers/output.hpp.
//   summary.csv       figure metrics in long form, see compute_summary below.
//   grcs.csv, attempts.csv  per coordinator, and per failed attempt (output/competition.hpp).
//   failures.csv      with failures only: output/failures.hpp.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "model/resource_graph.hpp"
#include "sim/kinds/coallocation/output/records.hpp"
#include "workloads/gridars_generator.hpp"

namespace arsim::kinds::coallocation {

// Seconds. Defaults are GridARS §4: 144-min buckets, arrivals in the first day, reservations in
// the second day.
struct MetricsConfig {
  double bucket = 8640;     // width of the time buckets of resources.csv and summary.csv
  double horizon = 172800;  // resources.csv covers [0, horizon)
  // The workload's times (metrics_config copies them from the workload.* keys), with its defaults:
  // success ratio and load buckets cover submit times [0, arrival_end); the load metrics' window.
  double arrival_end = workloads::GridarsConfig{}.arrival_end;
  double window_start = workloads::GridarsConfig{}.window_start;
  double window_end = workloads::GridarsConfig{}.window_end;
};

// Throws std::invalid_argument unless bucket, horizon and arrival_end are > 0 and
// window_end > window_start.
void validate(const MetricsConfig& cfg);

std::string requests_csv(const RunRecord& rec, const model::ResourceGraph& g);
// The sites and routes fields of requests.csv and repairs.csv: site names joined by ';'; a route's
// path names joined by '+', routes by ';'. A bad id is written "#id", for the auditor to report.
std::string join_sites(const model::ResourceGraph& g, const std::vector<int>& sites);
std::string join_paths(const model::ResourceGraph& g, const std::vector<std::vector<int>>& routes);
std::string timings_csv(const RunRecord& rec);
std::string reservations_csv(const RunRecord& rec, const model::ResourceGraph& g);
std::string jobs_csv(const RunRecord& rec, const model::ResourceGraph& g);
std::string resources_csv(const RunRecord& rec, const model::ResourceGraph& g,
                          const MetricsConfig& cfg);

// One line of summary.csv. Metrics (user "all" aggregates every user; users sorted by name):
//   submitted, accepted       count per user, bucket_end "all".
//   success_ratio             accepted / submitted per user among requests submitted in each bucket
//                             of [0, arrival_end) (bucket_end in seconds: 8640, ..., 86400;
//                             empty value when none was submitted), plus bucket_end "all" over
//                             every request (GridARS Fig. 7).
//   mean_time_deviation       mean of reserved start − EST in seconds over accepted requests, per
//                             user, bucket_end "all" (empty when none accepted).
//   request_load              user "all", per bucket: requested CPU·s (cpus × D) of every request
//                             submitted before the bucket end / (total site cores × window length)
//                             — the x axis of GridARS Fig. 8.
//   site_load                 user "all", resource = site, per bucket: reserved CPU·s on the site
//                             inside [window_start, window_end) by requests submitted before the
//                             bucket end / (site cores × window length) — the load average per site
//                             of GridARS Fig. 8.
struct SummaryRow {
  std::string metric;
  std::string user;
  std::string resource;
  std::string bucket_end;
  std::optional<double> value;
};

std::vector<SummaryRow> compute_summary(const RunRecord& rec, const model::ResourceGraph& g,
                                        const MetricsConfig& cfg);
std::string summary_csv(const std::vector<SummaryRow>& rows);

// Writes every file above into run_dir (created if missing), each atomically.
void write_run(const std::string& run_dir, const RunRecord& rec, const model::ResourceGraph& g,
               const MetricsConfig& cfg);

// A short table for the terminal: per user submitted, accepted, success ratio, success ratio in
// the buckets ending at 720, 1152 and 1440 min (50, 80 and 100 % load in GridARS Fig. 7; "-" when
// the configuration has no such bucket), mean time deviation; then the final request load and the
// mean of the final site loads.
void print_summary(std::ostream& out, const RunRecord& rec, const model::ResourceGraph& g,
                   const MetricsConfig& cfg);

}  // namespace arsim::kinds::coallocation
