// Strict text-to-value parsing shared by validation and typed access: the whole text must parse
// (no trailing garbage, no "1.5" for an integer), numbers must be finite.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arsim::scenario {

std::string trim(std::string_view text);
// Items separated by whitespace and/or commas ("1 2 4", "1,2,4", "1, 2"); empty items dropped.
std::vector<std::string> split_list(std::string_view text);
// Items separated by whitespace only (sweep values: a comma joins the items of one list value).
std::vector<std::string> split_words(std::string_view text);

std::optional<double> parse_double(std::string_view text);
std::optional<long long> parse_int(std::string_view text);
std::optional<std::uint64_t> parse_uint64(std::string_view text);
// true/false, 1/0, yes/no, on/off (as schedulers/params.cpp).
std::optional<bool> parse_bool(std::string_view text);

}  // namespace arsim::scenario
