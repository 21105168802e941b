// The auditor of on-line matching runs: re-reads the files of a finished run (not the in-memory
// record, so a bug of the actors, the bookkeeping or the writers cannot hide itself) and checks
// them against the run's workload. Each violation is one message naming file and line:
//   - jobs.csv has one row per job of the workload, in order, with its submit time and duration,
//     and a status completed, dropped, expired or rejected;
//   - a completed job has one resource per dependency, each of the dependency's type and meeting
//     its static requirements (r in E(j,t), read here from the static values, not by the model's
//     helpers), started at its match time or later and after its submission, ran exactly its
//     duration (so every started job finished), and its wait is start - submit;
//   - a dropped, expired or rejected job has no start, finish or resources; a dropped one names
//     its last batch; a rejected one names none and really has a dependency none of whose
//     candidates has the capacity its usage needs;
//   - at no instant does the usage of the jobs running on a resource exceed its capacity N(r,a)
//     (a sweep over starts and finishes per resource and attribute; intervals are half-open);
//   - batches.csv numbers its batches 0, 1, ... in time order without overlap (one matcher), each
//     lasting its matcher time; the jobs it matched and dropped are the jobs.csv rows naming it,
//     matched at its end;
//   - a completed job starts at its match (the batch's end), not later;
//   - resources.csv gives every resource attribute its capacity and no bucket a peak above it;
//   - every number written is recomputed from the raw records (jobs.csv, batches.csv, offers.csv
//     and the workload) by code of its own (audit_derived.hpp): summary.csv's every metric,
//     resources.csv's buckets and their used, peak, offered and over_offer, each batch's
//     objective, matcher time (from its counts and the cost model) and deadline status, and the
//     usage each batch admitted against the offer the matcher had then (offers.csv names the
//     first batch that saw each report).
#pragma once

#include <string>
#include <vector>

#include "model/matching/matching.hpp"
#include "sim/kinds/matching/cost.hpp"
#include "sim/kinds/matching/deadline.hpp"
#include "workloads/matching/online.hpp"

namespace arsim::kinds::matching {

// What the scenario said that the auditor needs to recompute the files.
struct AuditContext {
  double bucket = 600;             // output.bucket
  CostModel cost;                  // the matcher time of a batch from its counts (not if measured)
  Deadline deadline;               // matcher.deadline, matcher.on_deadline
  model::matching::Policy policy;  // matcher.objective, matcher.balance_weight
};

// The violations found in run directory `dir` (empty: the run passes). A file that cannot be read
// or parsed is a violation.
std::vector<std::string> audit_run(const std::string& dir,
                                   const workloads::matching::OnlineWorkload& w,
                                   const AuditContext& context);

}  // namespace arsim::kinds::matching
