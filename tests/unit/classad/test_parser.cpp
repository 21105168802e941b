// Syntax errors name file:line:col and what was expected; limits refuse what could exhaust the
// stack; ads and port lists are read as Raman et al. §4.1 describes.
#include <gtest/gtest.h>
#include <pthread.h>

#include <string>
#include <vector>

#include "base/input_error.hpp"
#include "classad/eval.hpp"
#include "classad/parser.hpp"
#include "classad/print.hpp"

namespace ca = arsim::classad;

namespace {

struct ErrorCase {
  std::string text;
  int line, col;
  std::string message;  // a part of the message
};

ca::ParseError error_of(const std::string& text, const ca::ParseLimits& limits = {}) {
  try {
    ca::parse_ads(text, "t.ad", limits);
  } catch (const ca::ParseError& e) {
    return e;
  }
  ADD_FAILURE() << "no ParseError for: " << text;
  return ca::ParseError("none", 0, 0, "none");
}

}  // namespace

TEST(ClassadParser, SyntaxErrorsNameFileLineColumnAndWhatWasExpected) {
  const std::vector<ErrorCase> cases = {
      {"[ a = 1 b = 2 ]", 1, 9, "expected ';' or ']' after the value of attribute 'a', got 'b'"},
      {"[ a = ]", 1, 7, "expected an expression, got ']'"},
      {"[ a = 1; A = 2 ]", 1, 10, "attribute 'A' is defined twice in this record (first at line 1"},
      {"[ a = \"abc ]", 1, 7, "unterminated string"},
      {"[ a = 3Mb ]", 1, 8, "unexpected 'M' after the number '3'"},
      {"[ a = '25:99' ]", 1, 7, "expected a time 'H:MM[:SS]'"},
      {"[ a = foo(1) ]", 1, 7, "unknown function 'foo'; known: member"},
      {"[ a = 1 + ]", 1, 11, "expected an expression, got ']'"},
      {"[\n  a = 1;\n  b = (2 + ;\n]", 3, 12, "expected an expression, got ';'"},
      {"[ \xD0\xA2ype = 1 ]", 1, 3, "unexpected non-ASCII character (byte 0xD0)"},
      {"[ a = 1 /* open", 1, 9, "unterminated comment"},
      {"[ a = \"x\\q\" ]", 1, 9, "unknown escape in string"},
      {"[ a = 99999999999999999999 ]", 1, 7, "integer literal '99999999999999999999' is out"},
      {"[ a = 1e999 ]", 1, 7, "real literal '1e999' is out of range"},
      {"[ a = 8388608T ]", 1, 7, "integer literal '8388608T' is out of range"},
      {"[ a = (1 ]", 1, 10, "expected ')', got ']'"},
      {"[ a = {1 2} ]", 1, 10, "expected ',' or '}' in the list, got number 2"},
      {"[ a = f(1 ]", 1, 7, "unknown function 'f'"},
      {"[ a = member(1 2) ]", 1, 16, "expected ',' or ')' in the arguments of member()"},
      {"[ a = x. ]", 1, 10, "expected an attribute name after '.', got ']'"},
      {"[ a = x[1 ; ]", 1, 11, "expected ']' closing the subscript, got ';'"},
      {"[ a = true ? 1 ]", 1, 16, "expected ':' of the conditional expression"},
      {"[ true = 1 ]", 1, 3, "expected an attribute name or ']' in the record, got 'true'"},
      {"[ a 1 ]", 1, 5, "expected '=' after the attribute name 'a', got number 1"},
      {"[ a = is ]", 1, 7, "expected an expression, got 'is'"},
      {"[ a = 1 $ ]", 1, 9, "unexpected character '$'"},
      {"", 1, 1, "expected '[' to start an ad, got end of input"},
      {"[ a = 1 ] junk", 1, 11, "expected '[' to start an ad, got 'junk'"},
      {"a = 1", 1, 1, "expected '[' to start an ad, got 'a'"},
      {"[ a = 'Mon Feb 30 10:00:00 2000' ]", 1, 7, "expected a time"},
      // port lists (Raman et al. §4.1)
      {"[ Ports = 3 ]", 1, 11, "expected the Ports attribute to be a list of port records"},
      {"[ Ports = { 1 } ]", 1, 13, "expected a port record [ Label = name; ... ] as port 1"},
      {"[ Ports = { [ Constraint = true ] } ]", 1, 13, "port 1 has no Label"},
      {"[ Ports = { [ Label = 3 ] } ]", 1, 23, "expected a bare name as the Label of port 1"},
      {"[ Ports = { [ Label = other ] } ]", 1, 23, "expected a bare name as the Label"},
      {"[ Ports = { [ Label = a ], [ Label = A ] } ]", 1, 38,
       "label 'A' is declared by two ports of this ad"},
      {"[ Ports = {\n  [ Label = a; Constraint = b.x == 1 ],\n  [ Label = b ] } ]", 2, 29,
       "label 'b' of port 2 (line 3) is not visible in port 1: a port may refer to its own label "
       "and to those of earlier ports only"},
  };
  for (const auto& c : cases) {
    const ca::ParseError e = error_of(c.text);
    EXPECT_EQ(e.file(), "t.ad") << c.text;
    EXPECT_EQ(e.line(), c.line) << c.text << "\n" << e.what();
    EXPECT_EQ(e.col(), c.col) << c.text << "\n" << e.what();
    EXPECT_NE(e.message().find(c.message), std::string::npos) << c.text << "\n" << e.what();
    const std::string prefix =
        "t.ad:" + std::to_string(c.line) + ":" + std::to_string(c.col) + ": ";
    EXPECT_EQ(std::string(e.what()).rfind(prefix, 0), 0u) << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << "one line: " << e.what();
  }
}

