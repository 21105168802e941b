#include "base/numbers.hpp"

#include <charconv>
#include <cmath>

namespace arsim::base {

namespace {

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

std::optional<double> parse_double(std::string_view text) {
  auto v = parse_whole<double>(text);
  if (!v || !std::isfinite(*v)) return std::nullopt;
  return v;
}

std::optional<long long> parse_int(std::string_view text) {
  return parse_whole<long long>(text);
}

std::optional<int> parse_int32(std::string_view text) {
  return parse_whole<int>(text);
}

std::optional<std::uint64_t> parse_uint64(std::string_view text) {
  return parse_whole<std::uint64_t>(text);  // from_chars rejects a sign for unsigned types
}

std::optional<bool> parse_bool(std::string_view text) {
  if (text == "true" || text == "1" || text == "yes" || text == "on") return true;
  if (text == "false" || text == "0" || text == "no" || text == "off") return false;
  return std::nullopt;
}

}  // namespace arsim::base
