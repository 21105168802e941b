// Runs every run of a scenario (its sweep points × its runs), one process per run, J at a time,
// skipping runs already complete in the output folder, with a progress line on a terminal.
#pragma once

#include <ostream>
#include <string>

#include "sim/engine/run_one.hpp"

namespace arsim::engine {

struct BatchOptions {
  int jobs = 1;
  RunOptions run;
};

// Returns the process exit status: 0 all runs fine, 1 some audit failed or a run crashed,
// 2 bad input (found before any run starts).
int run_scenario(const Catalog& catalog, const scenario::Settings& settings, const std::string& out,
                 const BatchOptions& options, std::ostream& report);

}  // namespace arsim::engine
