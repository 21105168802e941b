// The schema of scenario files: one entry per flat key; each run kind states its table (Schema
// below). The XML reader derives the valid elements and attributes from it, so adding a key is
// adding one entry:
//
//   key pattern "a.b"       <-> attribute b of element <a> (child of <scenario>)
//   "scenario.b"            <-> attribute b of the root <scenario>
//   "a.*.b"                 <-> attribute b of a repeatable element <a name="N">, key a.N.b
//   "grc.param.*"           <-> <grc><param name="N" value="..."/>, key grc.param.N
//
// '*' stands for one name without dots. scenarios/README.md documents every entry.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/declaration.hpp"
#include "sim/scenario/settings.hpp"

namespace arsim::scenario {

// A key's declaration (base/declaration.hpp): its name is the key's pattern. A Path value must
// name an existing file, relative to the scenario file.
using ValueType = base::ValueType;
using KeySpec = base::Declaration;

inline KeySpec key(std::string pattern, ValueType type) {
  return base::declare(std::move(pattern), type);
}

// '*' matches one non-empty segment without dots.
bool pattern_matches(std::string_view pattern, std::string_view key);

using base::expected_text;

// Checks `value` against the spec and returns it normalized (trimmed; list items joined by one
// space). Throws value_error at `where`; `suffix` is appended to the expectation (" for KEY").
std::string check_value(const KeySpec& spec, const std::string& value, const Location& where,
                        const std::string& suffix = "");

// An old spelling of a key, still read with a note ("Old spellings" in scenarios/README.md):
// `pattern` was written `old` before. '*'s stand for one name each, in the same order in both
// ("planner.*" -> "grc.param.*"). A renamed key keeps its old name in the scenario's canonical
// text (so its hash), in sweep folder names and in aggregate.csv's columns: results made before
// the rename resume and compare with those made after.
struct KeyAlias {
  std::string old;
  std::string pattern;
};

// The key of `pattern` with each '*' replaced by the next of `names` ("user.*.x", {"A"} ->
// "user.A.x"); std::logic_error when the counts differ.
std::string key_of(const std::string& pattern, const std::vector<std::string>& names);

// The names of the '*'s of `pattern` in `key` ("user.*.x", "user.A.x" -> {"A"}); nullopt when the
// key does not match.
std::optional<std::vector<std::string>> stars_of(std::string_view pattern, std::string_view key);

// Algorithm parameters written as <param name= value=> children of an element: under <grc> they
// are planner parameters (keys "grc.param.<name>"), under <offline> experiment parameters.
struct ParamGroup {
  std::string element;  // "grc"
  std::string prefix;   // "grc.param." (the schema has a "grc.param.*" entry for them)
};

// The keys of one run kind: the scenario.* keys every scenario has, then the kind's own, in
// documentation order, and its <param> groups. The XML reader derives the valid elements and
// attributes from it; the run kind (sim/engine/run_kind.hpp) states it.
class Schema {
 public:
  // Rules across keys that no single entry can state; run after defaults are filled, they throw
  // an InputError at a key (Settings::fail).
  using Rules = std::function<void(const Settings&)>;

  Schema(std::vector<KeySpec> keys, std::vector<ParamGroup> params, Rules rules = {},
         std::vector<KeyAlias> aliases = {});

  const std::vector<KeySpec>& keys() const { return keys_; }
  // The entry whose pattern matches `key`, or nullptr.
  const KeySpec* find(std::string_view key) const;
  // The key an old spelling stands for, or nullopt when `key` is no old spelling.
  std::optional<std::string> renamed(const std::string& key) const;
  // The first name of a key: its old spelling where it was renamed, else the key itself.
  std::string first_name(const std::string& key) const;
  // The attributes of an element that are old spellings ("planner" on <grc>).
  std::vector<std::string> old_attributes_of(const std::string& element) const;
  const std::vector<KeyAlias>& aliases() const { return aliases_; }

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
  std::vector<KeyAlias> aliases_;
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
