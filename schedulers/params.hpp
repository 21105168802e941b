// Typed, validated parameters of a registered algorithm.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "base/input_error.hpp"

namespace arsim::schedulers {

// Path: a file or folder; a relative path is resolved by whoever read the value against the file it
// came from (a scenario's paths are relative to the scenario file). Empty means none.
enum class ParamType { Int, Double, Bool, String, Path };

struct ParamSpec {
  std::string name;
  ParamType type = ParamType::String;
  std::string default_value;
  std::string description;
  std::vector<std::string> choices;  // for strings: the allowed values (empty = any)
  double min = -1e300;               // for numbers: the allowed range, inclusive
  double max = 1e300;
};

// Thrown for an unknown algorithm name or parameter key, or a value of the wrong type or range.
// The message lists what would have been valid.
class ParamError : public InputError {
 public:
  using InputError::InputError;
};

// Parameter values after validation against their specs; every spec'd key is present (the default
// fills what was not given).
class Params {
 public:
  Params() = default;
  // Validates `raw` (key -> text) against `specs`; throws ParamError naming `owner` and the key.
  Params(const std::string& owner, const std::vector<ParamSpec>& specs,
         const std::map<std::string, std::string>& raw);

  int get_int(const std::string& key) const;
  double get_double(const std::string& key) const;
  bool get_bool(const std::string& key) const;
  const std::string& get_string(const std::string& key) const;
  const std::map<std::string, std::string>& values() const { return values_; }

 private:
  const std::string& raw(const std::string& key) const;
  std::map<std::string, std::string> values_;
};

std::string to_string(ParamType t);

}  // namespace arsim::schedulers
