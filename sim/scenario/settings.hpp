// The settings of one scenario: flat keys ("workload.cpus", "user.UserB.service_level",
// "grc.param.backend") mapped to text values, each with the place it came from, so any consumer can
// reject a value with a one-line error naming the file, line and attribute (scenarios/README.md).
//
// The schema (schema.hpp) says which keys exist; load_scenario (loader.hpp) fills a Settings from a
// file and validates it, apply_override (override.hpp) changes it from the command line and
// expand (sweep.hpp) turns it into one Settings per run.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "base/input_error.hpp"

namespace arsim::scenario {

class Schema;  // schema.hpp

// Where a value came from. For a command-line override, file is "--set", line 0, element empty
// and attribute the flat key.
struct Location {
  std::string file;
  int line = 0;
  std::string element;    // XML element name without brackets ("workload", "user", "param")
  std::string attribute;  // attribute name, or the flat key for "--set"
};

struct Setting {
  std::string value;
  Location where;
  bool is_default = false;  // filled from the schema, not written by the user
};

// One key=value that a <variant> of a <sweep> sets.
struct VariantSetting {
  std::string key;
  std::string value;
  Location where;
};

// The dimension name of a sweep's <variant>s: folders "variant=NAME/", column "variant".
inline constexpr const char* kVariantKey = "variant";

// One dimension of a <sweep>, in file order: a <param> (a key and the values it takes), or all the
// <variant>s together (key kVariantKey, values their names, and per variant the keys it sets).
struct SweepParam {
  std::string key;
  std::vector<std::string> values;
  Location where;
  std::vector<std::vector<VariantSetting>> sets;  // per value; only in the variant dimension
  bool is_variant() const { return key == kVariantKey; }
};

// A bad input (file, XML, value, override): arsim::InputError (base/input_error.hpp). what() is
// a single line starting with "FILE:LINE: " (or "--set: "), fit to print as is before exiting
// with status 2.
using arsim::InputError;

// "FILE:LINE: " (no line when 0) for a location; "--set: " for an override.
std::string location_prefix(const Location& where);
// "<workload> attribute 'cpus'", or "key 'workload.cpus'" for an override.
std::string describe(const Location& where);
// `value` made printable on one line (control characters escaped).
std::string printable(const std::string& value);
// A path value resolved against the folder of the file it came from (relative to the working
// directory for "--set"), lexically normalized.
std::string resolve_path(const std::string& value, const Location& where);
// The one-line error "PREFIX: <el> attribute 'a': expected WHAT, got 'VALUE'".
InputError value_error(const Location& where, const std::string& expected,
                       const std::string& value);

class Settings {
 public:
  // Typed access. A key that is absent is a programming error (std::logic_error): validated
  // settings hold every applicable key. A value that does not parse as asked (e.g. a grc.param.*
  // string read as a number) is an InputError at the value's location.
  bool has(const std::string& key) const { return values_.count(key) != 0; }
  const Setting& at(const std::string& key) const;
  std::string get_string(const std::string& key) const { return at(key).value; }
  double get_double(const std::string& key) const;
  long long get_int(const std::string& key) const;
  std::uint64_t get_uint64(const std::string& key) const;
  bool get_bool(const std::string& key) const;
  std::vector<double> get_doubles(const std::string& key) const;
  std::vector<int> get_ints(const std::string& key) const;
  // The path resolved against the folder of the file that set it (see resolve_path).
  std::string get_path(const std::string& key) const;
  // Keys starting with `prefix`, prefix stripped: with_prefix("planner.") -> {backend: cbc}.
  std::map<std::string, std::string> with_prefix(const std::string& prefix) const;
  const Location& where(const std::string& key) const { return at(key).where; }

  // Throw an InputError at the key's location: "expected WHAT, got 'VALUE'", or a free message.
  // For checks made outside this library (planner names and planner.* keys in the registry).
  [[noreturn]] void fail(const std::string& key, const std::string& expected) const;
  [[noreturn]] void fail_message(const std::string& key, const std::string& message) const;

  // Raw access, no validation (the loader and overrides validate before calling these).
  void set(const std::string& key, std::string value, Location where, bool is_default = false);
  void erase(const std::string& key) { values_.erase(key); }
  const std::map<std::string, Setting>& all() const { return values_; }

  // The schema of the scenario's run kind, which says which keys exist (set by the loader).
  const Schema& schema() const;
  void set_schema(std::shared_ptr<const Schema> schema) { schema_ = std::move(schema); }

  // Structure of the scenario beyond flat keys.
  const std::vector<std::string>& users() const { return users_; }  // file order
  void add_user(const std::string& name) { users_.push_back(name); }
  // Names of the <coordinator name=...> elements, in file order (keys coordinator.NAME.x).
  const std::vector<std::string>& coordinators() const { return coordinators_; }
  void add_coordinator(const std::string& name) { coordinators_.push_back(name); }
  // Where an element is ("workload", "user.UserA", "scenario" for the root): defaults and
  // missing-attribute errors point there.
  void set_section(const std::string& prefix, Location where) { sections_[prefix] = where; }
  const Location* section(const std::string& prefix) const;
  const std::vector<SweepParam>& sweep() const { return sweep_; }
  std::vector<SweepParam>& sweep() { return sweep_; }
  const std::string& source() const { return source_; }  // the scenario file as given
  void set_source(std::string path) { source_ = std::move(path); }
  const std::string& description() const { return description_; }
  void set_description(std::string text) { description_ = std::move(text); }
  // One line per old spelling read ("FILE:LINE: note: ..."), for `arsim check` to print.
  const std::vector<std::string>& notes() const { return notes_; }
  void add_note(std::string line) { notes_.push_back(std::move(line)); }

  // Every key=value in key order, then the user order and the sweep: equal text iff equal
  // experiments (for hashing and run.json). Locations and the description are left out, so
  // moving a line or rewording the description does not change it; a renamed key is written by
  // its first name (Schema::first_name), so a rename does not change it either.
  std::string canonical() const;
  // The key's first name: its old spelling where the schema renamed it (Schema::first_name).
  std::string first_name(const std::string& key) const;

 private:
  std::shared_ptr<const Schema> schema_;
  std::map<std::string, Setting> values_;
  std::vector<std::string> users_;
  std::vector<std::string> coordinators_;
  std::map<std::string, Location> sections_;
  std::vector<SweepParam> sweep_;
  std::string source_;
  std::string description_;
  std::vector<std::string> notes_;
};

}  // namespace arsim::scenario
