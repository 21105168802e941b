// A simulation run of an interval-scheduling workload (SCS): the synthetic generator of §6.1.1 or
// an SWF trace, an IntervalRm over the first M compute sites of the platform, and the outputs
// jobs.csv (one row per task, as it ran), summary.csv (D of eq. 23 and the load metrics of §5)
// and run.json.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "sim/engine/catalog.hpp"
#include "schedulers/interval_scheduler.hpp"
#include "sim/scenario/scenario.hpp"

namespace arsim::engine {

bool is_interval_workload(const scenario::Settings& s);

// The tasks of one run, in the order the RM numbers them (requested starts from 0 for traces).
std::vector<schedulers::IntervalTask> make_interval_tasks(const scenario::Settings& s,
                                                          std::uint64_t seed, int run_index);

// Throws scenario::InputError for an unknown scheduler or parameter, or bad workload settings.
void check_interval(const Catalog& reg, const scenario::Settings& s);

int run_interval(const Catalog& reg, const scenario::RunSpec& spec,
                 const std::string& dir, std::ostream& report);

}  // namespace arsim::engine
