// The one number parser of arsim, for every reader of text (scenarios, request files, traces,
// platforms, algorithm parameters, CSV files): the whole text must be the number (no spaces, no
// trailing garbage, no '+'), independent of the C locale; doubles must be finite.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace arsim::base {

std::optional<double> parse_double(std::string_view text);
std::optional<long long> parse_int(std::string_view text);
std::optional<int> parse_int32(std::string_view text);
std::optional<std::uint64_t> parse_uint64(std::string_view text);  // no sign accepted
// true/false, 1/0, yes/no, on/off.
std::optional<bool> parse_bool(std::string_view text);

}  // namespace arsim::base
