// The schema of scenario files: one entry per flat key; each run kind states its table (Schema
// below). The XML reader derives the valid elements and attributes from it, so adding a key is
// adding one entry:
//
//   key pattern "a.b"       <-> attribute b of element <a> (child of <scenario>)
//   "scenario.b"            <-> attribute b of the root <scenario>
//   "a.*.b"                 <-> attribute b of a repeatable element <a name="N">, key a.N.b
//   "planner.*"             <-> <grc><param name="N" value="..."/>, key planner.N
//
// '*' stands for one name without dots. scenarios/README.md documents every entry.
#pragma once

#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/scenario/settings.hpp"

namespace arsim::scenario {

// Path: a file that must exist, relative to the scenario file. Lists: items separated by
// whitespace and/or commas, at least one, each checked against the range.
enum class ValueType { Int, UInt64, Double, Bool, String, Path, Doubles, Ints };

struct KeySpec {
  static constexpr double kInf = std::numeric_limits<double>::infinity();

  std::string pattern;
  ValueType type = ValueType::String;
  std::string fallback;     // default value; empty = no default
  bool required = false;    // must be given (where it applies)
  std::string required_if;  // "key=a|b": required only when key has one of the values
  std::string only_if;      // "key=a|b": applies only then; elsewhere no default, error if given
  double min = -kInf;       // numbers and list items: allowed range
  double max = kInf;
  bool min_open = false;  // min itself excluded
  bool max_open = false;
  std::vector<std::string> choices;  // strings: allowed values (empty = any non-empty text)
  std::string doc;

  // Builders, so a table entry stays one readable statement.
  // clang-format off
  KeySpec def(std::string v) && { fallback = std::move(v); return std::move(*this); }
  KeySpec need() && { required = true; return std::move(*this); }
  KeySpec need_if(std::string cond) && { required_if = std::move(cond); return std::move(*this); }
  KeySpec only(std::string cond) && { only_if = std::move(cond); return std::move(*this); }
  KeySpec at_least(double v) && { min = v; return std::move(*this); }
  KeySpec above(double v) && { min = v; min_open = true; return std::move(*this); }
  KeySpec at_most(double v) && { max = v; return std::move(*this); }
  KeySpec one_of(std::vector<std::string> v) && { choices = std::move(v); return std::move(*this); }
  KeySpec about(std::string text) && { doc = std::move(text); return std::move(*this); }
  // clang-format on
};

inline KeySpec key(std::string pattern, ValueType type) {
  KeySpec s;
  s.pattern = std::move(pattern);
  s.type = type;
  return s;
}

// '*' matches one non-empty segment without dots.
bool pattern_matches(std::string_view pattern, std::string_view key);

// "an integer >= 1", "a list of numbers > 0", "one of time, price, quality", ...
std::string expected_text(const KeySpec& spec);

// Checks `value` against the spec and returns it normalized (trimmed; list items joined by one
// space). Throws value_error at `where`; `suffix` is appended to the expectation (" for KEY").
std::string check_value(const KeySpec& spec, const std::string& value, const Location& where,
                        const std::string& suffix = "");

// Algorithm parameters written as <param name= value=> children of an element: under <grc> they
// are planner parameters (keys "planner.<name>"), under <offline> experiment parameters.
struct ParamGroup {
  std::string element;  // "grc"
  std::string prefix;   // "planner." (the schema has a "planner.*" entry for them)
};

// The keys of one run kind: the scenario.* keys every scenario has, then the kind's own, in
// documentation order, and its <param> groups. The XML reader derives the valid elements and
// attributes from it; the run kind (sim/engine/run_kind.hpp) states it.
class Schema {
 public:
  // Rules across keys that no single entry can state; run after defaults are filled, they throw
  // an InputError at a key (Settings::fail).
  using Rules = std::function<void(const Settings&)>;

  Schema(std::vector<KeySpec> keys, std::vector<ParamGroup> params, Rules rules = {});

  const std::vector<KeySpec>& keys() const { return keys_; }
  // The entry whose pattern matches `key`, or nullptr.
  const KeySpec* find(std::string_view key) const;

  // Elements allowed under <scenario>, in documentation order, and the attributes of each.
  std::vector<std::string> root_elements() const;
  std::vector<std::string> attributes_of(const std::string& element) const;
  // Element and attribute names of a flat key (for locations of defaults and overrides).
  std::pair<std::string, std::string> element_and_attribute(const std::string& key) const;
  // The key prefix of an element's <param>s, "" when it takes none.
  std::string param_prefix_of(const std::string& element) const;
  // True for the first part of a parameter key ("planner"): no element of its own.
  bool is_param_group(const std::string& first) const;
  void check_rules(const Settings& settings) const {
    if (rules_) rules_(settings);
  }

 private:
  std::vector<KeySpec> keys_;
  std::vector<ParamGroup> params_;
  Rules rules_;
};

// The scenario.* keys: name, kind (one of `kinds`, default `default_kind`), runs, seed.
std::vector<KeySpec> scenario_keys(const std::vector<std::string>& kinds,
                                   const std::string& default_kind);

// What the reader needs of the run kinds: the schema of each by name, the kind of a scenario that
// names none, and old names still accepted for a kind.
struct SchemaSet {
  std::string default_kind;
  std::map<std::string, std::shared_ptr<const Schema>> kinds;
  std::map<std::string, std::string> aliases;  // old name -> kind

  // The kind named by `name` (a kind or an alias), or nullptr.
  const Schema* find(const std::string& name, std::string* kind = nullptr) const;
  std::vector<std::string> names() const;  // the kinds, sorted
};

}  // namespace arsim::scenario
