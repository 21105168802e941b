#include "base/declaration.hpp"

#include <algorithm>
#include <cstdint>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/numbers.hpp"
#include "base/text.hpp"

namespace arsim::base {

namespace {

using T = ValueType;

std::string range_text(const Declaration& d) {
  const bool lo = d.min > -Declaration::kInf, hi = d.max < Declaration::kInf;
  if (lo && hi)
    return fmt::format(" in {}{}, {}{}", d.min_open ? '(' : '[', d.min, d.max,
                       d.max_open ? ')' : ']');
  if (lo) return fmt::format(" {} {}", d.min_open ? ">" : ">=", d.min);
  if (hi) return fmt::format(" {} {}", d.max_open ? "<" : "<=", d.max);
  return "";
}

bool in_range(const Declaration& d, double v) {
  if (d.min_open ? v <= d.min : v < d.min) return false;
  return d.max_open ? v < d.max : v <= d.max;
}

// One number (or list item) of a numeric type; nullopt when it does not parse.
std::optional<double> parse_number(ValueType type, const std::string& text) {
  switch (type) {
    case T::Int:
    case T::Ints: {
      auto v = parse_int(text);
      if (type == T::Ints && v && (*v < INT32_MIN || *v > INT32_MAX)) return std::nullopt;
      return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
    }
    case T::UInt64: {
      auto v = parse_uint64(text);
      return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
    }
    default:
      return parse_double(text);
  }
}

}  // namespace

std::string to_string(ValueType type) {
  switch (type) {
    case T::Int:
      return "int";
    case T::UInt64:
      return "uint64";
    case T::Double:
      return "double";
    case T::Bool:
      return "bool";
    case T::String:
      return "string";
    case T::Path:
      return "path";
    case T::Doubles:
      return "doubles";
    case T::Ints:
      return "ints";
  }
  return "?";
}

std::string expected_text(const Declaration& d) {
  switch (d.type) {
    case T::Int:
      return "an integer" + range_text(d);
    case T::UInt64:
      return "an unsigned 64-bit integer" + range_text(d);
    case T::Double:
      return "a number" + range_text(d);
    case T::Bool:
      return "true or false";
    case T::String:
      if (!d.choices.empty()) return fmt::format("one of {}", fmt::join(d.choices, ", "));
      return d.empty_ok ? "a string" : "a non-empty string";
    case T::Path:
      return d.empty_ok ? "a path (empty: none)" : "a path to an existing file";
    case T::Doubles:
      return "a list of numbers" + range_text(d);
    case T::Ints:
      return "a list of integers" + range_text(d);
  }
  return "?";
}

std::optional<std::string> normalize(const Declaration& d, const std::string& value) {
  const std::string v = trim(value);
  switch (d.type) {
    case T::Bool:
      if (!parse_bool(v)) return std::nullopt;
      return v;
    case T::String:
      if (v.empty())
        return d.empty_ok && d.choices.empty() ? std::optional<std::string>(v) : std::nullopt;
      if (!d.choices.empty() && std::find(d.choices.begin(), d.choices.end(), v) == d.choices.end())
        return std::nullopt;
      return v;
    case T::Path:
      if (v.empty() && !d.empty_ok) return std::nullopt;
      return v;
    case T::Doubles:
    case T::Ints: {
      const auto items = split_list(v);
      if (items.empty()) return std::nullopt;
      for (const auto& item : items) {
        auto n = parse_number(d.type, item);
        if (!n || !in_range(d, *n)) return std::nullopt;
      }
      return fmt::format("{}", fmt::join(items, " "));
    }
    default: {
      auto n = parse_number(d.type, v);
      if (!n || !in_range(d, *n)) return std::nullopt;
      return v;
    }
  }
}

}  // namespace arsim::base
