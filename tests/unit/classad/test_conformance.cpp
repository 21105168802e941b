// Where this library follows HTCondor's ClassAd language and where it documents a difference
// (classad/README.md, "Differences from HTCondor"): selection through lists, absolute
// references, `%` on reals, `my` outside a match, string() of a list, and selection falling
// back to the enclosing records. The vectors are derived from HTCondor's manual ("HTCondor's
// ClassAd Mechanism") and the behaviour its library documents.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "classad/eval.hpp"
#include "classad/match.hpp"
#include "classad/parser.hpp"
#include "classad/print.hpp"

namespace ca = arsim::classad;

namespace {

std::string value_of(const std::string& expr) {
  return ca::to_string(ca::evaluate(ca::parse_expression(expr, "t").root(), nullptr));
}

void expect_values(const std::vector<std::pair<std::string, std::string>>& cases) {
  for (const auto& [expr, expected] : cases) EXPECT_EQ(value_of(expr), expected) << expr;
}

}  // namespace

TEST(ClassadConformance, SelectionThroughAListSelectsFromEveryItem) {
  expect_values({
      {"{[a = 8], [a = 9]}.a", "{8, 9}"},
      {"{[a = 8], [b = 1], 3, undefined, error}.a", "{8, undefined, error, undefined, error}"},
      {"{[a = 1], {[a = 2], [a = 3]}}.a", "{1, {2, 3}}"},
      {"{}.a", "{}"},
      {"[l = {[x = 1], [x = 2]}].l.x", "{1, 2}"},
      {"{[a = [b = 4]], [a = [b = 5]]}.a.b", "{4, 5}"},
      {"size({[a = 8], [a = 9]}.a)", "2"},
  });
}

TEST(ClassadConformance, AbsoluteReferencesStartAtTheTopLevelRecord) {
  expect_values({
      {"[a = 1; b = [a = 2; c = .a; d = a]].b.c", "1"},
      {"[a = 1; b = [a = 2; c = .a; d = a]].b.d", "2"},
      {"[a = 1; b = [c = [d = .a + 1]]].b.c.d", "2"},
      {"[a = 1; b = [x = 3; c = .x]].b.c", "undefined"},  // only the top level is looked in
      {".a", "undefined"},                                // no record at all
  });
  // In the context of an ad, the top level is that ad.
  const auto ad = ca::parse_ad("[ a = 1; r = [ a = 2; v = .a ] ]", "t");
  EXPECT_EQ(ca::to_string(ca::evaluate(ca::parse_expression("r.v", "t", &ad).root(), nullptr)),
            "1");
  EXPECT_EQ(ca::to_string(ca::evaluate(ca::parse_expression(".a", "t", &ad).root(), nullptr)), "1");
  // It prints back as written and is never a port label.
  EXPECT_EQ(ca::unparse(ca::parse_expression("[b = .a + 1]", "t").root()), "[b = .a + 1]");
  const auto gang = ca::parse_ad(
      "[ cpu = 7; Ports = { [ Label = cpu; Constraint = .cpu == 7 && cpu.x == 1 ] } ]", "g");
  const auto partner = ca::parse_ad("[ x = 1 ]", "p");
  const ca::RecordRef bound[] = {{&partner.record(), nullptr}};
  ca::Binding b;
  b.ports = bound;
  b.port_count = 1;
  EXPECT_EQ(ca::to_string(ca::evaluate(*gang.ports()[0].constraint, &b)), "true");
  try {
    ca::parse_expression(". true", "t");
    FAIL();
  } catch (const ca::ParseError& e) {
    EXPECT_STREQ(e.what(),
                 "t:1:3: expected an attribute name after '.' (an absolute reference), "
                 "got 'true'");
  }
}

TEST(ClassadConformance, RemainderTakesIntegersOnly) {
  expect_values({
      {"7 % 3", "1"},
      {"-7 % 3", "-1"},
      {"true % 2", "1"},
      {"5.5 % 2", "error"},
      {"5 % 2.0", "error"},
      {"5.0 % 0", "error"},
      {"undefined % 2.5", "undefined"},
  });
}

TEST(ClassadConformance, MyIsTheAdInAMatchAndUndefinedOutsideOne) {
  // With a single ad, MY. is not defined (the HTCondor manual).
  expect_values({
      {"[a = 1; b = my.a].b", "undefined"},
      {"[a = 1; b = isUndefined(my)].b", "true"},
  });
  const auto a = ca::parse_ad(
      "[ Memory = 2; r = [ Memory = 5; m = my.Memory ]; Constraint = r.m == 2 && other.x == 1 ]",
      "a");
  const auto b = ca::parse_ad("[ x = 1 ]", "b");
  // In a match, MY is the ad itself (its top level, not the innermost record).
  EXPECT_TRUE(ca::match_bilateral(a, b).matched);
  EXPECT_EQ(ca::to_string(ca::evaluate(ca::parse_expression("r.m", "t", &a).root(), nullptr)),
            "undefined");
  // Inside a port, MY is defined once the port is bound.
  const auto gang =
      ca::parse_ad("[ n = 3; Ports = { [ Label = cpu; n = 1; Constraint = my.n == 3 ] } ]", "g");
  const ca::RecordRef unbound[] = {{nullptr, nullptr}};
  ca::Binding u;
  u.ports = unbound;
  u.port_count = 1;
  ca::EvalState st;
  EXPECT_EQ(ca::to_string(ca::evaluate(*gang.ports()[0].constraint, &u, st)), "undefined");
  EXPECT_TRUE(st.touched_unbound);
  const ca::RecordRef bound[] = {{&b.record(), nullptr}};
  ca::Binding m;
  m.ports = bound;
  m.port_count = 1;
  EXPECT_EQ(ca::to_string(ca::evaluate(*gang.ports()[0].constraint, &m)), "true");
}

TEST(ClassadConformance, StringOfAListIsItsPrintedTextWhichReadsBack) {
  // HTCondor writes "{ 1,2 }"; the manual fixes no layout. Ours reads back to the same list.
  expect_values({
      {"string({1, 2})", "\"{1, 2}\""},
      {"string({1, \"a\", {2.5}})", "\"{1, \\\"a\\\", {2.5}}\""},
      {"string([a = 1; b = {true}])", "\"[a = 1; b = {true}]\""},
      {"strcat(\"x\", {1})", "\"x{1}\""},
  });
  const ca::Value text =
      ca::evaluate(ca::parse_expression("string({1, \"a\", {2.5}})", "t").root(), nullptr);
  const ca::Value back = ca::evaluate(ca::parse_expression(text.as_string(), "t").root(), nullptr);
  const ca::Value list =
      ca::evaluate(ca::parse_expression("{1, \"a\", {2.5}}", "t").root(), nullptr);
  EXPECT_TRUE(ca::identical(back, list));
}

TEST(ClassadConformance, SelectionFallsBackToTheEnclosingRecordsAsInHTCondor) {
  expect_values({
      {"[x = 1; r = [y = 2]].r.x", "1"},
      {"[x = 1; r = [x = 3; y = 2]].r.x", "3"},
      {"[x = 1; r = [y = 2]][\"r\"][\"x\"]", "1"},
  });
}
