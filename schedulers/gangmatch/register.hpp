// Registration of the gang matchers of this folder: naive, indexed, dynamic, clustered, exact.
#pragma once

#include "schedulers/gang_matcher.hpp"

namespace arsim::schedulers::gangmatch {

void register_matchers(GangMatcherRegistry& registry);

}  // namespace arsim::schedulers::gangmatch
