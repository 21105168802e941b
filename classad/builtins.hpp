// The built-in functions the paper's figures and the gangmatching workload use (HTCondor manual,
// "Predefined Functions"): member, isUndefined, isError, isString, isInteger, isReal, isBoolean,
// isList, isClassAd, ifThenElse, strcat, string, int, real, size, and DayTime() of Raman et al.
// Fig. 1 (seconds since midnight of the evaluation's clock). A call with the wrong number of
// arguments evaluates to error, as the manual says; an unknown name is a syntax error.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "classad/ast.hpp"
#include "classad/eval.hpp"

namespace arsim::classad {

std::optional<Builtin> find_builtin(std::string_view name);  // case-insensitive
std::string builtin_names();                                 // "member, isUndefined, ..."

Value call_builtin(const CallExpr& call, const Binding* binding, EvalState& state);

// string(v): the text of a value as strcat() uses it; error for undefined and error.
Value to_string_value(const Value& v);

}  // namespace arsim::classad
