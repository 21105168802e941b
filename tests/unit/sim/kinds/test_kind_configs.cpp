// The matching, gangmatch and interval kinds read their settings from config structs: every key of
// their schemas but the <param> groups fills a field of the kind's struct (or of the workload
// generator's parameters, bound directly), and a scenario that writes no optional key fills the
// struct's initializers.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <typeindex>

#include "sim/engine/catalog.hpp"
#include "sim/kinds/builtins.hpp"
#include "sim/kinds/gangmatch/config.hpp"
#include "sim/kinds/interval/kind.hpp"
#include "sim/kinds/matching/config.hpp"
#include "sim/scenario/config.hpp"
#include "sim/scenario/scenario.hpp"
#include "tests/support/temp_dir.hpp"

namespace arsim::kinds {
namespace {

struct Fixture {
  Fixture() { register_builtins(catalog); }
  scenario::Settings load(const std::string& body) {
    const std::string path = dir.file("s.xml");
    std::ofstream(path) << body;
    return scenario::load_scenario(path, catalog.kinds.schemas());
  }
  // The keys of `kind` that are neither scenario.* nor a <param> group, each bound to `config`.
  void expect_bound(const std::string& kind, std::set<std::type_index> configs) {
    const auto* schema = catalog.kinds.schemas().find(kind);
    ASSERT_NE(schema, nullptr) << kind;
    int bound = 0;
    for (const auto& k : schema->keys()) {
      if (k.name.rfind("scenario.", 0) == 0 || k.name.back() == '*') continue;
      ASSERT_TRUE(k.binding) << kind << ": " << k.name << " fills no field";
      EXPECT_TRUE(configs.count(k.binding->config)) << kind << ": " << k.name;
      ++bound;
    }
    EXPECT_GT(bound, 10) << kind;
  }
  engine::Catalog catalog;
  arsim::testing::TempDir dir;
};

const std::string kPlatform = std::filesystem::absolute("platforms/cluster128.xml").string();

TEST(KindConfigs, EveryKeyFillsAFieldOfTheKindsStruct) {
  Fixture f;
  f.expect_bound("matching",
                 {typeid(matching::MatchingConfig), typeid(workloads::matching::OnlineParams)});
  f.expect_bound("gangmatch", {typeid(gangmatch::RunConfig)});
  f.expect_bound("interval",
                 {typeid(interval::IntervalConfig), typeid(workloads::SyntheticIntervalParams)});
}

TEST(KindConfigs, DefaultsAreTheInitializersAndKeepTheirText) {
  Fixture f;
  const auto s = f.load("<scenario name=\"m\" kind=\"matching\" seed=\"7\">\n  <platform file=\"" +
                        kPlatform + "\"/>\n</scenario>\n");
  const auto c = matching::read_config(s);
  const matching::MatchingConfig d;
  EXPECT_EQ(c.platform, kPlatform);
  EXPECT_EQ(matching::online_params(s).jobs, workloads::matching::OnlineParams{}.jobs);
  EXPECT_EQ(c.seconds_per_probe, d.seconds_per_probe);
  EXPECT_EQ(c.seconds_per_lp_solve, d.seconds_per_lp_solve);
  EXPECT_FALSE(c.deadline);  // no default: not written into the settings either
  EXPECT_FALSE(s.has("matcher.deadline"));
  // The default text enters the scenario's canonical text: the spelling it always had.
  EXPECT_EQ(s.at("matcher.seconds_per_probe").value, "7e-6");
  EXPECT_EQ(s.at("matcher.seconds_per_lp_solve").value, "5e-5");
  EXPECT_EQ(s.at("workload.complexity").value, "0.3");
  EXPECT_EQ(scenario::read_config<scenario::ScenarioConfig>(s).seed, 7u);
  EXPECT_EQ(scenario::read_config<scenario::ScenarioConfig>(s).runs, 1);
}

TEST(KindConfigs, WrittenValuesFillTheFields) {
  Fixture f;
  const auto s =
      f.load("<scenario name=\"g\" kind=\"gangmatch\">\n  <platform file=\"" + kPlatform +
             "\"/>\n  <workload jobs=\"12\" arrival=\"poisson\" mean_interarrival=\"5\" "
             "durations=\"10, 20\"/>\n  <licenses external_rate=\"0.5\"/>\n"
             "</scenario>\n");
  const auto c = scenario::read_config<gangmatch::RunConfig>(s);
  EXPECT_EQ(c.jobs, 12);
  EXPECT_EQ(c.workload().ads.jobs, 12);
  EXPECT_TRUE(c.workload().poisson);
  EXPECT_EQ(c.workload().mean_interarrival, 5);
  EXPECT_EQ(c.durations, (std::vector<double>{10, 20}));
  EXPECT_EQ(c.external().rate, 0.5);
  EXPECT_EQ(c.external().mean_duration, 1800);
  EXPECT_EQ(c.cost().per_probe, 0.00136);
}

}  // namespace
}  // namespace arsim::kinds
