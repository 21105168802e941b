// Runs every run of a scenario (its sweep points × its runs), one process per run, J at a time,
// skipping runs already complete in the output folder, with a progress line on a terminal.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "sim/engine/run_one.hpp"

namespace arsim::engine {

struct BatchOptions {
  int jobs = 1;
  RunOptions run;
};

// Which runs run_scenario makes, and for whom.
struct RunSelection {
  // Only these runs (indices in scenario::expand order; all when empty), `jobs` at a time;
  // sweep.csv and aggregate.csv are then left to arsim collect.
  std::vector<std::size_t> only;
  // The Slurm array task running them ("JOB_TASK"), recorded in each run's folder (run_state.hpp).
  std::string task;
};

// Every run's options and its kind's check (algorithms, workload, platform): bad input stops
// everything before anything runs, locally or on Slurm. Throws InputError.
void check_runs(const Catalog& catalog, const std::vector<scenario::RunSpec>& specs,
                const RunOptions& options);

// Returns the process exit status: 0 all runs fine, 1 some audit failed or a run crashed,
// 2 bad input (found before any run starts). Throws InputError when an index of `selection.only`
// is not a run of the scenario.
int run_scenario(const Catalog& catalog, const scenario::Settings& settings, const std::string& out,
                 const BatchOptions& options, std::ostream& report,
                 const RunSelection& selection = {});

}  // namespace arsim::engine
