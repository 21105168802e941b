// Registers every built-in algorithm; the one place that knows them all.
#pragma once

#include "schedulers/gang_matcher.hpp"
#include "schedulers/interval_scheduler.hpp"
#include "schedulers/planner.hpp"
#include "schedulers/resource_matcher.hpp"

namespace arsim::schedulers {

struct Registries {
  PlannerRegistry planners{"planner"};
  IntervalRegistry intervals{"interval scheduler"};
  MatcherRegistry matchers{"resource matcher"};
  GangMatcherRegistry gang_matchers{"gang matcher"};
};

void register_builtins(Registries& r);

}  // namespace arsim::schedulers
