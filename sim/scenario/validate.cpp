#include "sim/scenario/validate.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sim/scenario/schema.hpp"
#include "sim/scenario/values.hpp"

namespace arsim::scenario {

namespace {

std::string first_segment(const std::string& key) {
  return key.substr(0, key.find('.'));
}

// The names declared for a repeatable element whose keys must name one of them (<user>,
// <coordinator>), or nullptr for other elements (a <site> names a site of the platform).
const std::vector<std::string>* declared_names(const Settings& s, const std::string& element) {
  if (element == "user") return &s.users();
  if (element == "coordinator") return &s.coordinators();
  return nullptr;
}

// The element a key lives in: "scenario", "workload", "user.UserA", "coordinator.g2".
std::string section_of(const std::string& key) {
  const std::string first = first_segment(key);
  if (first == "user" || first == "coordinator") {
    const auto dot = key.find('.', first.size() + 1);
    return key.substr(0, dot);
  }
  return first;
}

// The concrete keys of a schema entry: the pattern itself, or one per declared name for
// user.*.x and coordinator.*.x. Other wildcards (grc.param.*, coordinator.*.param.*) have no fixed
// instances: they exist only when written.
std::vector<std::string> instances(const KeySpec& spec, const Settings& s) {
  const std::string first = first_segment(spec.name);
  const std::string prefix = first + ".*.";
  const auto* names = declared_names(s, first);
  if (names && spec.name.compare(0, prefix.size(), prefix) == 0 &&
      spec.name.find('*', prefix.size()) == std::string::npos) {
    std::vector<std::string> out;
    for (const auto& n : *names)
      out.push_back(first + "." + n + spec.name.substr(prefix.size() - 1));
    return out;
  }
  if (spec.name.find('*') != std::string::npos) return {};
  return {spec.name};
}

// Where a default for `key` is recorded: its element when present, else the root element.
Location default_location(const Settings& s, const std::string& key) {
  auto [element, attribute] = s.schema().element_and_attribute(key);
  Location where;
  if (const Location* sec = s.section(section_of(key)))
    where = *sec;
  else if (const Location* root = s.section("scenario"))
    where = *root;
  where.element = element;
  where.attribute = attribute;
  return where;
}

[[noreturn]] void missing(const Settings& s, const std::string& key, const KeySpec& spec) {
  auto [element, attribute] = s.schema().element_and_attribute(key);
  std::string why;
  if (!spec.required_if.empty())
    why = fmt::format(" (required when {})", spec.required_if);
  else if (!spec.only_if.empty())
    why = fmt::format(" (required when {})", spec.only_if);
  if (const Location* sec = s.section(section_of(key)))
    throw InputError(fmt::format("{}missing required attribute '{}' on <{}>{}",
                                 location_prefix(*sec), attribute, element, why));
  const Location* root = s.section("scenario");
  throw InputError(fmt::format("{}missing required element <{}> with attribute '{}'{}",
                               root ? location_prefix(*root) : "", element, attribute, why));
}

std::pair<std::string, std::vector<std::string>> parse_condition(const std::string& condition) {
  const auto eq = condition.find('=');
  std::vector<std::string> values;
  std::string rest = condition.substr(eq + 1);
  for (size_t bar; (bar = rest.find('|')) != std::string::npos; rest = rest.substr(bar + 1))
    values.push_back(rest.substr(0, bar));
  values.push_back(rest);
  return {condition.substr(0, eq), values};
}

}  // namespace

bool condition_holds(const Settings& s, const std::string& condition) {
  auto [key, values] = parse_condition(condition);
  std::string value;
  if (s.has(key))
    value = s.at(key).value;
  else if (const KeySpec* spec = s.schema().find(key))
    value = spec->fallback;
  return std::find(values.begin(), values.end(), value) != values.end();
}

const KeySpec& known_key(const Settings& s, const std::string& key, const Location& where) {
  const KeySpec* spec = s.schema().find(key);
  if (!spec) {
    std::vector<std::string> valid;
    for (const auto& e : s.schema().keys())
      if (first_segment(e.name) == first_segment(key)) valid.push_back(e.name);
    if (valid.empty())
      for (const auto& e : s.schema().keys()) valid.push_back(e.name);
    throw InputError(fmt::format("{}unknown key '{}'; valid: {}", location_prefix(where),
                                 printable(key), fmt::join(valid, ", ")));
  }
  const std::string first = first_segment(key);
  if (const auto* names = declared_names(s, first)) {
    const std::string section = section_of(key);
    const std::string name = section.substr(first.size() + 1);
    if (std::find(names->begin(), names->end(), name) == names->end())
      throw InputError(
          fmt::format("{}unknown {} '{}' in key '{}'; valid: {}", location_prefix(where), first,
                      printable(name), printable(key),
                      names->empty() ? "none" : fmt::format("{}", fmt::join(*names, ", "))));
  }
  return *spec;
}

std::string current_key(Settings& s, const std::string& key, const Location& where) {
  if (s.schema().find(key)) return key;
  const auto now = s.schema().renamed(key);
  if (!now) return key;
  s.add_note(fmt::format("{}note: key '{}' is read as '{}' (its old spelling)",
                         location_prefix(where), printable(key), *now));
  return *now;
}

void complete(Settings& s) {
  std::vector<std::string> defaults;
  for (const auto& [key, setting] : s.all())
    if (setting.is_default) defaults.push_back(key);
  for (const auto& key : defaults) s.erase(key);

  for (const auto& [key, setting] : s.all()) {
    const KeySpec& spec = known_key(s, key, setting.where);
    if (!spec.only_if.empty() && !condition_holds(s, spec.only_if)) {
      const std::string cond_key = parse_condition(spec.only_if).first;
      const std::string actual =
          s.has(cond_key) ? s.at(cond_key).value : s.schema().find(cond_key)->fallback;
      throw InputError(fmt::format("{}{} applies only when {}, but {} is '{}'",
                                   location_prefix(setting.where), describe(setting.where),
                                   spec.only_if, cond_key, printable(actual)));
    }
  }
  for (const auto& spec : s.schema().keys()) {
    if (!spec.only_if.empty() && !condition_holds(s, spec.only_if)) continue;
    const bool required =
        spec.required || (!spec.required_if.empty() && condition_holds(s, spec.required_if));
    for (const auto& key : instances(spec, s)) {
      if (s.has(key)) continue;
      if (required) missing(s, key, spec);
      if (!spec.fallback.empty()) s.set(key, spec.fallback, default_location(s, key), true);
    }
  }
  s.schema().check_rules(s);
}

}  // namespace arsim::scenario
