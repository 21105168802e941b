// One run of a scenario in this process, through its run kind: the kind writes its files, the
// engine reports the audit and writes run.json last, so its presence marks a completed run.
#pragma once

#include <ostream>
#include <string>

#include "sim/engine/catalog.hpp"
#include "sim/scenario/scenario.hpp"

namespace arsim::engine {

// Checks that the kind of `settings` honours what `options` ask; throws scenario::InputError
// naming the kind and the option otherwise.
void check_options(const Catalog& catalog, const scenario::Settings& settings,
                   const RunOptions& options);

// Runs `spec` into `dir` (created). Returns 0 on success, 1 when the audit found violations.
// Throws scenario::InputError (bad input) or std::runtime_error (a failure inside the run).
int run_one(const Catalog& catalog, const scenario::RunSpec& spec, const std::string& dir,
            const RunOptions& options, std::ostream& report);

// True when `dir` holds a completed run (its run.json exists) made from the same settings as
// `spec` (the same scenario_hash: scenario values, overrides and seed). Throws InputError when
// it holds a completed run made from other settings: resuming would mix old results with new.
bool run_complete(const std::string& dir, const scenario::RunSpec& spec);

}  // namespace arsim::engine
