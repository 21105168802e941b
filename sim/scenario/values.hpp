// Text helpers of the scenario reader: trimming, list splitting, and the strict number parser of
// model/numbers.hpp (the whole text must parse, no "1.5" for an integer, numbers finite).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/numbers.hpp"

namespace arsim::scenario {

std::string trim(std::string_view text);
// Items separated by whitespace and/or commas ("1 2 4", "1,2,4", "1, 2"); empty items dropped.
std::vector<std::string> split_list(std::string_view text);
// Items separated by whitespace only (sweep values: a comma joins the items of one list value).
std::vector<std::string> split_words(std::string_view text);

// Numbers and booleans: model/numbers.hpp, the one parser of arsim.
using model::parse_bool;
using model::parse_double;
using model::parse_int;
using model::parse_uint64;

}  // namespace arsim::scenario
