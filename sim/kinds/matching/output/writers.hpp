// The files of an on-line matching run (sim/kinds/matching/README.md lists every column), built
// from the run's record: jobs.csv, batches.csv, offers.csv, resources.csv, summary.csv
// (deterministic) and timings.csv (wall clock). Pure: no SimGrid.
#pragma once

#include <string>
#include <vector>

#include "sim/kinds/matching/output/events.hpp"
#include "sim/metrics/batsim_job.hpp"
#include "workloads/matching/online.hpp"

namespace arsim::kinds::matching {

using workloads::matching::OnlineWorkload;

const std::vector<std::string>& jobs_header();
const std::vector<std::string>& batches_header();
const std::vector<std::string>& resources_header();
const std::vector<std::string>& offers_header();

// What the scenario says about the files: the width of the buckets of resources.csv, and whether
// a deadline is set (summary.csv then counts the batches that missed it).
struct OutputOptions {
  double bucket = 600;
  bool deadline = false;
};

// Batsim's columns of job j (README.md): it requests one resource per dependency for its
// duration; allocated_resources names them, in dependency order; final_state is
// COMPLETED_SUCCESSFULLY, REJECTED (dropped, expired or rejected: `status` says which),
// RUNNING_AT_END, WAITING_AT_END or NOT_SUBMITTED.
metrics::BatsimJob batsim_job(const OnlineWorkload& w, const RunRecord& r, std::size_t j);
std::string jobs_csv(const OnlineWorkload& w, const RunRecord& r);
std::string batches_csv(const RunRecord& r);
// One row per resource, dynamic attribute and time bucket of width `bucket` over [0, end).
// Throws std::length_error beyond kMaxRows plus one bucket (limits.hpp: the run keeps within).
std::string resources_csv(const OnlineWorkload& w, const RunRecord& r, double bucket);
// One row per provider report, resource of its type and dynamic attribute: when it was measured,
// the first batch that saw it (empty: none), the offer.
std::string offers_csv(const OnlineWorkload& w, const RunRecord& r);
std::string timings_csv(const RunRecord& r);

// One value of summary.csv: `resource` is empty for the run as a whole, "type.attribute" for the
// utilisation and offer of one attribute over every resource of its type.
struct Metric {
  std::string name;
  std::string resource;
  double value = 0;
};
std::vector<Metric> summary_metrics(const OnlineWorkload& w, const RunRecord& r,
                                    const OutputOptions& options = {});
std::string summary_csv(const std::vector<Metric>& metrics);

// Writes the six files into `dir`, each atomically.
void write_run(const std::string& dir, const OnlineWorkload& w, const RunRecord& r,
               const OutputOptions& options);

}  // namespace arsim::kinds::matching
