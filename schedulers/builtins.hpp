// Registers every built-in algorithm; the one place that knows them all.
#pragma once

#include "schedulers/planner.hpp"

namespace arsim::schedulers {

struct Registries {
  PlannerRegistry planners{"planner"};
};

void register_builtins(Registries& r);

}  // namespace arsim::schedulers
