// The auditor's recomputation of every derived number of a matching run from its raw records:
// the jobs (jobs.csv: start, finish, resources), the batches (batches.csv: times, counts) and the
// providers' reports (offers.csv), with the workload and the scenario's AuditContext. Written
// apart from the writers (summary.cpp, usage.cpp): its own sums and sweeps, so a bug there shows
// as a difference here. Internal to the auditor (audit.hpp lists what it checks).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sim/kinds/matching/output/audit.hpp"
#include "sim/kinds/matching/output/audit_tables.hpp"

namespace arsim::kinds::matching::audit {

// One row of batches.csv.
struct BatchFact {
  std::string where, status;
  double start = 0, end = 0, matcher_time = 0, objective = 0, work = 0;
  int size = 0;
  long iterations = 0, lp_solves = 0, lp_nodes = 0, probes = 0;
};

// One report's offer of one resource attribute (offers.csv), in file (measurement) order.
struct OfferFact {
  double time = 0;
  int batch = -1;  // the first batch that saw it; -1: none
  double offered = 0;
  std::string where;  // offers.csv:line
};

struct Run {
  const workloads::matching::OnlineWorkload& w;
  std::vector<JobFact> jobs;
  std::vector<BatchFact> batches;
  std::vector<std::vector<std::vector<OfferFact>>> offers;  // [resource][attribute]
  AuditContext context;
};

// A completed job holding u of one resource attribute over [start, finish), matched by `batch`.
struct Hold {
  double start, finish, u;
  int batch;
};
using Holds = std::vector<std::vector<std::vector<Hold>>>;  // [resource][attribute]
Holds holds(const Run& run);
double held_at(const std::vector<Hold>& hs, double t);
double held_over(const std::vector<Hold>& hs, double a, double b);  // integral over [a, b)
// The offer of the latest report measured at or before t (0 before the first), and its integral.
double offer_at(const std::vector<OfferFact>& os, double t);
double offer_over(const std::vector<OfferFact>& os, double a, double b);
// The instants in (a, b) where the held usage or the offer changes, with a and b: sorted.
std::vector<double> cuts(const std::vector<Hold>& hs, const std::vector<OfferFact>& os, double a,
                         double b);

std::vector<BatchFact> read_batches(const metrics::CsvTable& t, std::vector<std::string>& out);
// Also checks every row names a known resource attribute and offers within [0, N].
std::vector<std::vector<std::vector<OfferFact>>> read_offers(const metrics::CsvTable& t,
                                                             const model::matching::Instance& inst,
                                                             std::vector<std::string>& out);

// Each batch's objective from the jobs it matched, its matcher time from its counts (cost model),
// and its deadline status (missed exactly when that time passes the deadline, then charged it).
void batch_numbers(const Run& run, std::vector<std::string>& out);
// For each batch and resource attribute: what the jobs running at its start held plus what it
// matched there is within the offer of the latest report it saw.
void admissions(const Run& run, std::vector<std::string>& out);
// Every metric of summary.csv recomputed; returns its simulated_end (checked to follow every
// recorded instant) for the buckets, or nothing when it is missing.
std::optional<double> summary_numbers(const metrics::CsvTable& t, const Run& run,
                                      std::vector<std::string>& out);
// Every row of resources.csv recomputed over the buckets of [0, end).
void resource_buckets(const metrics::CsvTable& t, const Run& run, double end,
                      std::vector<std::string>& out);

}  // namespace arsim::kinds::matching::audit
