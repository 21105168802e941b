#include "sim/scenario/override.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sim/scenario/schema.hpp"
#include "sim/scenario/sweep.hpp"
#include "sim/scenario/validate.hpp"
#include "sim/scenario/values.hpp"

namespace arsim::scenario {

namespace {

// --set variant=NAME: only that <variant> of the sweep runs (still in its folder variant=NAME).
void keep_variant(Settings& next, const std::string& name) {
  auto& dims = next.sweep();
  auto d = std::find_if(dims.begin(), dims.end(), [](const auto& p) { return p.is_variant(); });
  if (d == dims.end())
    throw InputError(
        "--set: key 'variant' needs a <variant> in the scenario's <sweep>; it has none");
  const auto at = std::find(d->values.begin(), d->values.end(), name);
  if (at == d->values.end())
    throw InputError(fmt::format("--set: unknown variant '{}'; valid: {}", printable(name),
                                 fmt::join(d->values, ", ")));
  const auto i = at - d->values.begin();
  d->values = {d->values[i]};
  d->sets = {d->sets[i]};
}

// Sets one key=value on `next` after checking the key and the value alone.
void set_one(Settings& next, const std::string& key_equals_value) {
  const auto eq = key_equals_value.find('=');
  const std::string written = eq == std::string::npos ? "" : trim(key_equals_value.substr(0, eq));
  if (written.empty())
    throw InputError(
        fmt::format("--set: expected KEY=VALUE, got '{}'", printable(key_equals_value)));
  if (written == kVariantKey) return keep_variant(next, trim(key_equals_value.substr(eq + 1)));
  const Location where{"--set", 0, "", written};
  const std::string key = current_key(next, written, where);
  if (key == "scenario.kind")
    throw InputError(
        "--set: key 'scenario.kind' cannot be overridden (each run kind has keys of "
        "its own); write kind=\"...\" in the scenario file");
  const KeySpec& spec = known_key(next, key, where);
  next.set(key, check_value(spec, key_equals_value.substr(eq + 1), where), where);
  auto& dims = next.sweep();
  dims.erase(std::remove_if(dims.begin(), dims.end(), [&](const auto& d) { return d.key == key; }),
             dims.end());
  for (auto& d : dims)  // the override wins over what a variant sets
    for (auto& sets : d.sets)
      sets.erase(
          std::remove_if(sets.begin(), sets.end(), [&](const auto& v) { return v.key == key; }),
          sets.end());
}

}  // namespace

void apply_overrides(Settings& settings, const std::vector<std::string>& key_equals_values) {
  // Work on a copy so a failed override leaves the settings as they were.
  Settings next = settings;
  for (const auto& kv : key_equals_values) set_one(next, kv);
  complete(next);
  check_sweep_points(next);
  settings = std::move(next);
}

void apply_override(Settings& settings, const std::string& key_equals_value) {
  apply_overrides(settings, {key_equals_value});
}

}  // namespace arsim::scenario
