// Loading valid scenarios: defaults, typed access, paths, the shipped files, canonical text.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "sim/scenario/scenario.hpp"
#include "tests/unit/sim/scenario/temp_files.hpp"

namespace arsim::scenario {
namespace {

using ScenarioLoad = testing::TempDirTest;

const char* kMinimal = R"(<?xml version="1.0"?>
<scenario name="mini">
  <platform file="platform.xml"/>
  <workload generator="gridars"/>
  <user name="UserA"/>
</scenario>
)";

TEST_F(ScenarioLoad, MinimalScenarioGetsEveryDefault) {
  const auto s = testing::load(write("mini.xml", kMinimal));
  EXPECT_EQ(s.get_string("scenario.name"), "mini");
  EXPECT_EQ(s.get_string("scenario.kind"), "coallocation");
  EXPECT_EQ(s.get_int("scenario.runs"), 1);
  EXPECT_EQ(s.get_uint64("scenario.seed"), 1u);
  EXPECT_EQ(s.get_double("workload.arrival_end"), 86400);
  EXPECT_EQ(s.get_double("workload.window_start"), 86400);
  EXPECT_EQ(s.get_double("workload.window_end"), 172800);
  EXPECT_EQ(s.get_doubles("workload.durations"), (std::vector<double>{1800, 3600, 7200}));
  EXPECT_EQ(s.get_ints("workload.cpus"), (std::vector<int>{1, 2, 4, 8}));
  EXPECT_EQ(s.get_double("workload.bandwidth"), 1);
  EXPECT_EQ(s.get_double("workload.lst_factor"), 3);
  EXPECT_EQ(s.get_ints("workload.types"), (std::vector<int>{1, 2, 3, 4}));
  EXPECT_EQ(s.get_string("workload.cpu_draw"), "request");  // GridARS Table 1: "for all sites"
  EXPECT_EQ(s.get_string("workload.type4"), "ring");
  EXPECT_DOUBLE_EQ(s.get_double("user.UserA.mean_interarrival"), 407.327);
  EXPECT_EQ(s.get_double("user.UserA.service_level"), 1);
  EXPECT_EQ(s.get_string("grc.algorithm"), "greedy");
  EXPECT_EQ(s.get_int("grc.frames"), 10);
  EXPECT_EQ(s.get_string("grc.order"), "time");
  EXPECT_EQ(s.get_double("grc.hold_timeout"), 60);
  EXPECT_EQ(s.get_double("output.bucket"), 8640);
  EXPECT_EQ(s.get_double("output.horizon"), 172800);
  EXPECT_FALSE(s.has("workload.file"));
  EXPECT_TRUE(s.with_prefix("grc.param.").empty());
  EXPECT_TRUE(s.sweep().empty());
  EXPECT_TRUE(s.at("grc.frames").is_default);
  EXPECT_FALSE(s.at("workload.generator").is_default);
}

TEST_F(ScenarioLoad, ValuesKeepTheirLocation) {
  const std::string file = write("mini.xml", kMinimal);
  const auto s = testing::load(file);
  EXPECT_EQ(s.where("workload.generator").file, file);
  EXPECT_EQ(s.where("workload.generator").line, 4);
  EXPECT_EQ(s.where("workload.generator").element, "workload");
  EXPECT_EQ(s.where("workload.generator").attribute, "generator");
  // A default points at its element, or at the root when the element is absent.
  EXPECT_EQ(s.where("workload.cpus").line, 4);
  EXPECT_EQ(s.where("grc.frames").line, 2);
  EXPECT_EQ(s.where("grc.frames").element, "grc");
}

TEST_F(ScenarioLoad, FullExampleParses) {
  const auto s = testing::load(
      write("full.xml", R"(<scenario name="elgl_greedy" kind="simulation" runs="3" seed="7">
  <description>  free text  </description>
  <platform file="platform.xml"/>
  <workload generator="gridars" arrival_end="3600" window_start="3600" window_end="7200"
            durations="1800, 3600,7200" cpus="1 2" bandwidth="0" lst_factor="0" types="2 4"
            cpu_draw="component" type4="complete"/>
  <user name="UserA" mean_interarrival="100" service_level="1"/>
  <user name="UserB" mean_interarrival="200.5" service_level="0.5"/>
  <grc algorithm="gridars-ip" frames="5" order="price" hold_timeout="30">
    <param name="backend" value="cbc"/>
    <param name="time_limit" value="2.5"/>
  </grc>
  <output bucket="600" horizon="7200"/>
  <sweep>
    <param name="user.UserB.service_level" values="1 0.5"/>
    <param name="grc.algorithm" values="greedy gridars-ip"/>
  </sweep>
</scenario>
)"));
  EXPECT_EQ(s.description(), "free text");
  EXPECT_EQ(s.get_int("scenario.runs"), 3);
  EXPECT_EQ(s.get_uint64("scenario.seed"), 7u);
  EXPECT_EQ(s.get_string("workload.durations"), "1800 3600 7200");  // normalized list
  EXPECT_EQ(s.get_ints("workload.types"), (std::vector<int>{2, 4}));
  EXPECT_EQ(s.where("workload.types").line, 5);  // the attribute's own line
  EXPECT_EQ(s.get_string("workload.cpu_draw"), "component");
  EXPECT_EQ(s.get_string("workload.type4"), "complete");
  EXPECT_EQ(s.users(), (std::vector<std::string>{"UserA", "UserB"}));
  EXPECT_EQ(s.get_double("user.UserB.mean_interarrival"), 200.5);
  EXPECT_EQ(s.get_string("grc.order"), "price");
  const std::map<std::string, std::string> params{{"backend", "cbc"}, {"time_limit", "2.5"}};
  EXPECT_EQ(s.with_prefix("grc.param."), params);
  EXPECT_EQ(s.get_double("grc.param.time_limit"), 2.5);
  EXPECT_EQ(s.where("grc.param.backend").element, "param name=\"backend\"");
  ASSERT_EQ(s.sweep().size(), 2u);
  EXPECT_EQ(s.sweep()[0].key, "user.UserB.service_level");
  EXPECT_EQ(s.sweep()[0].values, (std::vector<std::string>{"1", "0.5"}));
  EXPECT_EQ(s.sweep()[1].where.line, 16);  // the second <param> of <sweep>
}

TEST_F(ScenarioLoad, PathsResolveAgainstTheScenarioFolder) {
  write("platforms/p.xml", "<platform/>");
  write("scenarios/requests.txt", "");
  const auto s = testing::load(write("scenarios/a.xml", R"(<scenario name="a">
  <platform file="../platforms/p.xml"/>
  <workload generator="file" file="requests.txt"/>
</scenario>)" + std::string("\n")));
  EXPECT_EQ(s.get_path("platform.file"), path("platforms/p.xml"));
  EXPECT_EQ(s.get_path("workload.file"), path("scenarios/requests.txt"));
  EXPECT_EQ(s.get_string("platform.file"), "../platforms/p.xml");
}

TEST_F(ScenarioLoad, FileWorkloadHasNoGeneratorOnlyDefaults) {
  write("requests.txt", "");
  const auto s = testing::load(write("f.xml", R"(<scenario name="f">
  <platform file="platform.xml"/>
  <workload generator="file" file="requests.txt"/>
</scenario>
)"));
  EXPECT_FALSE(s.has("workload.durations"));
  EXPECT_TRUE(
      s.has("workload.window_end"));  // the windows also bound the metrics of a file workload
  EXPECT_TRUE(s.users().empty());     // users are optional with a request file
}

TEST_F(ScenarioLoad, OfflineScenarioNeedsNoPlatformNorWorkload) {
  const auto s = testing::load(write("o.xml", R"(<scenario name="o" kind="offline">
  <offline algorithm="x"><param name="n" value="50"/></offline>
</scenario>
)"));
  EXPECT_FALSE(s.has("platform.file"));
  EXPECT_FALSE(s.has("workload.generator"));
  EXPECT_EQ(s.get_string("scenario.kind"), "offline");
  EXPECT_EQ(s.get_string("offline.algorithm"), "x");
  EXPECT_EQ(s.with_prefix("offline.param."), (std::map<std::string, std::string>{{"n", "50"}}));
}

TEST_F(ScenarioLoad, OfflineScenarioNeedsAnExperiment) {
  EXPECT_THROW(testing::load(write("o.xml", R"(<scenario name="o" kind="offline"/>
)")),
               InputError);
}

TEST_F(ScenarioLoad, SeedTakesTheFullUint64Range) {
  const auto s = testing::load(write("s.xml", R"(<scenario name="s" seed="18446744073709551615">
  <platform file="platform.xml"/><workload generator="gridars"/><user name="U"/>
</scenario>
)"));
  EXPECT_EQ(s.get_uint64("scenario.seed"), 18446744073709551615ull);
}

TEST_F(ScenarioLoad, CanonicalIsStableAndIgnoresLayout) {
  const auto a = testing::load(write("a.xml", kMinimal));
  EXPECT_EQ(a.canonical(), testing::load(path("a.xml")).canonical());
  // Same settings, other layout, other attribute order, an explicit default, a description.
  const auto b = testing::load(write("b.xml", R"(<scenario
    name="mini">
  <description>reworded</description>
  <user name="UserA" service_level="1"/>
  <workload generator="gridars"/>
  <platform file="platform.xml"/>
</scenario>)"));
  EXPECT_EQ(a.canonical(), b.canonical());
  const auto c = testing::load(write("c.xml", R"(<scenario name="mini" seed="2">
  <platform file="platform.xml"/><workload generator="gridars"/><user name="UserA"/>
</scenario>)"));
  EXPECT_NE(a.canonical(), c.canonical());
  EXPECT_NE(a.canonical().find("grc.frames=10\n"), std::string::npos);
  EXPECT_NE(a.canonical().find("users=UserA\n"), std::string::npos);
}

TEST(ScenarioShipped, ElglGreedyLoads) {
  const std::string file = std::string(ARSIM_SOURCE_DIR) + "/scenarios/elgl_greedy.xml";
  const auto s = testing::load(file);
  EXPECT_EQ(s.get_string("scenario.name"), "elgl_greedy");
  EXPECT_EQ(s.get_string("grc.algorithm"), "greedy");
  EXPECT_EQ(s.users(), (std::vector<std::string>{"UserA", "UserB"}));
  EXPECT_EQ(std::filesystem::path(s.get_path("platform.file")).filename(), "elgl.xml");
  EXPECT_TRUE(std::filesystem::exists(s.get_path("platform.file")));
  EXPECT_TRUE(s.with_prefix("grc.param.").empty());  // the default scenario suits every planner
  EXPECT_FALSE(s.description().empty());
  const auto runs = expand(s);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].dir, "run_000");
  EXPECT_EQ(runs[0].seed, 1u);
}

// scenarios/README.md documents the format: every key of every run kind must appear there.
TEST(ScenarioShipped, ReadmeMentionsEverySchemaKey) {
  std::ifstream in(std::string(ARSIM_SOURCE_DIR) + "/scenarios/README.md");
  ASSERT_TRUE(in);
  std::stringstream text;
  text << in.rdbuf();
  for (const auto& [kind, schema] : testing::catalog().kinds.schemas().kinds)
    for (const auto& spec : schema->keys())
      EXPECT_NE(text.str().find("`" + spec.name + "`"), std::string::npos)
          << kind << ": " << spec.name;
}

}  // namespace
}  // namespace arsim::scenario
