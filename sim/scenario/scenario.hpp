// The scenario API in one include: load_scenario, apply_override, expand, Settings, InputError.
// Typical use (sim/main.cpp):
//   auto settings = scenario::load_scenario(path);
//   for (const auto& kv : overrides) scenario::apply_override(settings, kv);
//   for (const auto& run : scenario::expand(settings)) ...  // then check planner names per run
#pragma once

#include "sim/scenario/loader.hpp"
#include "sim/scenario/override.hpp"
#include "sim/scenario/schema.hpp"
#include "sim/scenario/settings.hpp"
#include "sim/scenario/sweep.hpp"
#include "sim/scenario/validate.hpp"
