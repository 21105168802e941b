// The auditor's checks of batches.csv, resources.csv and summary.csv (audit.hpp lists them),
// given what jobs.csv said about each job. Internal to the auditor.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/matching/instance.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::matching::audit {

// What jobs.csv says of one job.
struct JobFact {
  std::string where;
  std::string status;
  std::optional<int> batch;
  std::optional<double> match;
};

void batches(const metrics::CsvTable& t, const std::vector<JobFact>& jobs,
             std::vector<std::string>& out);
void resources(const metrics::CsvTable& t, const model::matching::Instance& inst,
               std::vector<std::string>& out);
void summary(const metrics::CsvTable& t, const std::vector<JobFact>& jobs,
             std::vector<std::string>& out);

}  // namespace arsim::kinds::matching::audit