TEST(ClassadParser, ExpressionErrorsNameTheirSource) {
  try {
    ca::parse_expression("1 +", "<argument 1>");
    FAIL();
  } catch (const ca::ParseError& e) {
    EXPECT_STREQ(e.what(), "<argument 1>:1:4: expected an expression, got end of input");
  }
  try {
    ca::parse_expression("1 2", "x");
    FAIL();
  } catch (const ca::ParseError& e) {
    EXPECT_STREQ(e.what(),
                 "x:1:3: expected an operator or the end of the expression, got number 2");
  }
}

TEST(ClassadParser, UnreadableFileIsAnInputErrorNamingIt) {
  try {
    ca::read_ads_file("no/such/file.ad");
    FAIL();
  } catch (const arsim::InputError& e) {
    EXPECT_STREQ(e.what(), "no/such/file.ad: cannot read classad file: no such file");
  }
}

TEST(ClassadParser, DeepNestingIsRefusedNotOverflowed) {
  const std::string parens = std::string(100000, '(') + "1" + std::string(100000, ')');
  EXPECT_NE(error_of("[ a = " + parens + " ]").message().find("nested more than 200 levels"),
            std::string::npos);
  std::string unary(100000, '-');
  EXPECT_NE(error_of("[ a = " + unary + "1 ]").message().find("nested"), std::string::npos);
  std::string records;
  for (int i = 0; i < 100000; ++i) records += "[ a = ";
  EXPECT_NE(error_of(records).message().find("nested"), std::string::npos);
  std::string lists(100000, '{');
  EXPECT_NE(error_of("[ a = " + lists + " ]").message().find("nested"), std::string::npos);
  // Operators of different levels nest: 1 * 1 + 1 * 1 + ... is one chain of +, but alternating
  // levels inside parentheses is nesting.
  std::string alternating = "1";
  for (int i = 0; i < 150; ++i) alternating = "(" + alternating + " + 1) * 1";
  EXPECT_NE(error_of("[ a = " + alternating + " ]").message().find("nested more than 200"),
            std::string::npos);
}

