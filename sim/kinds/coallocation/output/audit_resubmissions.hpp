// The auditor's check of resubmissions.csv (output/resubmissions.hpp) against requests.csv and
// the users' resubmission policies (resubmit.hpp).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "sim/kinds/coallocation/output/audit_rows.hpp"
#include "sim/kinds/coallocation/output/writers.hpp"
#include "sim/kinds/coallocation/resubmit.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation::audit {

using ResubmitPolicies = std::map<std::string, ResubmitPolicy>;  // by user; absent: none

// The request ids resubmissions.csv names as attempts (request_id column).
std::set<int> attempt_ids(const metrics::CsvTable& links, std::vector<std::string>& violations);

// Checks every link: the attempt and its original are rows of requests.csv, the original is no
// attempt, the attempts of an original are numbered 1..n in id order with n at most the user's
// attempts; attempt k follows a rejection of attempt k − 1 (the original for k = 1), is submitted
// its decision_time + delay, and has the window and demands resubmitted() gives. Every rejection
// with attempts left is followed by an attempt. Returns the metrics rows the links and requests
// give (resubmission_metrics), which summary.csv must hold. `released`: request id -> released_at
// (releases.csv): such a request counts as rejected at its release.
std::vector<SummaryRow> check_resubmissions(const metrics::CsvTable& req,
                                            const std::vector<RequestRow>& requests,
                                            const metrics::CsvTable& links,
                                            const ResubmitPolicies& policies,
                                            std::vector<std::string>& violations,
                                            const std::map<int, double>& released = {});

}  // namespace arsim::kinds::coallocation::audit
