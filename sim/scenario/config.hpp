// A kind's settings as filled, typed config structs: the scenario keys declared with base::field
// (base/bound.hpp) fill the fields of their struct, so a kind reads no setting by name.
//
//   struct UserConfig { double mean_interarrival = 407.327; };
//   field("user.*.mean_interarrival", &UserConfig::mean_interarrival).above(0).in("s")
//   auto user = scenario::read_config<UserConfig>(settings, {"UserA"});
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/bound.hpp"
#include "sim/scenario/schema.hpp"
#include "sim/scenario/settings.hpp"

namespace arsim::scenario {

// The scenario.* keys every kind has that a run reads (schema.cpp binds them).
struct ScenarioConfig {
  int runs = 1;
  std::uint64_t seed = 1;  // base seed; run r uses seed + r
};

// The names that fill the one '*' of `pattern` in the keys that are set, in key order
// ("site.*.unit_value": the sites whose unit value the scenario overrides).
std::vector<std::string> names_set(const Settings& settings, const std::string& pattern);

// The value of a declaration in `settings`, '*'s taken from `names`: nullopt when absent, a path
// resolved against the file that set it.
std::optional<std::string> lookup(const Settings& settings, const KeySpec& spec,
                                  const std::vector<std::string>& names);

// C filled from the settings' keys bound to C's fields (the scenario's schema states them); a key
// that is absent leaves its field's initializer. `names` fill the '*'s of repeatable elements.
template <class C>
C read_config(const Settings& settings, const std::vector<std::string>& names = {}, C out = {}) {
  return base::fill<C>(
      settings.schema().keys(), [&](const KeySpec& spec) { return lookup(settings, spec, names); },
      std::move(out));
}

}  // namespace arsim::scenario
