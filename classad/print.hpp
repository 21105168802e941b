// Printing values and expressions back in the native classad syntax. The text reads back to the
// same value (parse(print(v)) evaluates to a value identical to v) and to the same tree up to
// redundant parentheses, size suffixes and time literals (which print as their numbers).
#pragma once

#include <string>

#include "classad/ast.hpp"
#include "classad/value.hpp"

namespace arsim::classad {

std::string to_string(const Value& v);  // 3, 3.5, true, undefined, error, "ab", {1, 2}, [a = 1]
std::string unparse(const Expr& e);
std::string format_real(double r);        // shortest text that reads back to r, always a real
std::string quote(const std::string& s);  // "..." with \\ \" \n \t \r escaped

}  // namespace arsim::classad
