// The files of a gangmatching run (sim/kinds/gangmatch/README.md lists their columns): jobs.csv,
// gangs.csv, holds.csv, unavailability.csv, cycles.csv, utilisation.csv, summary.csv and
// timings.csv (the only one with wall-clock times). Every file but timings.csv is a deterministic
// function of the record. A time that did not happen is an empty field. Pure: no SimGrid.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sim/kinds/gangmatch/output/records.hpp"
#include "sim/metrics/batsim_job.hpp"

namespace arsim::kinds::gangmatch {

const std::vector<std::string>& jobs_header();
const std::vector<std::string>& gangs_header();
const std::vector<std::string>& holds_header();
const std::vector<std::string>& unavailability_header();
const std::vector<std::string>& cycles_header();
const std::vector<std::string>& utilisation_header();

std::string jobs_csv(const RunRecord& r);
std::string gangs_csv(const RunRecord& r);
std::string holds_csv(const RunRecord& r);
std::string unavailability_csv(const RunRecord& r);
std::string cycles_csv(const RunRecord& r);
std::string timings_csv(const RunRecord& r);
// Per kind (workstation, license) and bucket of [0, horizon): the mean share of the resources
// held by a gang, running a job, and unavailable.
std::string utilisation_csv(const RunRecord& r, double bucket, double horizon);

// "finished", "running", "claimed", "waiting" or "unsubmitted".
std::string job_state(const JobRow& j);

// Batsim's columns of a job's row (README.md): it requests its ports (its workstation and
// licenses) for its duration; allocated_resources names the members of the gang that committed,
// workstation first; final_state is COMPLETED_SUCCESSFULLY, RUNNING_AT_END, WAITING_AT_END
// (waiting or claimed) or NOT_SUBMITTED.
metrics::BatsimJob batsim_job(const JobRow& j);

// The metrics of summary.csv (user "all", bucket_end "all"), in order.
std::vector<std::pair<std::string, double>> summary_metrics(const RunRecord& r);
std::string summary_csv(const RunRecord& r);

// Writes every file into `dir`, each atomically.
void write_run(const std::string& dir, const RunRecord& r, double bucket, double horizon);

// The mean share of [from, to) x `resources` covered by `intervals` ([start, end) each, clipped
// to the window): their total overlap / ((to - from) * resources). 0 for an empty window.
double mean_share(const std::vector<std::pair<double, double>>& intervals, double from, double to,
                  int resources);

// The buckets of utilisation.csv: [b bucket, min(horizon, (b + 1) bucket)) for every b >= 0 with
// b bucket < horizon (one bucket when the horizon is shorter than a bucket).
long bucket_count(double bucket, double horizon);
std::pair<double, double> bucket_bounds(long b, double bucket, double horizon);

// mean_share of every bucket, equal bit for bit (each bucket adds the overlaps in the order of
// `intervals`), in time linear in the intervals and the buckets each covers, not their product.
std::vector<double> bucket_shares(const std::vector<std::pair<double, double>>& intervals,
                                  double bucket, double horizon, int resources);

}  // namespace arsim::kinds::gangmatch
