// --set overrides and sweep expansion.
#include <filesystem>

#include <gtest/gtest.h>

#include "sim/scenario/scenario.hpp"
#include "tests/unit/sim/scenario/temp_files.hpp"

namespace arsim::scenario {
namespace {

class ScenarioOverride : public testing::TempDirTest {
 protected:
  Settings base(const std::string& root_attributes = "", const std::string& extra = "") {
    return testing::load(write("s.xml", "<scenario name=\"t\"" + root_attributes +
                                            ">\n"
                                            "  <platform file=\"platform.xml\"/>\n"
                                            "  <workload generator=\"gridars\"/>\n"
                                            "  <user name=\"UserA\"/>\n"
                                            "  <user name=\"UserB\"/>\n" +
                                            extra + "\n</scenario>\n"));
  }
  static std::string error_of(Settings& s, const std::vector<std::string>& sets) {
    try {
      apply_overrides(s, sets);
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  }
};

TEST_F(ScenarioOverride, SetsValuesWithACommandLineLocation) {
  auto s = base();
  apply_override(s, "workload.cpus=1,2");
  apply_override(s, "user.UserB.service_level = 0.5");
  apply_override(s, "grc.param.max_hops=3");
  apply_override(s, "grc.algorithm=gridars-ip");
  EXPECT_EQ(s.get_ints("workload.cpus"), (std::vector<int>{1, 2}));
  EXPECT_EQ(s.get_string("workload.cpus"), "1 2");
  EXPECT_EQ(s.get_double("user.UserB.service_level"), 0.5);
  EXPECT_EQ(s.with_prefix("grc.param.").at("max_hops"), "3");
  EXPECT_EQ(s.where("workload.cpus").file, "--set");
  EXPECT_FALSE(s.at("workload.cpus").is_default);
  // A planner's own check can still reject a value at its origin.
  try {
    s.fail("grc.algorithm", "one of greedy");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "--set: key 'grc.algorithm': expected one of greedy, got 'gridars-ip'");
  }
}

TEST_F(ScenarioOverride, Errors) {
  auto s = base();
  const std::string before = s.canonical();
  EXPECT_EQ(error_of(s, {"grc.frames"}), "--set: expected KEY=VALUE, got 'grc.frames'");
  EXPECT_EQ(error_of(s, {"=3"}), "--set: expected KEY=VALUE, got '=3'");
  EXPECT_EQ(error_of(s, {"grc.frames=0"}),
            "--set: key 'grc.frames': expected an integer in [1, 10000], got '0'");
  EXPECT_EQ(error_of(s, {"grc.frames=1\n2"}),
            "--set: key 'grc.frames': expected an integer in [1, 10000], got '1\\n2'");
  EXPECT_EQ(error_of(s, {"grc.planer=x"}),
            "--set: unknown key 'grc.planer'; valid: grc.algorithm, grc.frames, grc.order, "
            "grc.plan_all, grc.hold_timeout, grc.planning_delay, grc.param.*");
  EXPECT_EQ(error_of(s, {"user.UserC.service_level=1"}),
            "--set: unknown user 'UserC' in key 'user.UserC.service_level'; valid: UserA, UserB");
  EXPECT_EQ(error_of(s, {"workload.file=" + path("platform.xml")}),
            "--set: key 'workload.file' applies only when workload.generator=file, but "
            "workload.generator is 'gridars'");
  EXPECT_EQ(error_of(s, {"workload.generator=file"}),
            path("s.xml") +
                ":3: missing required attribute 'file' on <workload> (required when "
                "workload.generator=file)");
  EXPECT_EQ(
      error_of(s, {"platform.file=nope.xml"}),
      "--set: key 'platform.file': expected a path to an existing file (not found: nope.xml), "
      "got 'nope.xml'");
  EXPECT_EQ(s.canonical(), before);  // failed overrides change nothing
}

TEST_F(ScenarioOverride, OverridesAreValidatedTogether) {
  auto s = base();
  const auto cwd = std::filesystem::current_path();
  std::filesystem::current_path(dir_);  // --set paths are relative to the working directory
  write("requests.txt", "");
  apply_overrides(s, {"workload.file=requests.txt", "workload.generator=file"});
  std::filesystem::current_path(cwd);
  EXPECT_EQ(s.get_path("workload.file"), "requests.txt");
  EXPECT_FALSE(s.has("workload.durations"));  // generator defaults no longer apply
  EXPECT_TRUE(s.users().size() == 2u);
  // Going back leaves workload.file set where it no longer applies.
  EXPECT_THROW(apply_override(s, "workload.generator=gridars"), InputError);
  EXPECT_EQ(s.get_string("workload.generator"), "file");
}

TEST_F(ScenarioOverride, SetOnASweptKeyFixesIt) {
  auto s = base("",
                "  <sweep><param name=\"grc.order\" values=\"time price\"/>"
                "<param name=\"grc.frames\" values=\"1 2\"/></sweep>");
  EXPECT_EQ(expand(s).size(), 4u);
  apply_override(s, "grc.order=quality");
  ASSERT_EQ(s.sweep().size(), 1u);
  const auto runs = expand(s);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].settings.get_string("grc.order"), "quality");
  EXPECT_EQ(runs[1].dir, "grc.frames=2/run_000");
}

