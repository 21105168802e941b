// Text helpers of the scenario reader: trimming, list splitting, and the strict number parser of
// base/numbers.hpp (the whole text must parse, no "1.5" for an integer, numbers finite).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/numbers.hpp"

namespace arsim::scenario {

std::string trim(std::string_view text);
// Items separated by whitespace and/or commas ("1 2 4", "1,2,4", "1, 2"); empty items dropped.
std::vector<std::string> split_list(std::string_view text);
// Items separated by whitespace only (sweep values: a comma joins the items of one list value).
std::vector<std::string> split_words(std::string_view text);

// Numbers and booleans: base/numbers.hpp, the one parser of arsim.
using base::parse_bool;
using base::parse_double;
using base::parse_int;
using base::parse_uint64;

}  // namespace arsim::scenario
