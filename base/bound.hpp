// Declarations bound to the fields of a config struct, so one statement names a setting, states
// its type, range, unit and help, and says which field it fills:
//
//   struct Options { double time_limit = 10; };  // the default, written once
//   base::field("time_limit", &Options::time_limit).at_least(0).in("s").about("wall seconds ...")
//
// The type comes from the field's type, the default from the field's initializer (none for a
// std::optional field), and base::fill reads validated values into a struct. Kinds and algorithms
// receive filled structs and look nothing up by name.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <typeindex>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/declaration.hpp"
#include "base/numbers.hpp"
#include "base/text.hpp"

namespace arsim::base {

namespace detail {

template <class T>
struct Field;  // what ValueType a field type is, how it is parsed and printed

template <>
struct Field<int> {
  static constexpr ValueType type = ValueType::Int;
  static std::optional<int> parse(const std::string& t) { return parse_int32(t); }
};
template <>
struct Field<long long> {
  static constexpr ValueType type = ValueType::Int;
  static std::optional<long long> parse(const std::string& t) { return parse_int(t); }
};
template <>
struct Field<std::uint64_t> {
  static constexpr ValueType type = ValueType::UInt64;
  static std::optional<std::uint64_t> parse(const std::string& t) { return parse_uint64(t); }
};
template <>
struct Field<double> {
  static constexpr ValueType type = ValueType::Double;
  static std::optional<double> parse(const std::string& t) { return parse_double(t); }
};
template <>
struct Field<bool> {
  static constexpr ValueType type = ValueType::Bool;
  static std::optional<bool> parse(const std::string& t) { return parse_bool(t); }
};
template <>
struct Field<std::string> {
  static constexpr ValueType type = ValueType::String;
  static std::optional<std::string> parse(const std::string& t) { return t; }
};
template <>
struct Field<std::vector<double>> {
  static constexpr ValueType type = ValueType::Doubles;
  static std::optional<std::vector<double>> parse(const std::string& t) {
    std::vector<double> out;
    for (const auto& item : split_list(t)) {
      auto v = parse_double(item);
      if (!v) return std::nullopt;
      out.push_back(*v);
    }
    return out;
  }
};
template <>
struct Field<std::vector<int>> {
  static constexpr ValueType type = ValueType::Ints;
  static std::optional<std::vector<int>> parse(const std::string& t) {
    std::vector<int> out;
    for (const auto& item : split_list(t)) {
      auto v = parse_int32(item);
      if (!v) return std::nullopt;
      out.push_back(*v);
    }
    return out;
  }
};
template <class T>
struct Field<std::optional<T>> : Field<T> {};

// A number in its shortest exact form, an exponent without '+' or leading zeros, as people write
// it: 7e-6, not 7e-06.
inline std::string number_text(double v) {
  std::string s = fmt::format("{}", v);
  const auto e = s.find('e');
  if (e == std::string::npos) return s;
  std::size_t digits = e + 1;
  const bool negative = s[digits] == '-';
  if (negative || s[digits] == '+') ++digits;
  while (digits + 1 < s.size() && s[digits] == '0') ++digits;
  return s.substr(0, e + 1) + (negative ? "-" : "") + s.substr(digits);
}

// The default as a value is written: numbers in their shortest exact form, lists space-separated.
template <class T>
std::string text_of(const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v ? "true" : "false";
  } else if constexpr (std::is_same_v<T, double>) {
    return number_text(v);
  } else if constexpr (std::is_same_v<T, std::vector<double>>) {
    std::vector<std::string> items;
    for (double x : v) items.push_back(number_text(x));
    return fmt::format("{}", fmt::join(items, " "));
  } else if constexpr (std::is_same_v<T, std::vector<int>>) {
    return fmt::format("{}", fmt::join(v, " "));
  } else {
    return fmt::format("{}", v);
  }
}

template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};

}  // namespace detail

// A declaration of `name` that fills `member` of C (see the file comment).
template <class C, class F>
Declaration field(std::string name, F C::*member) {
  Declaration d = declare(std::move(name), detail::Field<F>::type);
  if constexpr (std::is_same_v<F, int> || std::is_same_v<F, std::optional<int>>) {
    d.min = std::numeric_limits<int>::min();  // what the field holds; at_least/at_most narrow it
    d.max = std::numeric_limits<int>::max();
  }
  if constexpr (!detail::IsOptional<F>::value) {
    static const C defaults{};  // static: GCC 12 warns falsely on a temporary of a nested struct
    d.fallback = detail::text_of(defaults.*member);
  }
  d.binding = std::make_shared<const Binding>(
      Binding{std::type_index(typeid(C)), [member](void* config, const std::string& text) {
                auto v = detail::Field<F>::parse(text);
                if (!v) return false;
                static_cast<C*>(config)->*member = std::move(*v);
                return true;
              }});
  return d;
}

// A declaration of `name` that fills the enum `member` of C from one of the words of `names`
// (its choices, in their order); the default is the word of the field's initializer.
template <class C, class E>
requires std::is_enum_v<E> Declaration field(std::string name, E C::*member,
                                             std::vector<std::pair<std::string, E>> names) {
  Declaration d = declare(std::move(name), ValueType::String);
  for (const auto& [word, value] : names) {
    d.choices.push_back(word);
    if (value == C{}.*member) d.fallback = word;
  }
  if (d.fallback.empty()) throw std::logic_error(d.name + ": its field's initializer has no word");
  d.binding = std::make_shared<const Binding>(
      Binding{std::type_index(typeid(C)), [member, names](void* config, const std::string& text) {
                for (const auto& [word, value] : names)
                  if (word == text) {
                    static_cast<C*>(config)->*member = value;
                    return true;
                  }
                return false;
              }});
  return d;
}

// The value of a declaration, nullopt when it is not set (the field keeps its initializer).
using Lookup = std::function<std::optional<std::string>(const Declaration&)>;

// A C filled from the declarations bound to C (others are skipped). A value that does not parse
// as its field's type is a std::logic_error: values are validated before they are filled.
template <class C>
C fill(const std::vector<Declaration>& declarations, const Lookup& lookup, C out = {}) {
  for (const auto& d : declarations) {
    if (!d.binding || d.binding->config != std::type_index(typeid(C))) continue;
    const auto text = lookup(d);
    if (!text) continue;
    if (!d.binding->set(&out, *text))
      throw std::logic_error(d.name + ": validated value '" + *text + "' does not fill its field");
  }
  return out;
}

}  // namespace arsim::base
