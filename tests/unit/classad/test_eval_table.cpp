// Expression -> value, one case per row, derived from the rules of the HTCondor manual ("ClassAd
// Mechanism": strict operators, the "don't care" logical operators, =?= and =!=, case-insensitive
// string comparison, string vs number is error) and of classad/README.md where the manual is
// silent (division by zero, overflow, bitwise operators). Each result must also print back to a
// text that evaluates to an identical value.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "classad/eval.hpp"
#include "classad/parser.hpp"
#include "classad/print.hpp"

namespace ca = arsim::classad;

namespace {

struct Case {
  const char* expr;
  const char* expected;  // printed value
};

const std::vector<Case> kCases = {
    // literals
    {"3", "3"},
    {"3.5", "3.5"},
    {"1E3", "1000.0"},
    {".5", "0.5"},
    {"true", "true"},
    {"FALSE", "false"},
    {"undefined", "undefined"},
    {"ERROR", "error"},
    {"\"ab\"", "\"ab\""},
    {"\"a\\\"b\\\\c\\n\"", "\"a\\\"b\\\\c\\n\""},
    {"256M", "268435456"},
    {"1K", "1024"},
    {"2G", "2147483648"},
    {"1T", "1099511627776"},
    {"0.5M", "524288.0"},
    {"323.4M", "339109478.4"},
    {"'00:15'", "900"},
    {"'9:00'", "32400"},
    {"'00:23:12'", "1392"},
    {"'1+00:00:01'", "86401"},
    {"'-0:01'", "-60"},
    {"'0:00:01.5'", "1.5"},
    {"'Mon Feb 28 14:22:22 2000 (CST) -06:00'", "951769342"},
    {"'2000-02-28T20:22:22Z'", "951769342"},
    {"{1, 2}", "{1, 2}"},
    {"{}", "{}"},
    {"{1, {\"x\", undefined}}", "{1, {\"x\", undefined}}"},
    {"[a = 1]", "[a = 1]"},
    // arithmetic: strict, in the type of both operands, integers promoted to reals
    {"1 + 2", "3"},
    {"7 / 2", "3"},
    {"-7 / 2", "-3"},
    {"7 % 3", "1"},
    {"-7 % 3", "-1"},
    {"7.0 / 2", "3.5"},
    {"5.5 % 2", "error"},  // % takes integers only, as in HTCondor
    {"2 * 3.5", "7.0"},
    {"1 - 3", "-2"},
    {"1 / 0", "error"},
    {"1.0 / 0", "error"},
    {"1 % 0", "error"},
    {"1 + undefined", "undefined"},
    {"undefined * 2", "undefined"},
    {"1 + error", "error"},
    {"error + undefined", "error"},
    {"undefined + error", "error"},
    {"\"a\" + 1", "error"},
    {"\"a\" + undefined", "error"},
    {"10 * \"A string\"", "error"},
    {"{1} + 1", "error"},
    {"[a = 1] - 1", "error"},
    {"true + 1", "2"},
    {"true * true", "1"},
    {"1.5 + true", "2.5"},
    {"9223372036854775807 + 1", "error"},
    {"-9223372036854775807 - 2", "error"},
    {"1e308 * 10", "error"},
    {"3 * 4 + 2", "14"},
    {"3 + 4 * 2", "11"},
    {"(3 + 4) * 2", "14"},
    {"10 - 2 - 3", "5"},
    {"100 / 10 / 5", "2"},
    {"2 * -3", "-6"},
    {"- -3", "3"},
    {"-(2)", "-2"},
    {"+3", "3"},
    {"+\"a\"", "error"},
    {"-\"a\"", "error"},
    {"-undefined", "undefined"},
    {"-error", "error"},
    {"-true", "-1"},
    {"-2.5", "-2.5"},
    {"7 % undefined", "undefined"},
    {"error % 2", "error"},
    {"\"a\" % 2", "error"},
    {"undefined / 0", "undefined"},
    {"error / 0", "error"},
    {"\"a\" - \"b\"", "error"},
    {"{1} * undefined", "error"},
    // bitwise and shifts: integers only
    {"6 & 3", "2"},
    {"6 | 3", "7"},
    {"6 ^ 3", "5"},
    {"~0", "-1"},
    {"1 << 4", "16"},
    {"256 >> 4", "16"},
    {"-16 >> 2", "-4"},
    {"1 << 64", "error"},
    {"1 << -1", "error"},
    {"1.5 & 1", "error"},
    {"\"a\" | 1", "error"},
    {"undefined & 1", "undefined"},
    {"error | undefined", "error"},
    {"~undefined", "undefined"},
    {"~\"a\"", "error"},
    {"undefined ^ 1", "undefined"},
    {"\"a\" << 1", "error"},
    {"1 >> undefined", "undefined"},
    {"error & 1", "error"},
    {"1.5 ^ 1", "error"},
    {"1 | 2 ^ 3 & 4", "3"},
    {"1 + 2 << 1", "6"},
    {"1 << 2 < 5", "true"},
    // comparisons: strict; strings case-insensitive; string vs number is error
    {"1 < 2", "true"},
    {"2 <= 2", "true"},
    {"3 > 4", "false"},
    {"3 >= 3.0", "true"},
    {"1 == 1.0", "true"},
    {"1 != 2", "true"},
    {"(10 == 10)", "true"},
    {"(10 == 5)", "false"},
    {"(10 == \"ABC\")", "error"},
    {"\"ABC\" == \"abc\"", "true"},
    {"(10 == UNDEFINED)", "undefined"},
    {"(UNDEFINED == UNDEFINED)", "undefined"},
    {"(10 != 10)", "false"},
    {"(10 != 5)", "true"},
    {"(10 != \"ABC\")", "error"},
    {"\"ABC\" != \"abc\"", "false"},
    {"(10 != UNDEFINED)", "undefined"},
    {"(UNDEFINED != UNDEFINED)", "undefined"},
    {"\"a\" < \"B\"", "true"},
    {"\"b\" > \"A\"", "true"},
    {"\"abc\" < \"abd\"", "true"},
    {"\"ab\" < \"abc\"", "true"},
    {"\"ab\" >= \"AB\"", "true"},
    {"10 < \"a\"", "error"},
    {"error == undefined", "error"},
    {"undefined < error", "error"},
    {"\"a\" == undefined", "undefined"},
    {"{1} == {1}", "error"},
    {"{1} == undefined", "error"},
    {"[a = 1] == [a = 1]", "error"},
    {"true == 1", "true"},
    {"undefined <= 1", "undefined"},
    {"1 >= error", "error"},
    {"\"b\" > 1", "error"},
    {"{1} != 1", "error"},
    {"[a = 1] < undefined", "error"},
    {"undefined > \"a\"", "undefined"},
    {"false < true", "true"},
    {"1.5 > 1", "true"},
    // =?= and =!=: never undefined or error; same type and value; strings case-sensitive
    {"(10 =?= 10)", "true"},
    {"(10 =?= 5)", "false"},
    {"(10 =?= \"ABC\")", "false"},
    {"\"ABC\" =?= \"abc\"", "false"},
    {"\"abc\" =?= \"abc\"", "true"},
    {"(10 =?= UNDEFINED)", "false"},
    {"(UNDEFINED =?= UNDEFINED)", "true"},
    {"error =?= error", "true"},
    {"error =?= undefined", "false"},
    {"1 =?= 1.0", "false"},
    {"true =?= 1", "false"},
    {"(10 =!= 10)", "false"},
    {"(10 =!= 5)", "true"},
    {"(10 =!= \"ABC\")", "true"},
    {"\"ABC\" =!= \"abc\"", "true"},
    {"(10 =!= UNDEFINED)", "true"},
    {"(UNDEFINED =!= UNDEFINED)", "false"},
    {"undefined is undefined", "true"},
    {"1 isnt undefined", "true"},
    {"1 IS 1", "true"},
    {"{1, \"a\"} =?= {1, \"a\"}", "true"},
    {"{1, \"a\"} =?= {1, \"A\"}", "false"},
    {"{1} =?= {1, 2}", "false"},
    {"error =!= error", "false"},
    {"\"a\" =!= undefined", "true"},
    {"[a = 1] =?= [a = 1]", "false"},
    // && and ||: not strict; left to right; numbers are true when non-zero
    {"true && true", "true"},
    {"true && false", "false"},
    {"false && error", "false"},
    {"error && false", "error"},
    {"undefined && false", "false"},
    {"false && undefined", "false"},
    {"undefined && true", "undefined"},
    {"true && undefined", "undefined"},
    {"undefined && undefined", "undefined"},
    {"true && error", "error"},
    {"undefined && error", "error"},
    {"error && true", "error"},
    {"true || error", "true"},
    {"error || true", "error"},
    {"undefined || true", "true"},
    {"true || undefined", "true"},
    {"UNDEFINED || FALSE", "undefined"},
    {"false || undefined", "undefined"},
    {"false || false", "false"},
    {"false || error", "error"},
    {"undefined || error", "error"},
    {"1 && 2", "true"},
    {"0 || 0.0", "false"},
    {"0.5 && true", "true"},
    {"TRUE && \"foobar\"", "error"},
    {"\"foobar\" || true", "error"},
    {"false && \"x\"", "false"},
    {"{1} && true", "error"},
    {"!true", "false"},
    {"!0", "true"},
    {"!undefined", "undefined"},
    {"!error", "error"},
    {"!\"a\"", "error"},
    {"!{}", "error"},
    {"true || false && false", "true"},
    {"(true || false) && false", "false"},
    {"1 < 2 && 2 < 3", "true"},
    // ?: (strict in its condition, lazy in its branches) and ?: without a middle
    {"true ? 1 : 2", "1"},
    {"false ? 1 : 2", "2"},
    {"undefined ? 1 : 2", "undefined"},
    {"error ? 1 : 2", "error"},
    {"\"a\" ? 1 : 2", "error"},
    {"1 ? \"y\" : \"n\"", "\"y\""},
    {"0.0 ? 1 : 2", "2"},
    {"true ? 1 : error", "1"},
    {"false ? error : 3", "3"},
    {"true ? false ? 1 : 2 : 3", "2"},
    {"false ? 1 : true ? 2 : 3", "2"},
    {"undefined ?: 7", "7"},
    {"5 ?: 7", "5"},
    {"error ?: 7", "error"},
    {"1 + 1 == 2 ? \"eq\" : \"ne\"", "\"eq\""},
    {"true && false ? 1 : 2", "2"},
    // functions
    {"member(2, {1, 2, 3})", "true"},
    {"member(4, {1, 2, 3})", "false"},
    {"member(\"B\", {\"a\", \"b\"})", "true"},
    {"member(2.0, {1, 2})", "true"},
    {"member(1, {\"a\", 1})", "true"},
    {"member(undefined, {1})", "undefined"},
    {"member(1, undefined)", "undefined"},
    {"member(1, 2)", "error"},
    {"member({1}, {{1}})", "error"},
    {"member(error, {1})", "error"},
    {"member(1)", "error"},
    {"MEMBER(1, {1})", "true"},
    {"isUndefined(undefined)", "true"},
    {"isUndefined(1)", "false"},
    {"isUndefined(error)", "false"},
    {"isUndefined(x)", "true"},
    {"isUndefined(1, 2)", "error"},
    {"isError(1/0)", "true"},
    {"isError(undefined)", "false"},
    {"isError()", "error"},
    {"ifThenElse(true, 1, 2)", "1"},
    {"ifThenElse(false, 1, 2)", "2"},
    {"ifThenElse(undefined, 1, 2)", "undefined"},
    {"ifThenElse(error, 1, 2)", "error"},
    {"ifThenElse(\"a\", 1, 2)", "error"},
    {"ifThenElse(0.0, 1, 2)", "2"},
    {"ifThenElse(2.5, 1, 2)", "1"},
    {"ifThenElse(true, 1, 1/0)", "1"},
    {"ifThenElse(true, 1)", "error"},
    {"strcat(\"a\", \"b\")", "\"ab\""},
    {"strcat(\"x\", 1, 2.5, true)", "\"x12.5true\""},
    {"strcat()", "\"\""},
    {"strcat(\"a\", undefined)", "error"},
    {"strcat(\"a\", error)", "error"},
    {"strcat({1, 2})", "\"{1, 2}\""},
    {"int(3.7)", "3"},
    {"int(-3.7)", "-3"},
    {"int(\"42\")", "42"},
    {"int(\" 42 \")", "42"},
    {"int(\"4.9\")", "4"},
    {"int(\"x\")", "error"},
    {"int(true)", "1"},
    {"int(undefined)", "error"},
    {"int(error)", "error"},
    {"int(1e300)", "error"},
    {"real(3)", "3.0"},
    {"real(\"2.5\")", "2.5"},
    {"real(\"abc\")", "error"},
    {"real(undefined)", "error"},
    {"real(false)", "0.0"},
    {"size(\"abc\")", "3"},
    {"size({1, 2, 3})", "3"},
    {"size([a = 1; b = 2])", "2"},
    {"size(undefined)", "undefined"},
    {"size(3)", "error"},
    {"size(\"\")", "0"},
    {"string(3)", "\"3\""},
    {"string(undefined)", "error"},
    {"isString(\"a\")", "true"},
    {"isInteger(1.0)", "false"},
    {"isReal(1.0)", "true"},
    {"isBoolean(1)", "false"},
    {"isList({})", "true"},
    {"isClassAd([])", "true"},
    {"DayTime()", "undefined"},
    {"daytime(1)", "error"},
    // lists, records, selection and subscripts
    {"{1, 2, 3}[0]", "1"},
    {"{1, 2, 3}[2]", "3"},
    {"{1, 2}[2]", "error"},
    {"{1, 2}[-1]", "error"},
    {"{1, 2}[\"a\"]", "error"},
    {"{1, 2}[undefined]", "undefined"},
    {"undefined[0]", "undefined"},
    {"[a = 1][\"A\"]", "1"},
    {"[a = 1][\"b\"]", "undefined"},
    {"[a = 1].b", "undefined"},
    {"[a = 1].A", "1"},
    {"\"s\".a", "error"},
    {"undefined.a", "undefined"},
    {"error.a", "error"},
    {"[a = [b = 2]].a.b", "2"},
    {"[a = {1, 2}].a[1]", "2"},
    {"[a = 1; b = [c = a]].b.c", "1"},
    {"[a = 1; b = [a = 2; c = a]].b.c", "2"},
    {"[a = b; b = a].a", "error"},
    {"[a = a + 1].a", "error"},
    {"[x = 1; y = self.x].y", "1"},
    {"[x = 1; y = [z = parent.x]].y.z", "1"},
    {"[x = 5; y = [x = 1; z = parent.x]].y.z", "5"},
    {"[r = [q = 1]].r.parent.r.q", "1"},
    {"[a = 1; b = my.a].b", "undefined"},  // no match: MY is not defined
    {"[A = 1; b = a].b", "1"},
    {"[a = 2; b = a * a].b + 1", "5"},
    {"other", "undefined"},
    {"other.x", "undefined"},
    {"target.x", "undefined"},
    {"self", "undefined"},
    {"x", "undefined"},
    {"x + 1", "undefined"},
    {"x == 1 || true", "true"},
};

}  // namespace

