// The matching kind's scenario keys and checks, through the registry: bad input is one line
// naming the file, line and attribute, found before anything runs.
#include <gtest/gtest.h>

#include <fstream>

#include "sim/engine/catalog.hpp"
#include "sim/kinds/builtins.hpp"
#include "sim/scenario/scenario.hpp"
#include "tests/support/temp_dir.hpp"

namespace arsim::kinds::matching {
namespace {

struct Fixture {
  Fixture() { kinds::register_builtins(catalog); }
  // Loads a matching scenario whose <matcher> element (line 3) is `matcher`, and runs the kind's
  // check; returns the error, or "" when there is none.
  std::string error(const std::string& matcher, const std::string& extra = "") {
    const std::string path = dir.file("m.xml");
    std::ofstream(path) << "<scenario name=\"m\" kind=\"matching\">\n"
                        << "  <platform file=\"m.xml\"/>\n"
                        << "  " << matcher << "\n"
                        << extra << "</scenario>\n";
    try {
      const auto s = scenario::load_scenario(path, catalog.kinds.schemas());
      catalog.kinds.of(s).check(catalog, s);
    } catch (const scenario::InputError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.find('\n'), std::string::npos) << "not one line";
      EXPECT_EQ(what.rfind(path, 0), 0u) << what;  // starts with the file
      return what.substr(std::min(what.size(), path.size()));
    }
    return "";
  }
  engine::Catalog catalog;
  arsim::testing::TempDir dir;
};

TEST(MatchingKindChecks, DefaultsAndEveryMatcherPass) {
  Fixture f;
  EXPECT_EQ(f.error("<matcher/>"), "");
  for (const char* m : {"lp", "ea", "hybrid", "lns"})
    EXPECT_EQ(f.error(std::string("<matcher algorithm=\"") + m + "\"/>"), "") << m;
  EXPECT_EQ(f.error("<matcher algorithm=\"lp\" objective=\"load_balance_literal\"/>"), "");
  EXPECT_EQ(f.error("<matcher algorithm=\"ea\"><param name=\"population\" value=\"4\"/></matcher>"),
            "");
}

TEST(MatchingKindChecks, UnknownMatchersAndParametersNameTheValidOnes) {
  Fixture f;
  EXPECT_EQ(f.error("<matcher algorithm=\"nope\"/>"),
            ":3: <matcher> attribute 'algorithm': unknown resource matcher 'nope'; valid: ea, "
            "hybrid, lns, lp");
  EXPECT_EQ(f.error("<matcher algorithm=\"ea\"><param name=\"populaton\" value=\"4\"/></matcher>"),
            ":3: <matcher> attribute 'algorithm': resource matcher 'ea': unknown parameter "
            "'populaton'; valid: population, removals, explore, max_iterations, stall_iterations, "
            "time_limit");
}

// The heuristics refuse the literal load balance: found by the check, before any run.
TEST(MatchingKindChecks, AnObjectiveTheMatcherRefusesIsBadInput) {
  Fixture f;
  EXPECT_EQ(f.error("<matcher algorithm=\"ea\" objective=\"load_balance_literal\"/>"),
            ":3: <matcher> attribute 'objective': ea: the literal load-balance model is solved "
            "by 'lp' only");
}

TEST(MatchingKindChecks, ValuesOutOfRangeAndKeysOfOtherModesOrKinds) {
  Fixture f;
  EXPECT_EQ(f.error("<matcher batch_size=\"0\"/>"),
            ":3: <matcher> attribute 'batch_size': expected an integer >= 1, got '0'");
  EXPECT_EQ(f.error("<matcher time=\"measured\" seconds_per_probe=\"1\"/>"),
            ":3: <matcher> attribute 'seconds_per_probe' applies only when matcher.time=model, but "
            "matcher.time is 'measured'");
  EXPECT_EQ(f.error("<matcher/>", "  <providers max_background=\"1\"/>\n"),
            ":4: <providers> attribute 'max_background': expected a number in [0, 0.99], got '1'");
  EXPECT_EQ(f.error("<matcher/>", "  <interval_rm period=\"1\"/>\n"),
            ":4: unknown element <interval_rm>; valid: description, platform, workload, "
            "providers, matcher, output, sweep (<interval_rm> is an element of kind interval; "
            "this scenario is of kind matching)");
}

}  // namespace
}  // namespace arsim::kinds::matching
