// The auditor's checks of batches.csv and resources.csv that need no recomputation (audit.hpp
// lists them), given what jobs.csv said about each job. Internal to the auditor.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/matching/instance.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::matching::audit {

// What jobs.csv says of one job (start, finish and resources only for a completed job whose
// row is complete and whose resources exist).
struct JobFact {
  std::string where;
  std::string status;
  std::optional<int> batch;
  std::optional<double> match;
  std::optional<double> submit, start, finish;
  int attempts = 0;
  std::vector<int> resources;  // instance indices, dependency order
};

inline constexpr double kTol = 1e-9;

// Equal within kTol relative to max(1, |a|, |b|).
bool close(double a, double b);
// The number in row i, column `name`, or a violation and nothing.
std::optional<double> value(const metrics::CsvTable& t, std::size_t i, const char* name,
                            std::vector<std::string>& out);

void batches(const metrics::CsvTable& t, const std::vector<JobFact>& jobs,
             std::vector<std::string>& out);
void resources(const metrics::CsvTable& t, const model::matching::Instance& inst,
               std::vector<std::string>& out);

}  // namespace arsim::kinds::matching::audit
