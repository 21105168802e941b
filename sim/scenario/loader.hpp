// Reading a scenario XML file (format: scenarios/README.md) into validated Settings.
#pragma once

#include <cstdint>
#include <string>

#include "sim/scenario/schema.hpp"
#include "sim/scenario/settings.hpp"

namespace arsim::scenario {

// Scenario files are small; anything larger is not one.
inline constexpr std::uintmax_t kMaxScenarioBytes = std::uintmax_t{16} << 20;

// Parses `path`, checks every element, attribute and value against the schema of its run kind
// (kind="..." of the root, found in `schemas`), fills defaults,
// and checks every sweep point. Throws InputError with a one-line "FILE:LINE: ..." message for a
// missing or unreadable file, malformed XML, an unknown element or attribute, a bad value, a
// missing required attribute, a duplicate, or an invalid sweep. Planner names and grc.param.*
// values are not checked here (the scheduler registry does; see Settings::fail).
Settings load_scenario(const std::string& path, const SchemaSet& schemas);

// The same from text already in memory; `file` names it in messages and anchors relative paths.
Settings parse_scenario(const std::string& file, const std::string& text, const SchemaSet& schemas);

}  // namespace arsim::scenario
