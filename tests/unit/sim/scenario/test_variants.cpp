// <variant>s of a <sweep>: named points that set several keys at once.
#include <gtest/gtest.h>

#include "sim/scenario/scenario.hpp"
#include "tests/unit/sim/scenario/temp_files.hpp"

namespace arsim::scenario {
namespace {

class ScenarioVariants : public testing::TempDirTest {
 protected:
  // A scenario whose <sweep> holds `sweep` (line 7 is the first line inside it).
  Settings with_sweep(const std::string& sweep) {
    return testing::load(write("s.xml",
                               "<scenario name=\"t\" runs=\"2\" seed=\"3\">\n"
                               "  <platform file=\"platform.xml\"/>\n"
                               "  <workload generator=\"gridars\"/>\n"
                               "  <user name=\"UserA\"/>\n"
                               "  <grc algorithm=\"gridars-ip\" order=\"price\"/>\n"
                               "  <sweep>\n" +
                                   sweep + "\n  </sweep>\n</scenario>\n"));
  }
  std::string load_error(const std::string& sweep) {
    try {
      with_sweep(sweep);
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  }
  static const std::string kTwoVariants;
};

const std::string ScenarioVariants::kTwoVariants =
    "    <variant name=\"glpk-st\">\n"
    "      <param name=\"grc.param.backend\" value=\"glpk\"/>\n"
    "      <param name=\"grc.order\" value=\"quality\"/>\n"
    "    </variant>\n"
    "    <variant name=\"plain\"/>";

TEST_F(ScenarioVariants, EachVariantIsOnePointSettingItsKeys) {
  const auto runs = expand(with_sweep(kTwoVariants));
  ASSERT_EQ(runs.size(), 4u);
  EXPECT_EQ(runs[0].dir, "variant=glpk-st/run_000");
  EXPECT_EQ(runs[3].dir, "variant=plain/run_001");
  EXPECT_EQ(runs[0].point,
            (std::vector<std::pair<std::string, std::string>>{{"variant", "glpk-st"}}));
  EXPECT_EQ(runs[0].settings.with_prefix("grc.param.").at("backend"), "glpk");
  EXPECT_EQ(runs[0].settings.get_string("grc.order"), "quality");
  EXPECT_EQ(runs[0].settings.where("grc.order").line, 9);  // the variant's line, for later errors
  EXPECT_EQ(runs[2].settings.get_string("grc.order"),
            "price");  // an empty variant keeps the file's
  EXPECT_EQ(runs[2].settings.with_prefix("grc.param.").count("backend"), 0u);
  EXPECT_EQ(runs[1].seed, 4u);
  EXPECT_EQ(runs[3].seed, 4u);  // variants share seeds like any sweep point
  EXPECT_NE(runs[0].settings.canonical(), runs[2].settings.canonical());
}

TEST_F(ScenarioVariants, MultiplyWithParamsInFileOrder) {
  const auto runs =
      expand(with_sweep("    <param name=\"grc.frames\" values=\"1 2\"/>\n" + kTwoVariants));
  ASSERT_EQ(runs.size(), 8u);
  EXPECT_EQ(runs[0].dir, "grc.frames=1/variant=glpk-st/run_000");
  EXPECT_EQ(runs[2].dir, "grc.frames=1/variant=plain/run_000");
  EXPECT_EQ(runs[4].dir, "grc.frames=2/variant=glpk-st/run_000");
  EXPECT_EQ(runs[4].settings.get_int("grc.frames"), 2);
  EXPECT_EQ(runs[4].settings.get_string("grc.order"), "quality");
}

TEST_F(ScenarioVariants, WhatTheVariantsSetIsPartOfTheScenario) {
  auto a = with_sweep(kTwoVariants);
  auto b = with_sweep(
      "    <variant name=\"glpk-st\">\n"
      "      <param name=\"grc.param.backend\" value=\"glpk\"/>\n"
      "      <param name=\"grc.order\" value=\"time\"/>\n"
      "    </variant>\n"
      "    <variant name=\"plain\"/>");
  EXPECT_NE(a.canonical(), b.canonical());
}

TEST_F(ScenarioVariants, BadVariantsAreOneLineErrors) {
  const std::string file = path("s.xml");
  EXPECT_EQ(
      load_error("    <param name=\"grc.order\" values=\"time price\"/>\n"
                 "    <variant name=\"v\"><param name=\"grc.order\" value=\"time\"/></variant>"),
      file + ":8: key 'grc.order' is set by a <variant> and swept at line 7");
  EXPECT_EQ(load_error("    <variant name=\"v\">\n"
                       "      <param name=\"grc.frames\" value=\"2\"/>\n"
                       "      <param name=\"grc.frames\" value=\"3\"/>\n"
                       "    </variant>"),
            file + ":9: key 'grc.frames' set twice in <variant name=\"v\"> (first at line 8)");
  EXPECT_EQ(
      load_error("    <variant name=\"v\"><param name=\"grc.frames\" value=\"0\"/></variant>"),
      file +
          ":7: <param name=\"grc.frames\"> attribute 'value': expected an integer in [1, 10000], "
          "got '0'");
  EXPECT_EQ(load_error("    <variant name=\"v\"/>\n    <variant name=\"v\"/>"),
            file + ":8: duplicate <variant name=\"v\"> (first at line 7)");
  EXPECT_EQ(load_error("    <variant/>"),
            file + ":7: missing required attribute 'name' on <variant>");
  EXPECT_EQ(
      load_error("    <variant name=\"v\"><param name=\"scenario.runs\" value=\"3\"/></variant>"),
      file +
          ":7: <param> attribute 'name': expected a key outside scenario.* (runs and "
          "seeds are not swept), got 'scenario.runs'");
  EXPECT_EQ(load_error("    <variant name=\"v\"><grc/></variant>"),
            file + ":7: unknown element <grc> inside <variant>; valid: param");
}

TEST_F(ScenarioVariants, SetPicksOneVariantOrOverridesWhatVariantsSet) {
  auto s = with_sweep(kTwoVariants);
  apply_override(s, "variant=plain");
  auto runs = expand(s);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].dir, "variant=plain/run_000");

  s = with_sweep(kTwoVariants);
  apply_override(s, "grc.order=late");
  runs = expand(s);
  ASSERT_EQ(runs.size(), 4u);
  EXPECT_EQ(runs[0].settings.get_string("grc.order"), "late");  // the override wins
  EXPECT_EQ(runs[0].settings.with_prefix("grc.param.").at("backend"), "glpk");

  s = with_sweep(kTwoVariants);
  const std::string before = s.canonical();
  try {
    apply_override(s, "variant=fast");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "--set: unknown variant 'fast'; valid: glpk-st, plain");
  }
  EXPECT_EQ(s.canonical(), before);  // a failed override changes nothing
}

}  // namespace
}  // namespace arsim::scenario
