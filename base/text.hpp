// Text helpers of every reader of settings: trimming and list splitting.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace arsim::base {

std::string trim(std::string_view text);
// Items separated by whitespace and/or commas ("1 2 4", "1,2,4", "1, 2"); empty items dropped.
std::vector<std::string> split_list(std::string_view text);
// Items separated by whitespace only (sweep values: a comma joins the items of one list value).
std::vector<std::string> split_words(std::string_view text);

}  // namespace arsim::base
