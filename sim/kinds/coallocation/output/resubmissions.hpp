// resubmissions.csv and the resubmission metrics of summary.csv (docs/reference/outputs.md), only
// when some user has a resubmission policy (resubmit.hpp); the auditor recomputes both from
// requests.csv and resubmissions.csv with the same definitions.
#pragma once

#include <string>
#include <vector>

#include "sim/kinds/coallocation/output/records.hpp"
#include "sim/kinds/coallocation/output/writers.hpp"

namespace arsim::kinds::coallocation {

// request_id,original_id,attempt: one row per attempt, in request id order.
std::string resubmissions_csv(const RunRecord& rec);

// What the metrics need of one request (a row of requests.csv).
struct Decided {
  int id = -1;
  std::string user;
  double submit = 0;
  double decision_time = 0;
  bool accepted = false;
};

// Per user (sorted by name) and "all", bucket_end "all", over the originals (the requests no link
// names as an attempt):
//   eventual_acceptance     originals with the original or some attempt accepted / originals;
//   attempts_per_request    mean of 1 + the attempts made, per original;
//   delay_until_acceptance  mean over eventually accepted originals of the accepted request's
//                           decision time − the original's submit time (empty when none).
// Links naming unknown requests are skipped (the auditor reports them).
std::vector<SummaryRow> resubmission_metrics(const std::vector<Decided>& requests,
                                             const std::vector<ResubmissionRecord>& links);

}  // namespace arsim::kinds::coallocation
