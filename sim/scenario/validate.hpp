// Whole-scenario validation on top of the per-value checks of the schema: keys that must be
// present, keys that apply only under a condition, defaults, and rules across keys.
#pragma once

#include <string>

#include "sim/scenario/schema.hpp"
#include "sim/scenario/settings.hpp"

namespace arsim::scenario {

// The schema entry of `key`, or an InputError at `where`: an unknown key (listing the valid ones)
// or a user.<Name>.* key of an undeclared user.
const KeySpec& known_key(const Settings& settings, const std::string& key, const Location& where);

// The key `key` stands for: itself, or the key it is an old spelling of (Schema::renamed), with a
// note on the settings naming `where`.
std::string current_key(Settings& settings, const std::string& key, const Location& where);

// Drops earlier defaults, then checks every key applies (only_if), every required key is there
// and the rules across keys hold, and fills the defaults of the keys that apply. Runs again
// after each override and for each sweep point, where a condition (e.g. workload.generator) may
// have changed.
void complete(Settings& settings);

// True when the condition "key=a|b" holds (the key's default counts when it is not set).
bool condition_holds(const Settings& settings, const std::string& condition);

}  // namespace arsim::scenario