TEST(ClassadParser, AChainOfOneOperatorIsNotNesting) {
  // HTCondor pools write Requirements such as Owner == "a" || Owner == "b" || ... .
  for (const int terms : {200, 10000}) {
    std::string chain = "Owner == \"u0\"";
    for (int i = 1; i < terms; ++i) chain += " || Owner == \"u" + std::to_string(i) + "\"";
    const ca::ClassAd ad = ca::parse_ad(
        "[ Owner = \"u" + std::to_string(terms - 1) + "\"; Requirements = " + chain + " ]", "t");
    EXPECT_EQ(ca::to_string(ca::evaluate(*ad.constraint(), nullptr)), "true") << terms;
    const ca::ClassAd other = ca::parse_ad("[ Owner = \"x\"; Requirements = " + chain + " ]", "t");
    EXPECT_EQ(ca::to_string(ca::evaluate(*other.constraint(), nullptr)), "false") << terms;
    EXPECT_EQ(ca::unparse(*ad.constraint()), chain) << terms;
  }
  // Mixed operators of one level are one chain too, evaluated from the left.
  std::string sum = "10000";
  for (int i = 0; i < 10000; ++i) sum += i % 2 ? " + 2" : " - 3";
  EXPECT_EQ(ca::to_string(ca::evaluate(ca::parse_expression(sum, "t").root(), nullptr)), "5000");
  // && chains are split into their conjuncts.
  std::string all = "x0 == 0";
  for (int i = 1; i < 10000; ++i) all += " && x" + std::to_string(i) + " == 0";
  const ca::ClassAd conj = ca::parse_ad("[ Constraint = " + all + " ]", "t");
  EXPECT_EQ(conj.conjuncts().size(), 10000u);
  EXPECT_EQ(ca::unparse(*conj.conjuncts()[9999]), "x9999 == 0");
  // Beyond max_depth operands, one line names the limit.
  std::string too_long = "1";
  for (int i = 0; i < 100000; ++i) too_long += " + 1";
  EXPECT_NE(error_of("[ a = " + too_long + " ]")
                .message()
                .find("expression more than 16000 operands deep"),
            std::string::npos);
}

namespace {

// Runs `f` on a thread with a 128 KiB stack: a recursion along a chain of 10,000 operands (one
// frame of at least 48 bytes per operand) would overflow it. Returns what `f` threw, if anything.
template <class F>
std::string on_small_stack(F f) {
  struct Job {
    F f;
    std::string error;
  } job{std::move(f), {}};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 128 * 1024);
  pthread_t thread;
  auto body = [](void* arg) -> void* {
    auto& j = *static_cast<Job*>(arg);
    try {
      j.f();
    } catch (const std::exception& e) {
      j.error = e.what();
    }
    return nullptr;
  };
  if (pthread_create(&thread, &attr, body, &job) != 0) return "pthread_create failed";
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
  return job.error;
}

}  // namespace

TEST(ClassadParser, LongChainsParseEvaluatePrintAndFreeWithoutDeepRecursion) {
  std::string chain = "x == 0";
  for (int i = 1; i < 10000; ++i) chain += i % 2 ? " || x == 0" : " && x == 0";
  std::string ands = "x == 0";
  for (int i = 1; i < 10000; ++i) ands += " && x == 0";
  std::string printed, value, conjuncts;
  const std::string error = on_small_stack([&] {
    {
      const ca::ClassAd ad = ca::parse_ad("[ x = 0; Constraint = " + ands + " ]", "t");
      value = ca::to_string(ca::evaluate(*ad.constraint(), nullptr));
      printed = ca::unparse(*ad.constraint());
      conjuncts = std::to_string(ad.conjuncts().size());
    }  // freed here
    const auto mixed = ca::parse_expression("[ x = 1; y = " + chain + " ].y", "t");
    value += " " + ca::to_string(ca::evaluate(mixed.root(), nullptr));
  });
  EXPECT_EQ(error, "");
  EXPECT_EQ(value, "true false");
  EXPECT_EQ(printed, ands);
  EXPECT_EQ(conjuncts, "10000");
}

TEST(ClassadParser, ManyAttributesAreFoundAndDuplicatesNamed) {
  for (const int n : {7, 8, 9, 100000}) {
    std::string text = "[";
    for (int i = 0; i < n; ++i) text += " a" + std::to_string(i) + " = " + std::to_string(i) + ";";
    const ca::ClassAd ad = ca::parse_ad(text + " ]", "t");
    for (const int i : {0, n / 2, n - 1}) {
      const ca::Expr* e = ad.find("A" + std::to_string(i));  // names are case-insensitive
      ASSERT_NE(e, nullptr) << n << " " << i;
      EXPECT_EQ(ca::to_string(ca::evaluate(*e, nullptr)), std::to_string(i));
    }
    EXPECT_EQ(ad.find("a" + std::to_string(n)), nullptr);
    const ca::ParseError dup = error_of(text + " A" + std::to_string(n / 2) + " = 0 ]");
    EXPECT_NE(dup.message().find("defined twice in this record (first at line 1, column " +
                                 std::to_string(text.find(" a" + std::to_string(n / 2) + " ") + 2)),
              std::string::npos)
        << dup.what();
  }
}

TEST(ClassadParser, InputSizeIsBounded) {
  ca::ParseLimits small;
  small.max_bytes = 100;
  const std::string text = "[ a = \"" + std::string(200, 'x') + "\" ]";
  const ca::ParseError e = error_of(text, small);
  EXPECT_NE(e.message().find("input is 210 bytes; at most 100 are read"), std::string::npos);
}

