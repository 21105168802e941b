// Registers the resource matchers "lp", "ea", "hybrid" and "lns" with their parameters.
#pragma once

#include "schedulers/resource_matcher.hpp"

namespace arsim::schedulers::matching {

void register_matchers(MatcherRegistry& registry);

}  // namespace arsim::schedulers::matching
