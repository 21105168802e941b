// The OfflineExperiment family: algorithm evaluations on generated instances, without a
// simulation (scenario kind="offline", sim/kinds/offline/), e.g. CTAAP Figs. 2-3. An experiment
// draws its instances from the seed and run index, runs the algorithms it compares, and returns a
// table that the engine writes as results.csv of the run.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "schedulers/registry.hpp"

namespace arsim::experiments {

struct ResultTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;  // each as wide as the header
};

class OfflineExperiment {
 public:
  virtual ~OfflineExperiment() = default;
  // Must be deterministic in (seed, run_index), except for columns whose names end in "_seconds"
  // (wall-clock timings), which the engine writes to timings.csv instead of results.csv.
  virtual ResultTable run(std::uint64_t seed, int run_index) = 0;
};

using ExperimentRegistry = schedulers::Registry<OfflineExperiment>;

}  // namespace arsim::experiments
