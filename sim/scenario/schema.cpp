#include "sim/scenario/schema.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sim/scenario/config.hpp"
#include "sim/scenario/values.hpp"

namespace arsim::scenario {

namespace {
using T = ValueType;
}  // namespace

bool pattern_matches(std::string_view pattern, std::string_view key) {
  size_t p = 0, k = 0;
  while (p < pattern.size()) {
    if (pattern[p] == '*') {
      const size_t start = k;
      while (k < key.size() && key[k] != '.') ++k;
      if (k == start) return false;
      ++p;
    } else {
      if (k >= key.size() || key[k] != pattern[p]) return false;
      ++p, ++k;
    }
  }
  return k == key.size();
}

std::string check_value(const KeySpec& spec, const std::string& value, const Location& where,
                        const std::string& suffix) {
  auto bad = [&](const std::string& extra = "") {
    throw value_error(where, expected_text(spec) + suffix + extra, value);
  };
  const auto normal = base::normalize(spec, value);
  if (!normal) bad();
  if (spec.type == ValueType::Path && !normal->empty()) {
    const std::string resolved = resolve_path(*normal, where);
    std::error_code ec;
    const auto status = std::filesystem::status(resolved, ec);
    if (ec || !std::filesystem::exists(status))
      bad(fmt::format(" (not found: {})", printable(resolved)));
    if (!std::filesystem::is_regular_file(status))  // a FIFO or a device would hang the reader
      bad(fmt::format(" (not a regular file: {})", printable(resolved)));
  }
  return *normal;
}

std::string key_of(const std::string& pattern, const std::vector<std::string>& names) {
  std::string key;
  std::size_t used = 0;
  for (char c : pattern) {
    if (c != '*') {
      key += c;
      continue;
    }
    if (used == names.size()) throw std::logic_error(pattern + ": more '*' than names");
    key += names[used++];
  }
  if (used != names.size()) throw std::logic_error(pattern + ": fewer '*' than names");
  return key;
}

std::optional<std::vector<std::string>> stars_of(std::string_view pattern, std::string_view key) {
  if (!pattern_matches(pattern, key)) return std::nullopt;
  std::vector<std::string> names;
  size_t k = 0;
  for (size_t p = 0; p < pattern.size(); ++p, ++k) {
    if (pattern[p] != '*') continue;
    const size_t end = std::min(key.find('.', k), key.size());
    names.emplace_back(key.substr(k, end - k));
    k = end - 1;
  }
  return names;
}

Schema::Schema(std::vector<KeySpec> keys, std::vector<ParamGroup> params, Rules rules,
               std::vector<KeyAlias> aliases)
    : keys_(std::move(keys)),
      params_(std::move(params)),
      rules_(std::move(rules)),
      aliases_(std::move(aliases)) {
  for (const auto& a : aliases_)
    if (std::count(a.old.begin(), a.old.end(), '*') !=
        std::count(a.pattern.begin(), a.pattern.end(), '*'))
      throw std::logic_error("alias " + a.old + " -> " + a.pattern + ": different '*' counts");
}

std::optional<std::string> Schema::renamed(const std::string& key) const {
  for (const auto& a : aliases_)
    if (auto names = stars_of(a.old, key)) return key_of(a.pattern, *names);
  return std::nullopt;
}

std::string Schema::first_name(const std::string& key) const {
  for (const auto& a : aliases_)
    if (auto names = stars_of(a.pattern, key)) return key_of(a.old, *names);
  return key;
}

std::vector<std::string> Schema::old_attributes_of(const std::string& element) const {
  std::vector<std::string> out;
  for (const auto& a : aliases_) {
    const auto dot = a.old.rfind('.');
    const std::string owner = a.old.substr(0, dot);
    if (owner == element || owner == element + ".*") out.push_back(a.old.substr(dot + 1));
  }
  return out;
}

const KeySpec* Schema::find(std::string_view key) const {
  for (const auto& spec : keys_)
    if (pattern_matches(spec.name, key)) return &spec;
  return nullptr;
}

std::string Schema::param_prefix_of(const std::string& element) const {
  for (const auto& p : params_)
    if (p.element == element) return p.prefix;
  return "";
}

bool Schema::is_param_group(const std::string& first) const {
  return std::any_of(params_.begin(), params_.end(),
                     [&](const ParamGroup& p) { return p.prefix == first + "."; });
}

std::vector<std::string> Schema::root_elements() const {
  std::vector<std::string> out{"description"};
  for (const auto& spec : keys_) {
    const std::string first = spec.name.substr(0, spec.name.find('.'));
    if (first == "scenario" || is_param_group(first)) continue;
    if (std::find(out.begin(), out.end(), first) == out.end()) out.push_back(first);
  }
  out.push_back("sweep");
  return out;
}

std::vector<std::string> Schema::attributes_of(const std::string& element) const {
  std::vector<std::string> out;
  const std::string prefix = element + ".";
  for (const auto& spec : keys_) {
    if (spec.name.compare(0, prefix.size(), prefix) != 0) continue;
    std::string rest = spec.name.substr(prefix.size());
    if (rest.compare(0, 2, "*.") == 0) {  // repeatable element keyed by its name
      if (out.empty()) out.push_back("name");
      rest = rest.substr(2);
    }
    if (rest.find('*') != std::string::npos) continue;  // <param> children ("*.param.*")
    out.push_back(rest);
  }
  return out;
}

std::pair<std::string, std::string> Schema::element_and_attribute(const std::string& key) const {
  const std::string first = key.substr(0, key.find('.'));
  if (is_param_group(first)) return {"param", "value"};
  const KeySpec* spec = find(key);
  const std::string param_tail = ".param.*";
  if (spec && spec->name.size() > param_tail.size() &&
      spec->name.compare(spec->name.size() - param_tail.size(), param_tail.size(), param_tail) == 0)
    return {"param", "value"};
  return {first, key.substr(key.rfind('.') + 1)};
}

// clang-format off
std::vector<KeySpec> scenario_keys(const std::vector<std::string>& kinds,
                                   const std::string& default_kind) {
  return {
      key("scenario.name", T::String).need().about("name of the experiment"),
      key("scenario.kind", T::String).def(default_kind).one_of(kinds)
          .about("the run kind: what one run is and writes (see `arsim list`); not overridable with `--set`"),
      base::field("scenario.runs", &ScenarioConfig::runs).at_least(1).at_most(1e5)
          .about("runs per sweep point; at most 100,000 runs per scenario in all (points × runs)"),
      base::field("scenario.seed", &ScenarioConfig::seed).about("base seed; run r uses seed + r"),
  };
}
// clang-format on

const Schema* SchemaSet::find(const std::string& name, std::string* kind) const {
  const auto alias = aliases.find(name);
  const std::string resolved = alias == aliases.end() ? name : alias->second;
  const auto it = kinds.find(resolved);
  if (it == kinds.end()) return nullptr;
  if (kind) *kind = resolved;
  return it->second.get();
}

std::vector<std::string> SchemaSet::names() const {
  std::vector<std::string> out;
  for (const auto& [name, schema] : kinds) out.push_back(name);
  return out;
}

}  // namespace arsim::scenario
