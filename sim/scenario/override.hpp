// Command-line overrides: `--set key=value` changes one setting of a loaded scenario.
#pragma once

#include <string>
#include <vector>

#include "sim/scenario/settings.hpp"

namespace arsim::scenario {

// Applies "key=value" (the first '=' splits) with the checks of the file: the key must be in the
// schema (grc.param.* keys are free; user.<Name>.* needs a declared user), the value must fit the
// key's type and range, and the scenario must stay valid (defaults are recomputed, so
// `--set workload.generator=file` then requires workload.file). A path is relative to the working
// directory. A swept key becomes fixed: its sweep dimension is dropped. Errors start "--set: ".
// On error the settings are left unchanged.
void apply_override(Settings& settings, const std::string& key_equals_value);

// Several overrides, checked one by one but validated together at the end, so their order does
// not matter (`--set workload.file=r.txt --set workload.generator=file` works).
void apply_overrides(Settings& settings, const std::vector<std::string>& key_equals_values);

}  // namespace arsim::scenario
