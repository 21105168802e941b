// A run kind made from test code alone, through the registry: its keys are read from a scenario
// file, its check runs before anything, its runs are dispatched by the engine (one process per
// run of a sweep), and the options it does not honour are refused. Also the registry's own rules.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "sim/engine/runner.hpp"
#include "sim/kinds/builtins.hpp"
#include "tests/support/temp_dir.hpp"

namespace arsim::engine {
namespace {

using scenario::key;
using T = scenario::ValueType;

// Writes echo.times lines of echo.message into echo.txt.
class EchoKind : public RunKind {
 public:
  std::string description() const override { return "writes a message (test)"; }
  std::vector<scenario::KeySpec> keys() const override {
    return {key("echo.message", T::String).need().about("what to write"),
            key("echo.times", T::Int).def("2").at_least(0).about("how often")};
  }
  void check(const Catalog&, const scenario::Settings& s) const override {
    if (s.get_string("echo.message") == "forbidden") s.fail("echo.message", "anything else");
  }
  bool audits() const override { return false; }
  bool logs() const override { return false; }
  RunOutcome run(const Catalog&, const scenario::RunSpec& spec, const std::string& dir,
                 const RunOptions&, std::ostream& report) const override {
    std::ofstream out(dir + "/echo.txt");
    for (long long i = 0; i < spec.settings.get_int("echo.times"); ++i)
      out << spec.settings.get_string("echo.message") << "\n";
    report << "echoed\n";
    RunOutcome outcome;
    outcome.info = {{"times", spec.settings.get_int("echo.times")}};
    return outcome;
  }
};

struct EchoCatalog {
  EchoCatalog() {
    kinds::register_builtins(catalog);
    catalog.kinds.add("echo", std::make_unique<EchoKind>());
  }
  Catalog catalog;
};

std::string write(const arsim::testing::TempDir& dir, const std::string& text) {
  const std::string path = dir.file("echo.xml");
  std::ofstream(path) << text;
  return path;
}

TEST(RunKind, ATinyKindFromTestCodeRunsASweep) {
  EchoCatalog c;
  arsim::testing::TempDir dir;
  const auto s = scenario::load_scenario(write(dir, R"(<scenario name="e" kind="echo" runs="2">
  <echo message="hello"/>
  <sweep><param name="echo.times" values="1 3"/></sweep>
</scenario>)"),
                                         c.catalog.kinds.schemas());
  EXPECT_EQ(s.get_int("echo.times"), 2);  // the kind's default
  std::ostringstream report;
  ASSERT_EQ(run_scenario(c.catalog, s, dir.file("out"), {2, {}}, report), 0) << report.str();
  EXPECT_EQ(arsim::testing::slurp(dir.file("out/echo.times=3/run_001/echo.txt")),
            "hello\nhello\nhello\n");
  EXPECT_EQ(arsim::testing::slurp(dir.file("out/echo.times=1/run_000/echo.txt")), "hello\n");
  EXPECT_NE(
      arsim::testing::slurp(dir.file("out/echo.times=1/run_000/run.json")).find("\"times\": 1"),
      std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(dir.file("out/sweep.csv")));  // no sweep metrics
}

TEST(RunKind, KeysCheckAndOptionsOfTheKindApply) {
  EchoCatalog c;
  arsim::testing::TempDir dir;
  const auto& schemas = c.catalog.kinds.schemas();
  EXPECT_THROW(scenario::load_scenario(write(dir, R"(<scenario name="e" kind="echo"/>)"), schemas),
               scenario::InputError);  // echo.message is required
  EXPECT_THROW(
      scenario::load_scenario(write(dir, R"(<scenario name="e" kind="echo"><echo message="x"/>
                                 <grc frames="2"/></scenario>)"),
                              schemas),
      scenario::InputError);  // <grc> belongs to another kind
  const auto s = scenario::load_scenario(
      write(dir, R"(<scenario name="e" kind="echo"><echo message="forbidden"/></scenario>)"),
      schemas);
  std::ostringstream report;
  EXPECT_THROW(run_scenario(c.catalog, s, dir.file("o"), {1, {}}, report), scenario::InputError);
  EXPECT_FALSE(std::filesystem::exists(dir.file("o")));  // nothing ran
  const auto ok = scenario::load_scenario(
      write(dir, R"(<scenario name="e" kind="echo"><echo message="m"/></scenario>)"), schemas);
  EXPECT_THROW(run_scenario(c.catalog, ok, dir.file("o"), {1, {true, false}}, report),
               scenario::InputError);  // --audit
  EXPECT_THROW(run_scenario(c.catalog, ok, dir.file("o"), {1, {false, true}}, report),
               scenario::InputError);  // --verbose
  EXPECT_EQ(run_scenario(c.catalog, ok, dir.file("o"), {1, {}}, report), 0);
  EXPECT_EQ(arsim::testing::slurp(dir.file("o/echo.txt")), "m\nm\n");
}

TEST(KindRegistry, NamesAreUniqueAndUnknownOnesListTheValid) {
  EchoCatalog c;
  EXPECT_THROW(c.catalog.kinds.add("echo", std::make_unique<EchoKind>()), std::logic_error);
  EXPECT_THROW(c.catalog.kinds.add("simulation", std::make_unique<EchoKind>()), std::logic_error);
  try {
    c.catalog.kinds.get("nope");
    FAIL() << "no error";
  } catch (const scenario::InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "unknown run kind 'nope'; valid: coallocation, echo, gangmatch, interval, matching, "
              "offline");
  }
}

TEST(KindRegistry, AnOldNameReadsAsItsKindAndAnUnknownKindIsAnError) {
  EchoCatalog c;
  arsim::testing::TempDir dir;
  const auto& schemas = c.catalog.kinds.schemas();
  const auto s = scenario::load_scenario(write(dir, R"(<scenario name="e" kind="simulation">
  <platform file="echo.xml"/><workload generator="gridars"/><user name="U"/></scenario>)"),
                                         schemas);
  EXPECT_EQ(s.get_string("scenario.kind"), "coallocation");
  try {
    scenario::load_scenario(write(dir, R"(<scenario name="e" kind="matchmaking"/>)"), schemas);
    FAIL() << "no error";
  } catch (const scenario::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("<scenario> attribute 'kind': expected one of "
                                         "coallocation, echo, gangmatch, interval, matching, "
                                         "offline, got 'matchmaking'"),
              std::string::npos)
        << e.what();
  }
  auto t = s;
  EXPECT_THROW(scenario::apply_override(t, "scenario.kind=offline"), scenario::InputError);
}

}  // namespace
}  // namespace arsim::engine