TEST_F(ScenarioOverride, NoSweepGivesOneRunPerSeed) {
  const auto runs = expand(base(" runs=\"3\" seed=\"10\""));
  ASSERT_EQ(runs.size(), 3u);
  for (int r = 0; r < 3; ++r) {
    EXPECT_EQ(runs[r].dir, "run_00" + std::to_string(r));
    EXPECT_EQ(runs[r].run_index, r);
    EXPECT_EQ(runs[r].seed, 10u + r);
    EXPECT_TRUE(runs[r].point.empty());
  }
}

TEST_F(ScenarioOverride, SweepIsACartesianProductInFileOrder) {
  const auto s = base(" runs=\"2\" seed=\"5\"",
                      "  <sweep>\n"
                      "    <param name=\"user.UserB.service_level\" values=\"1 0.5\"/>\n"
                      "    <param name=\"grc.algorithm\" values=\"greedy gridars-ip\"/>\n"
                      "  </sweep>");
  const auto runs = expand(s);
  const std::vector<std::string> dirs = {
      "user.UserB.service_level=1/grc.planner=greedy/run_000",
      "user.UserB.service_level=1/grc.planner=greedy/run_001",
      "user.UserB.service_level=1/grc.planner=gridars-ip/run_000",
      "user.UserB.service_level=1/grc.planner=gridars-ip/run_001",
      "user.UserB.service_level=0.5/grc.planner=greedy/run_000",
      "user.UserB.service_level=0.5/grc.planner=greedy/run_001",
      "user.UserB.service_level=0.5/grc.planner=gridars-ip/run_000",
      "user.UserB.service_level=0.5/grc.planner=gridars-ip/run_001",
  };
  // A renamed key names its folders by its first name ("Old spellings" in scenarios/README.md).
  ASSERT_EQ(runs.size(), dirs.size());
  for (size_t i = 0; i < runs.size(); ++i) {
    EXPECT_EQ(runs[i].dir, dirs[i]);
    EXPECT_EQ(runs[i].seed, 5u + i % 2);  // points share seeds: common random numbers
    EXPECT_TRUE(runs[i].settings.sweep().empty());
  }
  const auto& last = runs.back();
  EXPECT_EQ(last.point, (std::vector<std::pair<std::string, std::string>>{
                            {"user.UserB.service_level", "0.5"}, {"grc.planner", "gridars-ip"}}));
  EXPECT_EQ(last.settings.get_double("user.UserB.service_level"), 0.5);
  EXPECT_EQ(last.settings.get_string("grc.algorithm"), "gridars-ip");
  EXPECT_EQ(last.settings.where("grc.algorithm").line, 8);  // the sweep line, for later errors
  // Runs of one point share their settings; points differ.
  EXPECT_EQ(runs[0].settings.canonical(), runs[1].settings.canonical());
  EXPECT_NE(runs[0].settings.canonical(), runs[2].settings.canonical());
  EXPECT_EQ(expand(s)[3].settings.canonical(), runs[3].settings.canonical());
}