TEST(ClassadTable, HasAtLeast150Cases) {
  EXPECT_GE(kCases.size(), 150u);
}

TEST(ClassadTable, EveryExpressionEvaluatesToItsExpectedValue) {
  for (const auto& c : kCases) {
    const ca::Expression e = ca::parse_expression(c.expr, "table");
    const ca::Value v = ca::evaluate(e.root(), nullptr);
    EXPECT_EQ(ca::to_string(v), c.expected) << c.expr;
  }
}

TEST(ClassadTable, EveryValuePrintsBackToAnIdenticalValue) {
  for (const auto& c : kCases) {
    const ca::Expression e = ca::parse_expression(c.expr, "table");
    const ca::Value v = ca::evaluate(e.root(), nullptr);
    const std::string text = ca::to_string(v);
    const ca::Expression back = ca::parse_expression(text, "printed");
    const ca::Value w = ca::evaluate(back.root(), nullptr);
    if (v.is(ca::Kind::Record)) {
      EXPECT_EQ(ca::to_string(w), text) << c.expr;  // a new record: compare its text
    } else {
      EXPECT_TRUE(ca::identical(v, w)) << c.expr << " printed as " << text;
    }
  }
}

TEST(ClassadTable, ExpressionsUnparseToTextWithTheSameValue) {
  for (const auto& c : kCases) {
    const ca::Expression e = ca::parse_expression(c.expr, "table");
    const std::string text = ca::unparse(e.root());
    const ca::Expression back = ca::parse_expression(text, "unparsed");
    EXPECT_EQ(ca::unparse(back.root()), text) << c.expr;
    EXPECT_EQ(ca::to_string(ca::evaluate(back.root(), nullptr)),
              ca::to_string(ca::evaluate(e.root(), nullptr)))
        << c.expr << " unparsed as " << text;
  }
}

TEST(ClassadTable, DayTimeReadsTheCallersClock) {
  const ca::Expression e = ca::parse_expression("DayTime()", "t");
  EXPECT_EQ(ca::to_string(ca::evaluate(e.root(), nullptr, 36000.0)), "36000");
  EXPECT_EQ(ca::to_string(ca::evaluate(e.root(), nullptr, 3 * 86400.0 + 3600.5)), "3600");
  EXPECT_EQ(ca::to_string(ca::evaluate(e.root(), nullptr, -1.0)), "86399");
  const ca::Expression day =
      ca::parse_expression("DayTime() >= '9:00' && DayTime() <= '17:00'", "t");
  EXPECT_EQ(ca::to_string(ca::evaluate(day.root(), nullptr, 10 * 3600.0)), "true");
  EXPECT_EQ(ca::to_string(ca::evaluate(day.root(), nullptr, 20 * 3600.0)), "false");
  EXPECT_EQ(ca::to_string(ca::evaluate(day.root(), nullptr)), "undefined");
}
