// Old spellings of renamed keys (KeyAlias, sim/scenario/schema.hpp): read as the key they stand
// for with a note, refused when both spellings are given, and written by their first name in the
// canonical text and sweep folders, so a rename changes no hash and no folder.
#include <gtest/gtest.h>

#include "sim/scenario/scenario.hpp"

namespace arsim::scenario {
namespace {

using T = ValueType;

// A kind whose <grc> once said planner= and whose planner parameters were flat keys planner.*.
SchemaSet toy_schemas() {
  std::vector<KeySpec> keys = scenario_keys({"toy"}, "toy");
  keys.push_back(key("grc.algorithm", T::String).def("greedy").about("which algorithm"));
  keys.push_back(key("grc.frames", T::Int).def("10").at_least(1));
  keys.push_back(key("grc.param.*", T::String).about("algorithm parameter"));
  keys.push_back(key("user.*.algorithm", T::String).about("per user"));
  SchemaSet set;
  set.default_kind = "toy";
  set.kinds["toy"] = std::make_shared<const Schema>(
      keys, std::vector<ParamGroup>{{"grc", "grc.param."}}, Schema::Rules{},
      std::vector<KeyAlias>{{"grc.planner", "grc.algorithm"},
                            {"planner.*", "grc.param.*"},
                            {"user.*.scheduler", "user.*.algorithm"}});
  return set;
}

Settings parse(const std::string& body) {
  static const SchemaSet schemas = toy_schemas();
  return parse_scenario("s.xml", "<scenario name=\"t\">\n" + body + "</scenario>\n", schemas);
}

std::string error_of(const std::string& body) {
  try {
    parse(body);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(KeyAlias, StarsCarryOverInOrder) {
  EXPECT_EQ(stars_of("user.*.x", "user.A.x"), (std::vector<std::string>{"A"}));
  EXPECT_EQ(stars_of("a.*.b.*", "a.X.b.Y"), (std::vector<std::string>{"X", "Y"}));
  EXPECT_FALSE(stars_of("user.*.x", "user.A.y"));
  const SchemaSet schemas = toy_schemas();
  const Schema& schema = *schemas.kinds.at("toy");
  EXPECT_EQ(schema.renamed("planner.backend"), "grc.param.backend");
  EXPECT_EQ(schema.renamed("user.B.scheduler"), "user.B.algorithm");
  EXPECT_EQ(schema.renamed("grc.frames"), std::nullopt);
  EXPECT_EQ(schema.first_name("grc.param.backend"), "planner.backend");
  EXPECT_EQ(schema.first_name("grc.algorithm"), "grc.planner");
  EXPECT_EQ(schema.first_name("grc.frames"), "grc.frames");
  EXPECT_THROW(Schema({}, {}, {}, {{"a.*", "b"}}), std::logic_error);
}

TEST(KeyAlias, AnOldAttributeIsReadAsTheNewKeyWithANote) {
  const Settings old = parse(
      "<grc planner=\"ctaap\"><param name=\"beta0\" value=\"1\"/></grc>\n"
      "<user name=\"A\" scheduler=\"x\"/>\n");
  EXPECT_EQ(old.get_string("grc.algorithm"), "ctaap");
  EXPECT_EQ(old.get_string("user.A.algorithm"), "x");
  EXPECT_FALSE(old.has("grc.planner"));
  ASSERT_EQ(old.notes().size(), 2u);
  EXPECT_EQ(old.notes()[0],
            "s.xml:2: note: <grc> attribute 'planner' is read as 'algorithm' (its old spelling)");
  const Settings now = parse(
      "<grc algorithm=\"ctaap\"><param name=\"beta0\" value=\"1\"/></grc>\n"
      "<user name=\"A\" algorithm=\"x\"/>\n");
  EXPECT_TRUE(now.notes().empty());
  EXPECT_EQ(old.canonical(), now.canonical());
}

TEST(KeyAlias, TheCanonicalTextKeepsTheFirstNames) {
  const Settings s = parse("<grc algorithm=\"ctaap\"><param name=\"beta0\" value=\"1\"/></grc>\n");
  EXPECT_EQ(s.canonical(),
            "grc.frames=10\ngrc.planner=ctaap\nplanner.beta0=1\nscenario.kind=toy\n"
            "scenario.name=t\nscenario.runs=1\nscenario.seed=1\nusers=\n");
}

TEST(KeyAlias, BothSpellingsAreRefused) {
  EXPECT_EQ(error_of("<grc planner=\"a\" algorithm=\"b\"/>\n"),
            "s.xml:2: <grc> sets 'algorithm' twice: attribute 'planner' is an old spelling of it");
  EXPECT_EQ(error_of("<grc algorithm=\"b\" planner=\"a\"/>\n"),
            "s.xml:2: <grc> sets 'algorithm' twice: attribute 'planner' is an old spelling of it");
  EXPECT_EQ(error_of("<grc plan=\"a\"/>\n"),
            "s.xml:2: unknown attribute 'plan' on <grc>; valid: algorithm, frames");
}

TEST(KeyAlias, OverridesAndSweepsTakeOldFlatKeysAndKeepTheirFolders) {
  Settings s = parse(
      "<grc/>\n<sweep><param name=\"planner.beta0\" values=\"1 2\"/>"
      "<param name=\"grc.planner\" values=\"a b\"/></sweep>\n");
  ASSERT_EQ(s.notes().size(), 2u);
  EXPECT_EQ(s.notes()[0],
            "s.xml:3: note: key 'planner.beta0' is read as 'grc.param.beta0' (its old spelling)");
  apply_override(s, "planner.tolerance=0.5");
  EXPECT_EQ(s.get_string("grc.param.tolerance"), "0.5");
  EXPECT_EQ(
      s.notes().back(),
      "--set: note: key 'planner.tolerance' is read as 'grc.param.tolerance' (its old spelling)");
  const auto runs = expand(s);
  ASSERT_EQ(runs.size(), 4u);
  EXPECT_EQ(runs[1].dir, "planner.beta0=1/grc.planner=b/run_000");
  EXPECT_EQ(runs[1].settings.get_string("grc.param.beta0"), "1");
  EXPECT_EQ(runs[1].settings.get_string("grc.algorithm"), "b");
  // The same sweep written with the new keys: the same folders and the same experiments.
  Settings now = parse(
      "<grc/>\n<sweep><param name=\"grc.param.beta0\" values=\"1 2\"/>"
      "<param name=\"grc.algorithm\" values=\"a b\"/></sweep>\n");
  apply_override(now, "grc.param.tolerance=0.5");
  EXPECT_EQ(expand(now)[1].dir, runs[1].dir);
  EXPECT_EQ(now.canonical(), s.canonical());
}

}  // namespace
}  // namespace arsim::scenario
