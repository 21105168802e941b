// Params: defaults, typed validation, and error messages that name the key and what was valid.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "schedulers/params.hpp"

namespace arsim::schedulers {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

struct Demo {
  int n = 5;
  double alpha = 0.5;
  bool flag = false;
  std::string mode = "fast";
  std::string label = "x";
  std::vector<std::string> args = {"-a", "1"};
};

std::vector<ParamSpec> specs() {
  return {
      field("n", &Demo::n).at_least(1).at_most(10).about("count"),
      field("alpha", &Demo::alpha).at_least(0).at_most(1).about("weight"),
      field("flag", &Demo::flag).about("switch"),
      field("mode", &Demo::mode).one_of({"fast", "slow"}).about("how"),
      field("label", &Demo::label).may_be_empty().about("free text"),
      words("args", &Demo::args).about("options as on a command line"),
  };
}

Demo demo(const std::map<std::string, std::string>& raw) {
  return Params("o", specs(), raw).to<Demo>();
}

// The ParamError message for `raw`, or "" when it was accepted.
std::string error_of(const std::map<std::string, std::string>& raw) {
  try {
    Params("algo 'demo'", specs(), raw);
  } catch (const ParamError& e) {
    return e.what();
  }
  return "";
}

TEST(Params, DefaultsFillMissingKeys) {
  const Params p("algo 'demo'", specs(), {});
  const Demo d = p.to<Demo>(Demo{0, 0, true, "", "", {}});  // every field from the declarations
  EXPECT_EQ(d.n, 5);
  EXPECT_DOUBLE_EQ(d.alpha, 0.5);
  EXPECT_FALSE(d.flag);
  EXPECT_EQ(d.mode, "fast");
  EXPECT_EQ(d.label, "x");
  EXPECT_EQ(d.args, (std::vector<std::string>{"-a", "1"}));
  EXPECT_EQ(p.values().size(), 6u);
  EXPECT_EQ(p.values().at("args"), "-a 1");  // the initializer's words joined by one space
}

TEST(Params, GivenValuesOverrideDefaults) {
  const Demo d = demo({{"n", "10"},
                       {"alpha", "1"},
                       {"flag", "yes"},
                       {"mode", "slow"},
                       {"label", ""},
                       {"args", "  -b  2\t-c "}});
  EXPECT_EQ(d.n, 10);
  EXPECT_DOUBLE_EQ(d.alpha, 1.0);
  EXPECT_TRUE(d.flag);
  EXPECT_EQ(d.mode, "slow");
  EXPECT_EQ(d.label, "");
  EXPECT_EQ(d.args, (std::vector<std::string>{"-b", "2", "-c"}));
  EXPECT_TRUE(demo({{"args", ""}}).args.empty());
}

TEST(Params, BoolSpellings) {
  for (const char* t : {"true", "1", "yes", "on"}) EXPECT_TRUE(demo({{"flag", t}}).flag) << t;
  for (const char* f : {"false", "0", "no", "off"}) EXPECT_FALSE(demo({{"flag", f}}).flag) << f;
}

TEST(Params, IntegersMustBeWrittenAsIntegers) {
  // As scenario keys: "7.0" or "1e1" is a number, not an integer; surrounding blanks are trimmed.
  EXPECT_THAT(error_of({{"n", "7.0"}}),
              AllOf(HasSubstr("'n'"), HasSubstr("an integer in [1, 10]")));
  EXPECT_THAT(error_of({{"n", "1e1"}}), HasSubstr("'n'"));
  EXPECT_EQ(demo({{"n", " 3 "}}).n, 3);
}

TEST(Params, UnknownKeyListsValidKeys) {
  const std::string err = error_of({{"bogus", "1"}});
  EXPECT_THAT(
      err, AllOf(HasSubstr("algo 'demo'"), HasSubstr("unknown parameter 'bogus'"), HasSubstr("n"),
                 HasSubstr("alpha"), HasSubstr("flag"), HasSubstr("mode"), HasSubstr("label")));
  try {
    Params("none", {}, {{"k", "v"}});
    ADD_FAILURE() << "accepted a key without specs";
  } catch (const ParamError& e) {
    EXPECT_THAT(e.what(), HasSubstr("valid: none"));
  }
}

TEST(Params, WrongTypeNamesKey) {
  EXPECT_THAT(error_of({{"n", "abc"}}), AllOf(HasSubstr("'n'"), HasSubstr("integer")));
  EXPECT_THAT(error_of({{"n", "2.5"}}), AllOf(HasSubstr("'n'"), HasSubstr("integer")));
  EXPECT_THAT(error_of({{"n", ""}}), HasSubstr("'n'"));
  EXPECT_THAT(error_of({{"alpha", "half"}}), AllOf(HasSubstr("'alpha'"), HasSubstr("number")));
  EXPECT_THAT(error_of({{"alpha", "nan"}}), HasSubstr("'alpha'"));
  EXPECT_THAT(error_of({{"alpha", "inf"}}), HasSubstr("'alpha'"));
  EXPECT_THAT(error_of({{"flag", "maybe"}}),
              AllOf(HasSubstr("'flag'"), HasSubstr("true or false")));
  EXPECT_THAT(error_of({{"mode", "medium"}}), AllOf(HasSubstr("'mode'"), HasSubstr("fast, slow")));
}

TEST(Params, OutOfRangeNamesKeyAndRange) {
  EXPECT_THAT(error_of({{"n", "0"}}), AllOf(HasSubstr("'n'"), HasSubstr("[1, 10]")));
  EXPECT_THAT(error_of({{"n", "11"}}), HasSubstr("'n'"));
  EXPECT_THAT(error_of({{"n", "1e10"}}), HasSubstr("'n'"));
  EXPECT_THAT(error_of({{"alpha", "1.5"}}), AllOf(HasSubstr("'alpha'"), HasSubstr("[0, 1]")));
  EXPECT_THAT(error_of({{"alpha", "-0.1"}}), HasSubstr("'alpha'"));
  EXPECT_EQ(error_of({{"n", "1"}, {"alpha", "0"}}), "");  // bounds are inclusive
}

TEST(Params, IntOutsideIntRangeRefusedEvenWithoutBounds) {
  struct Big {
    int big = 0;
  };
  const std::vector<ParamSpec> s{field("big", &Big::big)};
  EXPECT_EQ(Params("o", s, {{"big", "2147483647"}}).to<Big>().big, 2147483647);
  EXPECT_THROW(Params("o", s, {{"big", "3000000000"}}), ParamError);
}

TEST(Params, InvalidDefaultIsAnError) {
  const std::vector<ParamSpec> s{declare("k", ParamType::Int).def("zero")};
  EXPECT_THROW(Params("o", s, {}), ParamError);
}

TEST(Params, TypeNames) {
  EXPECT_EQ(to_string(ParamType::Int), "int");
  EXPECT_EQ(to_string(ParamType::Double), "double");
  EXPECT_EQ(to_string(ParamType::Bool), "bool");
  EXPECT_EQ(to_string(ParamType::String), "string");
}

}  // namespace
}  // namespace arsim::schedulers