TEST_F(ScenarioOverride, SweepOfListsAndFolderNames) {
  const auto s = base(" runs=\"1001\"",
                      "  <sweep><param name=\"workload.durations\" "
                      "values=\"1800,3600 7200\"/></sweep>");
  const auto runs = expand(s);
  ASSERT_EQ(runs.size(), 2002u);
  EXPECT_EQ(runs[0].dir, "workload.durations=1800,3600/run_0000");
  EXPECT_EQ(runs[0].settings.get_doubles("workload.durations"), (std::vector<double>{1800, 3600}));
  EXPECT_EQ(runs[1001].dir, "workload.durations=7200/run_0000");
  EXPECT_EQ(runs[2001].dir, "workload.durations=7200/run_1000");
  EXPECT_EQ(dir_value("../a b/c=d"), ".._a,b_c_d");
}

TEST_F(ScenarioOverride, SweepPointsAreValidatedWhole) {
  write("requests.txt", "");
  // workload.file is swept for both points but applies only to the second: an error at load.
  try {
    base("",
         "  <sweep><param name=\"workload.generator\" values=\"gridars file\"/>"
         "<param name=\"workload.file\" values=\"requests.txt\"/></sweep>");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              path("s.xml") +
                  ":6: <param name=\"workload.file\"> attribute 'values' applies only "
                  "when workload.generator=file, but workload.generator is 'gridars'");
  }
}

// Found by writing the scenario fuzz target (tests/fuzz/fuzz_scenario.cpp): five parameters of 20
// values, 635 bytes, made reading the scenario check 3.2 million points (hours). The size is now
// checked before any point is made.
TEST_F(ScenarioOverride, SweepSizeIsBoundedBeforeAnyPointIsMade) {
  std::string values;
  for (int v = 1; v <= 20; ++v) {
    if (v > 1) values += ' ';
    values += std::to_string(v);
  }
  std::string sweep = "  <sweep>\n";
  for (const char* key : {"grc.frames", "grc.hold_timeout", "workload.lst_factor",
                          "user.UserA.mean_interarrival", "user.UserB.mean_interarrival"})
    sweep += "    <param name=\"" + std::string(key) + "\" values=\"" + values + "\"/>\n";
  sweep += "  </sweep>";
  try {
    base("", sweep);
    FAIL() << "no error";
  } catch (const InputError& e) {
    // 20 x 20 x 20 = 8000 points pass; the fourth parameter (line 10) makes 160000.
    EXPECT_EQ(std::string(e.what()),
              path("s.xml") +
                  ":10: <sweep>: more than 10000 points (the product of the numbers of values "
                  "of its parameters, up to this one)");
  }
  // Runs in all: points x runs.
  const std::string two = "  <sweep><param name=\"grc.frames\" values=\"1 2\"/></sweep>";
  try {
    base(" runs=\"60000\"", two);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), path("s.xml") +
                                         ":1: <scenario> attribute 'runs': 60000 runs per point "
                                         "x 2 sweep points is more than 100000 runs");
  }
  auto s = base(" runs=\"50000\"", two);
  EXPECT_EQ(error_of(s, {"scenario.runs=50001"}),
            "--set: key 'scenario.runs': 50001 runs per point x 2 sweep points is more than "
            "100000 runs");
  EXPECT_EQ(s.get_int("scenario.runs"), 50000);  // left unchanged
}

}  // namespace
}  // namespace arsim::scenario
