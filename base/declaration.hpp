// One declaration per setting: its name, type, default, range or choices, unit and help text. The
// scenario keys of every run kind (sim/scenario/schema.hpp) and the parameters of every registered
// algorithm (schedulers/registry.hpp) are declarations; validation, --set, sweeps, `arsim list`,
// `arsim check` and the key tables of scenarios/README.md are derived from them. A declaration
// bound to the field of a config struct (base/bound.hpp) also fills that field, and takes its
// default from the field's initializer, so no default is written twice.
#pragma once

#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <typeindex>
#include <utility>
#include <vector>

namespace arsim::base {

// Path: a file, relative to the file the value came from. Lists: items separated by whitespace
// and/or commas, at least one, each checked against the range.
enum class ValueType { Int, UInt64, Double, Bool, String, Path, Doubles, Ints };

// What a declaration made by base::field (bound.hpp) fills: one field of one config struct.
struct Binding {
  std::type_index config;                                     // the struct
  std::function<bool(void* config, const std::string&)> set;  // false: the text does not parse
};

struct Declaration {
  static constexpr double kInf = std::numeric_limits<double>::infinity();

  std::string name;  // a flat key; in a scenario schema a pattern where '*' is one name
  ValueType type = ValueType::String;
  std::string fallback;     // default value as text; empty = no default
  bool required = false;    // must be given (where it applies)
  std::string required_if;  // "key=a|b": required only when key has one of the values
  std::string only_if;      // "key=a|b": applies only then; elsewhere no default, error if given
  double min = -kInf;       // numbers and list items: allowed range
  double max = kInf;
  bool min_open = false;  // min itself excluded
  bool max_open = false;
  std::vector<std::string> choices;  // strings: allowed values (empty = any non-empty text)
  bool empty_ok = false;             // strings and paths: "" is a value (none)
  std::string unit;                  // "s", "Gbit/s", "cores"; empty when none
  std::string doc;
  // A bound declaration's default that is not written into the settings (implicit() below): the
  // field's initializer as text, for the documentation; empty when none.
  std::string absent;
  std::shared_ptr<const Binding> binding;  // none: read by name (planner.* groups)

  // Builders, so a declaration stays one readable statement.
  // clang-format off
  Declaration def(std::string v) && {
    if (binding) throw std::logic_error(name + ": a bound declaration takes its field's default");
    fallback = std::move(v); return std::move(*this);
  }
  // Required: no default (a bound field's initializer is then only a placeholder).
  Declaration need() && { required = true; fallback.clear(); return std::move(*this); }
  // The field's initializer is the value when the setting is absent, but no default is written
  // into the settings, so a scenario without it keeps its canonical text and hash (keys added
  // after scenarios were run). Only for a bound declaration with an initializer.
  Declaration implicit() && {
    if (!binding || fallback.empty())
      throw std::logic_error(name + ": implicit needs a bound field with an initializer");
    absent = std::move(fallback); fallback.clear(); return std::move(*this);
  }
  Declaration need_if(std::string cond) && { required_if = std::move(cond); return std::move(*this); }
  Declaration only(std::string cond) && { only_if = std::move(cond); return std::move(*this); }
  Declaration at_least(double v) && { min = v; return std::move(*this); }
  Declaration above(double v) && { min = v; min_open = true; return std::move(*this); }
  Declaration at_most(double v) && { max = v; return std::move(*this); }
  Declaration below(double v) && { max = v; max_open = true; return std::move(*this); }
  Declaration one_of(std::vector<std::string> v) && { choices = std::move(v); return std::move(*this); }
  Declaration may_be_empty() && { empty_ok = true; return std::move(*this); }
  Declaration path() && { type = ValueType::Path; return std::move(*this); }
  Declaration in(std::string u) && { unit = std::move(u); return std::move(*this); }
  Declaration about(std::string text) && { doc = std::move(text); return std::move(*this); }
  // clang-format on
};

inline Declaration declare(std::string name, ValueType type) {
  Declaration d;
  d.name = std::move(name);
  d.type = type;
  return d;
}

std::string to_string(ValueType type);  // "int", "double", "list of doubles", ...

// "an integer >= 1", "a list of numbers > 0", "one of time, price, quality", ...
std::string expected_text(const Declaration& d);

// The value normalized (trimmed; list items joined by one space), or nullopt when it is not of the
// declared type, range or choices. A path is only checked to be non-empty: whether the file exists
// is for the reader that knows what it is relative to.
std::optional<std::string> normalize(const Declaration& d, const std::string& value);

}  // namespace arsim::base
