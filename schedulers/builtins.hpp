// Registers every built-in algorithm; the one place that knows them all.
#pragma once

#include "schedulers/interval_scheduler.hpp"
#include "schedulers/planner.hpp"

namespace arsim::schedulers {

struct Registries {
  PlannerRegistry planners{"planner"};
  IntervalRegistry intervals{"interval scheduler"};
};

void register_builtins(Registries& r);

}  // namespace arsim::schedulers