TEST(ClassadParser, EvaluationDepthIsBoundedByError) {
  // A chain of 5000 attributes, each one more than the previous: deeper than kMaxDepth.
  std::string text = "[ a0 = 0";
  for (int i = 1; i < 5000; ++i)
    text += "; a" + std::to_string(i) + " = a" + std::to_string(i - 1) + " + 1";
  text += " ]";
  const ca::ClassAd ad = ca::parse_ad(text, "t");
  const auto e = ca::parse_expression("a4999", "t", &ad);
  EXPECT_EQ(ca::to_string(ca::evaluate(e.root(), nullptr)), "error");
  const auto shallow = ca::parse_expression("a100", "t", &ad);
  EXPECT_EQ(ca::to_string(ca::evaluate(shallow.root(), nullptr)), "100");
}

TEST(ClassadParser, PrecedenceFollowsTheManual) {
  // Each pair: the expression and its fully parenthesised reading.
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"1 || 0 && 0", "1 || (0 && 0)"},
      {"1 && 0 | 1", "1 && (0 | 1)"},
      {"6 | 5 ^ 3", "6 | (5 ^ 3)"},
      {"6 ^ 5 & 3", "6 ^ (5 & 3)"},
      {"6 & 5 == 5", "6 & (5 == 5)"},
      {"1 == 2 < 3", "1 == (2 < 3)"},
      {"1 < 2 << 3", "1 < (2 << 3)"},
      {"1 << 2 + 3", "1 << (2 + 3)"},
      {"1 + 2 * 3", "1 + (2 * 3)"},
      {"-2 * 3", "(-2) * 3"},
      {"!0 == 1", "(!0) == 1"},
      {"1 ? 2 : 3 ? 4 : 5", "1 ? 2 : (3 ? 4 : 5)"},
      {"1 || 0 ? 7 : 8", "(1 || 0) ? 7 : 8"},
      {"10 - 4 - 3", "(10 - 4) - 3"},
      {"2 =?= 2 == true", "(2 =?= 2) == true"},
  };
  for (const auto& [expr, parens] : pairs) {
    const auto a = ca::parse_expression(expr, "t");
    const auto b = ca::parse_expression(parens, "t");
    EXPECT_EQ(ca::unparse(a.root()), ca::unparse(b.root())) << expr;
  }
}

TEST(ClassadParser, SeveralAdsInOneTextAndCommentsAnywhere) {
  const auto ads = ca::parse_ads(
      "// a pool\n[ a = 1; /* inline */ b = 2 ]\n\n[ c = \"x//y\" ] // done\n", "pool.ad");
  ASSERT_EQ(ads.size(), 2u);
  EXPECT_EQ(ads[0].where(), "pool.ad:2");
  EXPECT_EQ(ads[1].where(), "pool.ad:4");
  EXPECT_EQ(ca::to_string(ca::evaluate(*ads[1].find("C"), nullptr)), "\"x//y\"");
  EXPECT_THROW(ca::parse_ad("[a=1] [b=2]", "two.ad"), ca::ParseError);
}

TEST(ClassadParser, PortsLabelsAndConjuncts) {
  const ca::ClassAd ad = ca::parse_ad(
      "[ Ports = { [ Label = cpu; Constraint = cpu.a == 1 && (cpu.b > 2 && cpu.c) ],"
      "            [ Label = lic; Requirements = lic.x == cpu.y; Rank = 3 ],"
      "            [ Label = free ] } ]",
      "t");
  ASSERT_EQ(ad.port_count(), 3);
  EXPECT_EQ(ad.ports()[0].label, "cpu");
  EXPECT_EQ(ad.ports()[1].label, "lic");
  ASSERT_EQ(ad.ports()[0].conjuncts.size(), 3u);
  EXPECT_EQ(ca::unparse(*ad.ports()[0].conjuncts[1]), "cpu.b > 2");
  ASSERT_NE(ad.ports()[1].constraint, nullptr);  // Requirements stands in for Constraint
  EXPECT_EQ(ca::unparse(*ad.ports()[1].constraint), "lic.x == cpu.y");
  ASSERT_NE(ad.ports()[1].rank, nullptr);
  EXPECT_EQ(ad.ports()[2].constraint, nullptr);
  EXPECT_TRUE(ad.ports()[2].conjuncts.empty());
  EXPECT_EQ(ad.constraint(), nullptr);
}
