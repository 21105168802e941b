// One simulation run in this process: one SimGrid engine, the platform, the actors, the metrics.
// A process runs at most one (SimGrid allows one engine per process); the runner forks for more.
#pragma once

#include <ostream>
#include <string>

#include "sim/engine/catalog.hpp"
#include "sim/scenario/scenario.hpp"

namespace arsim::engine {

struct RunOptions {
  bool audit = false;    // re-read the written run and check it (metrics::audit_run)
  bool verbose = false;  // arsim log categories at info level instead of warning
};

// Runs `spec` and writes its files into `dir` (created; files renamed into place when complete,
// run.json last). Returns 0 on success, 1 when the audit found violations. Throws
// scenario::InputError (bad input) or std::runtime_error (a failure inside the run).
int run_one(const Catalog& reg, const scenario::RunSpec& spec,
            const std::string& dir, const RunOptions& options, std::ostream& report);

// True when `dir` holds a completed run (its run.json exists).
bool run_complete(const std::string& dir);

}  // namespace arsim::engine
