#include "schedulers/params.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/numbers.hpp"

namespace arsim::schedulers {

namespace {

bool parse_double(const std::string& s, double& out) {
  const auto v = base::parse_double(s);
  if (v) out = *v;
  return v.has_value();
}

bool parse_bool(const std::string& s, bool& out) {
  const auto v = base::parse_bool(s);
  if (v) out = *v;
  return v.has_value();
}

void check_value(const std::string& owner, const ParamSpec& spec, const std::string& value) {
  auto fail = [&](const std::string& expected) {
    throw ParamError(
        fmt::format("{}: parameter '{}' = '{}': expected {}", owner, spec.name, value, expected));
  };
  double num = 0;
  bool flag = false;
  switch (spec.type) {
    case ParamType::Int:
      // Range-checked here so get_int's conversion cannot overflow.
      if (!parse_double(value, num) || num != std::floor(num) ||
          num < std::numeric_limits<int>::min() || num > std::numeric_limits<int>::max())
        fail("an integer");
      break;
    case ParamType::Double:
      if (!parse_double(value, num)) fail("a number");
      break;
    case ParamType::Bool:
      if (!parse_bool(value, flag)) fail("true or false");
      return;
    case ParamType::Path:
      return;
    case ParamType::String:
      if (!spec.choices.empty() &&
          std::find(spec.choices.begin(), spec.choices.end(), value) == spec.choices.end())
        fail(fmt::format("one of {}", fmt::join(spec.choices, ", ")));
      return;
  }
  if (num < spec.min || num > spec.max)
    fail(fmt::format("a value in [{}, {}]", spec.min, spec.max));
}

}  // namespace

std::string to_string(ParamType t) {
  switch (t) {
    case ParamType::Int:
      return "int";
    case ParamType::Double:
      return "double";
    case ParamType::Bool:
      return "bool";
    case ParamType::String:
      return "string";
    case ParamType::Path:
      return "path";
  }
  return "?";
}

Params::Params(const std::string& owner, const std::vector<ParamSpec>& specs,
               const std::map<std::string, std::string>& raw) {
  for (const auto& [key, value] : raw) {
    auto it = std::find_if(specs.begin(), specs.end(),
                           [&name = key](const auto& s) { return s.name == name; });
    if (it == specs.end()) {
      std::vector<std::string> names;
      for (const auto& s : specs) names.push_back(s.name);
      throw ParamError(
          fmt::format("{}: unknown parameter '{}'; valid: {}", owner, key,
                      names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "))));
    }
  }
  for (const auto& spec : specs) {
    auto it = raw.find(spec.name);
    const std::string value = it == raw.end() ? spec.default_value : it->second;
    check_value(owner, spec, value);
    values_[spec.name] = value;
  }
}

const std::string& Params::raw(const std::string& key) const {
  auto it = values_.find(key);
  if (it == values_.end()) throw ParamError("no parameter '" + key + "'");
  return it->second;
}

// Parsed the way check_value accepted them: std::stoi would read "1e3" as 1, and std::stod
// depends on the C locale.
int Params::get_int(const std::string& key) const {
  return static_cast<int>(get_double(key));
}
double Params::get_double(const std::string& key) const {
  double d = 0;
  if (!parse_double(raw(key), d)) throw ParamError("parameter '" + key + "' is not a number");
  return d;
}
bool Params::get_bool(const std::string& key) const {
  bool b = false;
  parse_bool(raw(key), b);
  return b;
}
const std::string& Params::get_string(const std::string& key) const {
  return raw(key);
}

}  // namespace arsim::schedulers
