#include "sim/scenario/schema.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sim/scenario/values.hpp"

namespace arsim::scenario {

namespace {

using T = ValueType;

std::string bound(double v) {
  return fmt::format("{}", v);
}

std::string range_text(const KeySpec& s) {
  const bool lo = s.min > -KeySpec::kInf, hi = s.max < KeySpec::kInf;
  if (lo && hi)
    return fmt::format(" in {}{}, {}{}", s.min_open ? '(' : '[', bound(s.min), bound(s.max),
                       s.max_open ? ')' : ']');
  if (lo) return fmt::format(" {} {}", s.min_open ? ">" : ">=", bound(s.min));
  if (hi) return fmt::format(" {} {}", s.max_open ? "<" : "<=", bound(s.max));
  return "";
}

bool in_range(const KeySpec& s, double v) {
  if (s.min_open ? v <= s.min : v < s.min) return false;
  return s.max_open ? v < s.max : v <= s.max;
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

bool pattern_matches(std::string_view pattern, std::string_view key) {
  size_t p = 0, k = 0;
  while (p < pattern.size()) {
    if (pattern[p] == '*') {
      const size_t start = k;
      while (k < key.size() && key[k] != '.') ++k;
      if (k == start) return false;
      ++p;
    } else {
      if (k >= key.size() || key[k] != pattern[p]) return false;
      ++p, ++k;
    }
  }
  return k == key.size();
}

std::string expected_text(const KeySpec& s) {
  switch (s.type) {
    case T::Int:
      return "an integer" + range_text(s);
    case T::UInt64:
      return "an unsigned 64-bit integer" + range_text(s);
    case T::Double:
      return "a number" + range_text(s);
    case T::Bool:
      return "true or false";
    case T::String:
      return s.choices.empty() ? "a non-empty string"
                               : fmt::format("one of {}", fmt::join(s.choices, ", "));
    case T::Path:
      return "a path to an existing file";
    case T::Doubles:
      return "a list of numbers" + range_text(s);
    case T::Ints:
      return "a list of integers" + range_text(s);
  }
  return "?";
}

std::string check_value(const KeySpec& spec, const std::string& value, const Location& where,
                        const std::string& suffix) {
  const std::string v = trim(value);
  auto bad = [&](const std::string& extra = "") {
    throw value_error(where, expected_text(spec) + suffix + extra, value);
  };
  switch (spec.type) {
    case T::Bool:
      if (!parse_bool(v)) bad();
      return v;
    case T::String:
      if (v.empty()) bad();
      if (!spec.choices.empty() &&
          std::find(spec.choices.begin(), spec.choices.end(), v) == spec.choices.end())
        bad();
      return v;
    case T::Path: {
      if (v.empty()) bad();
      const std::string resolved = resolve_path(v, where);
      std::error_code ec;
      const auto status = std::filesystem::status(resolved, ec);
      if (ec || !std::filesystem::exists(status))
        bad(fmt::format(" (not found: {})", printable(resolved)));
      if (!std::filesystem::is_regular_file(status))  // a FIFO or a device would hang the reader
        bad(fmt::format(" (not a regular file: {})", printable(resolved)));
      return v;
    }
    case T::Doubles:
    case T::Ints: {
      const auto items = split_list(v);
      if (items.empty()) bad();
      for (const auto& item : items) {
        auto n = parse_number(spec.type, item);
        if (!n || !in_range(spec, *n)) bad();
      }
      return fmt::format("{}", fmt::join(items, " "));
    }
    default: {
      auto n = parse_number(spec.type, v);
      if (!n || !in_range(spec, *n)) bad();
      return v;
    }
  }
}

Schema::Schema(std::vector<KeySpec> keys, std::vector<ParamGroup> params, Rules rules)
    : keys_(std::move(keys)), params_(std::move(params)), rules_(std::move(rules)) {}

const KeySpec* Schema::find(std::string_view key) const {
  for (const auto& spec : keys_)
    if (pattern_matches(spec.pattern, key)) return &spec;
  return nullptr;
}

std::string Schema::param_prefix_of(const std::string& element) const {
  for (const auto& p : params_)
    if (p.element == element) return p.prefix;
  return "";
}

bool Schema::is_param_group(const std::string& first) const {
  return std::any_of(params_.begin(), params_.end(),
                     [&](const ParamGroup& p) { return p.prefix == first + "."; });
}

std::vector<std::string> Schema::root_elements() const {
  std::vector<std::string> out{"description"};
  for (const auto& spec : keys_) {
    const std::string first = spec.pattern.substr(0, spec.pattern.find('.'));
    if (first == "scenario" || is_param_group(first)) continue;
    if (std::find(out.begin(), out.end(), first) == out.end()) out.push_back(first);
  }
  out.push_back("sweep");
  return out;
}

std::vector<std::string> Schema::attributes_of(const std::string& element) const {
  std::vector<std::string> out;
  const std::string prefix = element + ".";
  for (const auto& spec : keys_) {
    if (spec.pattern.compare(0, prefix.size(), prefix) != 0) continue;
    std::string rest = spec.pattern.substr(prefix.size());
    if (rest.compare(0, 2, "*.") == 0) {  // repeatable element keyed by its name
      if (out.empty()) out.push_back("name");
      rest = rest.substr(2);
    }
    if (rest.find('*') != std::string::npos) continue;  // <param> children ("*.param.*")
    out.push_back(rest);
  }
  return out;
}

std::pair<std::string, std::string> Schema::element_and_attribute(const std::string& key) const {
  const std::string first = key.substr(0, key.find('.'));
  if (is_param_group(first)) return {"param", "value"};
  const KeySpec* spec = find(key);
  const std::string param_tail = ".param.*";
  if (spec && spec->pattern.size() > param_tail.size() &&
      spec->pattern.compare(spec->pattern.size() - param_tail.size(), param_tail.size(),
                            param_tail) == 0)
    return {"param", "value"};
  return {first, key.substr(key.rfind('.') + 1)};
}

// clang-format off
std::vector<KeySpec> scenario_keys(const std::vector<std::string>& kinds,
                                   const std::string& default_kind) {
  return {
      key("scenario.name", T::String).need().about("name of the experiment"),
      key("scenario.kind", T::String).def(default_kind).one_of(kinds)
          .about("the run kind: what one run is and writes (see `arsim list`)"),
      key("scenario.runs", T::Int).def("1").at_least(1).at_most(1e5).about("runs per sweep point"),
      key("scenario.seed", T::UInt64).def("1").about("base seed; run r uses seed + r"),
  };
}
// clang-format on

const Schema* SchemaSet::find(const std::string& name, std::string* kind) const {
  const auto alias = aliases.find(name);
  const std::string resolved = alias == aliases.end() ? name : alias->second;
  const auto it = kinds.find(resolved);
  if (it == kinds.end()) return nullptr;
  if (kind) *kind = resolved;
  return it->second.get();
}

std::vector<std::string> SchemaSet::names() const {
  std::vector<std::string> out;
  for (const auto& [name, schema] : kinds) out.push_back(name);
  return out;
}

}  // namespace arsim::scenario
