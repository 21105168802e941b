// One run of an offline experiment (scenario kind="offline"): no SimGrid engine; the registered
// experiment draws its instances and compares its algorithms, and the run writes results.csv
// (deterministic columns), timings.csv (the *_seconds columns) and run.json.
#pragma once

#include <ostream>
#include <string>

#include "sim/engine/catalog.hpp"
#include "sim/scenario/scenario.hpp"

namespace arsim::engine {

// Throws scenario::InputError (at the experiment's name) for an unknown experiment or parameter.
void check_offline(const Catalog& reg, const scenario::Settings& s);

int run_offline(const Catalog& reg, const scenario::RunSpec& spec,
                const std::string& dir, std::ostream& report);

}  // namespace arsim::engine
