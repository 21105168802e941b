// Typed, validated parameters of a registered algorithm. A parameter is declared as a scenario key
// is (base/declaration.hpp), usually bound to a field of the algorithm's options struct
// (base/bound.hpp), and the algorithm receives the filled struct (Params::to).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <typeindex>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/bound.hpp"
#include "base/declaration.hpp"
#include "base/input_error.hpp"
#include "base/numbers.hpp"
#include "base/text.hpp"

namespace arsim::schedulers {

using ParamSpec = base::Declaration;
using ParamType = base::ValueType;
using base::declare;
using base::field;

// Thrown for an unknown algorithm name or parameter key, or a value of the wrong type or range.
// The message lists what would have been valid.
class ParamError : public InputError {
 public:
  using InputError::InputError;
};

// Parameter values after validation against their declarations; every declared key is present
// (the default fills what was not given).
class Params {
 public:
  Params() = default;
  // Validates `raw` (key -> text) against `specs`; throws ParamError naming `owner` and the key.
  Params(const std::string& owner, const std::vector<ParamSpec>& specs,
         const std::map<std::string, std::string>& raw);

  // The options struct C filled from the declarations bound to its fields (`start` keeps the
  // fields no declaration fills).
  template <class C>
  C to(C start = {}) const {
    return base::fill<C>(
        specs_, [this](const base::Declaration& d) { return raw(d.name); }, std::move(start));
  }

  const std::map<std::string, std::string>& values() const { return values_; }

 private:
  const std::string& raw(const std::string& key) const;
  std::vector<ParamSpec> specs_;
  std::map<std::string, std::string> values_;
};

using base::to_string;

// field(name, member) with the default taken from `defaults` instead of a default-constructed C:
// for a family whose defaults differ from the struct's (e.g. the EA inside the hybrid matcher).
template <class C, class F>
ParamSpec field_from(const C& defaults, std::string name, F C::*member) {
  ParamSpec d = field(std::move(name), member);
  d.fallback = base::detail::text_of(defaults.*member);
  return d;
}

// A bound declaration whose default keeps the text it was always listed with (e.g. "1e5" for a
// field initialised to 1e5, which prints "100000"): the default text enters scenario hashes. Throws
// std::logic_error unless the text is the field's default value.
inline ParamSpec listed_as(ParamSpec d, const std::string& text) {
  if (base::parse_double(text) != base::parse_double(d.fallback))
    throw std::logic_error(d.name + ": '" + text + "' is not the default " + d.fallback);
  d.fallback = text;
  return d;
}

// A string parameter with named choices that fills an enum field of C; the default is the name of
// the field's initializer.
template <class C, class E>
ParamSpec choice(std::string name, E C::*member, std::vector<std::pair<std::string, E>> names) {
  ParamSpec d = declare(std::move(name), ParamType::String);
  for (const auto& [text, value] : names) {
    d.choices.push_back(text);
    if (value == C{}.*member) d.fallback = text;
  }
  d.binding = std::make_shared<const base::Binding>(base::Binding{
      std::type_index(typeid(C)), [member, names](void* config, const std::string& text) {
        for (const auto& [t, value] : names)
          if (t == text) return static_cast<C*>(config)->*member = value, true;
        return false;
      }});
  return d;
}

// A string parameter of whitespace-separated words (e.g. CBC's command-line options) that fills a
// list-of-words field of C; the default is the field's initializer joined by single spaces, and
// the empty text (no words) is a value.
template <class C>
ParamSpec words(std::string name, std::vector<std::string> C::*member) {
  ParamSpec d = declare(std::move(name), ParamType::String).may_be_empty();
  d.fallback = fmt::format("{}", fmt::join(C{}.*member, " "));
  d.binding = std::make_shared<const base::Binding>(
      base::Binding{std::type_index(typeid(C)), [member](void* config, const std::string& text) {
                      static_cast<C*>(config)->*member = base::split_words(text);
                      return true;
                    }});
  return d;
}

}  // namespace arsim::schedulers
