// Params: defaults, typed validation, and error messages that name the key and what was valid.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "schedulers/params.hpp"

namespace arsim::schedulers {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

std::vector<ParamSpec> specs() {
  return {
      legacy_spec("n", ParamType::Int, "5", "count", {}, 1, 10),
      legacy_spec("alpha", ParamType::Double, "0.5", "weight", {}, 0, 1),
      legacy_spec("flag", ParamType::Bool, "false", "switch", {}),
      legacy_spec("mode", ParamType::String, "fast", "how", {"fast", "slow"}),
      legacy_spec("label", ParamType::String, "x", "free text", {}),
  };
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
  EXPECT_EQ(p.get_int("n"), 5);
  EXPECT_DOUBLE_EQ(p.get_double("alpha"), 0.5);
  EXPECT_FALSE(p.get_bool("flag"));
  EXPECT_EQ(p.get_string("mode"), "fast");
  EXPECT_EQ(p.get_string("label"), "x");
  EXPECT_EQ(p.values().size(), 5u);
}

TEST(Params, GivenValuesOverrideDefaults) {
  const Params p("algo 'demo'", specs(),
                 {{"n", "10"}, {"alpha", "1"}, {"flag", "yes"}, {"mode", "slow"}, {"label", ""}});
  EXPECT_EQ(p.get_int("n"), 10);
  EXPECT_DOUBLE_EQ(p.get_double("alpha"), 1.0);
  EXPECT_TRUE(p.get_bool("flag"));
  EXPECT_EQ(p.get_string("mode"), "slow");
  EXPECT_EQ(p.get_string("label"), "");
}

TEST(Params, BoolSpellings) {
  for (const char* t : {"true", "1", "yes", "on"})
    EXPECT_TRUE(Params("o", specs(), {{"flag", t}}).get_bool("flag")) << t;
  for (const char* f : {"false", "0", "no", "off"})
    EXPECT_FALSE(Params("o", specs(), {{"flag", f}}).get_bool("flag")) << f;
}

TEST(Params, IntegersMustBeWrittenAsIntegers) {
  // As scenario keys: "7.0" or "1e1" is a number, not an integer; surrounding blanks are trimmed.
  EXPECT_THAT(error_of({{"n", "7.0"}}),
              AllOf(HasSubstr("'n'"), HasSubstr("an integer in [1, 10]")));
  EXPECT_THAT(error_of({{"n", "1e1"}}), HasSubstr("'n'"));
  EXPECT_EQ(Params("o", specs(), {{"n", " 3 "}}).get_int("n"), 3);
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
  const std::vector<ParamSpec> s{legacy_spec("big", ParamType::Int, "0", "", {})};
  EXPECT_EQ(Params("o", s, {{"big", "2147483647"}}).get_int("big"), 2147483647);
  EXPECT_THROW(Params("o", s, {{"big", "3000000000"}}), ParamError);
}

TEST(Params, InvalidDefaultIsAnError) {
  const std::vector<ParamSpec> s{legacy_spec("k", ParamType::Int, "zero", "", {})};
  EXPECT_THROW(Params("o", s, {}), ParamError);
}

TEST(Params, UnknownGetterKeyThrows) {
  const Params p("o", specs(), {});
  EXPECT_THROW(p.get_int("missing"), ParamError);
  EXPECT_THROW(p.get_string("missing"), ParamError);
}

TEST(Params, TypeNames) {
  EXPECT_EQ(to_string(ParamType::Int), "int");
  EXPECT_EQ(to_string(ParamType::Double), "double");
  EXPECT_EQ(to_string(ParamType::Bool), "bool");
  EXPECT_EQ(to_string(ParamType::String), "string");
}

}  // namespace
}  // namespace arsim::schedulers
