// The text of declarations, for `arsim list` and Markdown tables: derived from the declarations,
// so a changed default, range or unit shows wherever the setting is listed.
#pragma once

#include <string>
#include <vector>

#include "base/declaration.hpp"

namespace arsim::schedulers {

// "10 s"; "''" for an empty default.
std::string default_text(const base::Declaration& d);

// One line per declaration: name, type, default with its unit, help and the expected values.
std::string list_lines(const std::vector<base::Declaration>& declarations);

// A Markdown table: | name | type | default | unit | expected | description |.
std::string markdown_table(const std::vector<base::Declaration>& declarations);

}  // namespace arsim::schedulers
