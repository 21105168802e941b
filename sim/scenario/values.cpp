#include "sim/scenario/values.hpp"

#include <charconv>
#include <cmath>

namespace arsim::scenario {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::vector<std::string> split(std::string_view text, bool commas) {
  std::vector<std::string> items;
  std::string current;
  for (char c : text) {
    if (is_space(c) || (commas && c == ',')) {
      if (!current.empty()) items.push_back(std::move(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) items.push_back(std::move(current));
  return items;
}

// from_chars over the whole text; the caller decides what counts as valid.
template <typename T>
std::optional<T> parse_whole(std::string_view text) {
  T out{};
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  if (text.empty() || ec != std::errc() || ptr != end) return std::nullopt;
  return out;
}

}  // namespace

std::string trim(std::string_view text) {
  size_t b = 0, e = text.size();
  while (b < e && is_space(text[b])) ++b;
  while (e > b && is_space(text[e - 1])) --e;
  return std::string(text.substr(b, e - b));
}

std::vector<std::string> split_list(std::string_view text) {
  return split(text, true);
}
std::vector<std::string> split_words(std::string_view text) {
  return split(text, false);
}

std::optional<double> parse_double(std::string_view text) {
  auto v = parse_whole<double>(text);
  if (!v || !std::isfinite(*v)) return std::nullopt;
  return v;
}

std::optional<long long> parse_int(std::string_view text) {
  return parse_whole<long long>(text);
}

std::optional<std::uint64_t> parse_uint64(std::string_view text) {
  return parse_whole<std::uint64_t>(text);  // from_chars rejects a sign for unsigned types
}

std::optional<bool> parse_bool(std::string_view text) {
  if (text == "true" || text == "1" || text == "yes" || text == "on") return true;
  if (text == "false" || text == "0" || text == "no" || text == "off") return false;
  return std::nullopt;
}

}  // namespace arsim::scenario
