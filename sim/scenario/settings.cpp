#include "sim/scenario/settings.hpp"

#include <algorithm>
#include <filesystem>
#include <limits>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sim/scenario/schema.hpp"
#include "sim/scenario/values.hpp"

namespace arsim::scenario {

std::string location_prefix(const Location& where) {
  if (where.file.empty()) return "";
  if (where.line <= 0) return where.file + ": ";
  return fmt::format("{}:{}: ", where.file, where.line);
}

std::string describe(const Location& where) {
  if (where.element.empty()) return fmt::format("key '{}'", where.attribute);
  if (where.attribute.empty()) return fmt::format("<{}>", where.element);
  return fmt::format("<{}> attribute '{}'", where.element, where.attribute);
}

std::string printable(const std::string& value) {
  // Keep every message on one line, whatever bytes a fuzzer or a shell passed in.
  std::string out;
  for (unsigned char c : value) {
    if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (c == '\t')
      out += "\\t";
    else if (c < 0x20 || c == 0x7f)
      out += fmt::format("\\x{:02x}", c);
    else
      out += static_cast<char>(c);
  }
  return out;
}

InputError value_error(const Location& where, const std::string& expected,
                       const std::string& value) {
  return InputError(fmt::format("{}{}: expected {}, got '{}'", location_prefix(where),
                                describe(where), expected, printable(value)));
}

const Setting& Settings::at(const std::string& key) const {
  auto it = values_.find(key);
  if (it == values_.end()) throw std::logic_error("scenario: no setting '" + key + "'");
  return it->second;
}

double Settings::get_double(const std::string& key) const {
  auto v = parse_double(at(key).value);
  if (!v) fail(key, "a number");
  return *v;
}

long long Settings::get_int(const std::string& key) const {
  auto v = parse_int(at(key).value);
  if (!v) fail(key, "an integer");
  return *v;
}

std::uint64_t Settings::get_uint64(const std::string& key) const {
  auto v = parse_uint64(at(key).value);
  if (!v) fail(key, "an unsigned 64-bit integer");
  return *v;
}

bool Settings::get_bool(const std::string& key) const {
  auto v = parse_bool(at(key).value);
  if (!v) fail(key, "true or false");
  return *v;
}

std::vector<double> Settings::get_doubles(const std::string& key) const {
  std::vector<double> out;
  for (const auto& item : split_list(at(key).value)) {
    auto v = parse_double(item);
    if (!v) fail(key, "a list of numbers");
    out.push_back(*v);
  }
  return out;
}

std::vector<int> Settings::get_ints(const std::string& key) const {
  std::vector<int> out;
  for (const auto& item : split_list(at(key).value)) {
    auto v = parse_int(item);
    if (!v || *v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max())
      fail(key, "a list of integers");
    out.push_back(static_cast<int>(*v));
  }
  return out;
}

std::string resolve_path(const std::string& value, const Location& where) {
  namespace fs = std::filesystem;
  fs::path path(value);
  // Overrides come from the command line, so they are relative to the working directory.
  if (path.is_relative() && !where.file.empty() && where.file != "--set")
    path = fs::path(where.file).parent_path() / path;
  return path.lexically_normal().string();
}

std::string Settings::get_path(const std::string& key) const {
  const Setting& s = at(key);
  return resolve_path(s.value, s.where);
}

std::map<std::string, std::string> Settings::with_prefix(const std::string& prefix) const {
  std::map<std::string, std::string> out;
  for (auto it = values_.lower_bound(prefix); it != values_.end(); ++it) {
    if (it->first.compare(0, prefix.size(), prefix) != 0) break;
    out[it->first.substr(prefix.size())] = it->second.value;
  }
  return out;
}

void Settings::fail(const std::string& key, const std::string& expected) const {
  const Setting& s = at(key);
  throw value_error(s.where, expected, s.value);
}

void Settings::fail_message(const std::string& key, const std::string& message) const {
  const Setting& s = at(key);
  throw InputError(fmt::format("{}{}: {}", location_prefix(s.where), describe(s.where), message));
}

void Settings::set(const std::string& key, std::string value, Location where, bool is_default) {
  values_[key] = Setting{std::move(value), std::move(where), is_default};
}

const Location* Settings::section(const std::string& prefix) const {
  auto it = sections_.find(prefix);
  return it == sections_.end() ? nullptr : &it->second;
}

const Schema& Settings::schema() const {
  if (!schema_) throw std::logic_error("Settings: no schema (settings not made by the loader)");
  return *schema_;
}

std::string Settings::first_name(const std::string& key) const {
  return schema_ ? schema_->first_name(key) : key;
}

std::string Settings::canonical() const {
  auto name = [this](const std::string& key) { return first_name(key); };
  std::vector<std::pair<std::string, std::string>> lines;  // sorted by first name, as before
  for (const auto& [key, s] : values_) lines.emplace_back(name(key), s.value);
  std::sort(lines.begin(), lines.end());
  std::string out;
  for (const auto& [key, value] : lines) out += fmt::format("{}={}\n", key, value);
  out += fmt::format("users={}\n", fmt::join(users_, " "));
  // Only when there are any, so scenarios without coordinators keep the text (and hash) they had.
  if (!coordinators_.empty())
    out += fmt::format("coordinators={}\n", fmt::join(coordinators_, " "));
  for (const auto& p : sweep_) {
    out += fmt::format("sweep {}={}\n", name(p.key), fmt::join(p.values, " "));
    for (std::size_t i = 0; i < p.sets.size(); ++i)
      for (const auto& v : p.sets[i])
        out += fmt::format("variant {} {}={}\n", p.values[i], name(v.key), v.value);
  }
  return out;
}

}  // namespace arsim::scenario
