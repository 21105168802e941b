// The strict binary operators of the classad language (classad/README.md, "Semantics"): the
// evaluator's arithmetic, bitwise and comparison rules, on values already evaluated.
#pragma once

#include "classad/ast.hpp"
#include "classad/value.hpp"

namespace arsim::classad {

bool int_like(const Value& v);                            // an integer, or a boolean read as 1 or 0
Value arithmetic(Op op, const Value& a, const Value& b);  // * / % + -
Value bitwise(Op op, const Value& a, const Value& b);     // << >> & ^ |
Value comparison(Op op, const Value& a, const Value& b);  // < <= > >= == !=

}  // namespace arsim::classad
