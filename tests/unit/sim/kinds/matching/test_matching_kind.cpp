// The matching kind's scenario keys and checks, through the registry: bad input is one line
// naming the file, line and attribute, found before anything runs.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "sim/engine/catalog.hpp"
#include "sim/kinds/builtins.hpp"
#include "sim/kinds/matching/config.hpp"
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
    try {
      const auto s = load(matcher, extra);
      catalog.kinds.of(s).check(catalog, s);
    } catch (const scenario::InputError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.find('\n'), std::string::npos) << "not one line";
      EXPECT_EQ(what.rfind(path, 0), 0u) << what;  // starts with the file
      return what.substr(std::min(what.size(), path.size()));
    }
    return "";
  }
  scenario::Settings load(const std::string& matcher, const std::string& extra = "") {
    const std::string path = dir.file("m.xml");
    // check loads the platform: a shipped one (tests run from the source root).
    const auto platform = std::filesystem::absolute("platforms/cluster128.xml").string();
    std::ofstream(path) << "<scenario name=\"m\" kind=\"matching\">\n"
                        << "  <platform file=\"" << platform << "\"/>\n"
                        << "  " << matcher << "\n"
                        << extra << "</scenario>\n";
    return scenario::load_scenario(path, catalog.kinds.schemas());
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
            "external, hybrid, lns, lp");
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
  // batch_size fills an int: its range ends where an int does.
  EXPECT_EQ(f.error("<matcher batch_size=\"0\"/>"),
            ":3: <matcher> attribute 'batch_size': expected an integer in [1, 2147483647], got "
            "'0'");
  EXPECT_EQ(f.error("<matcher batch_size=\"2147483648\"/>"),
            ":3: <matcher> attribute 'batch_size': expected an integer in [1, 2147483647], got "
            "'2147483648'");
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

// Values that pass the schema but would run without bound (or abort SimGrid on a non-finite
// instant, or overflow the bucket count of resources.csv) are refused before anything runs, at
// the key that decides, naming the limit (sim/kinds/matching/limits.hpp). Before, each of these
// passed check.
TEST(MatchingKindChecks, ValuesThatWouldPassTheLimitOfSimulatedTimeAreRefused) {
  Fixture f;
  // 250 resource attributes (Table 1, 50 per type): 4,000 reports of 60 s, or with providers that
  // report once, 4,000 buckets of 600 s.
  const std::string by_reports =
      "past the run's limit of 240000 s of simulated time (at most "
      "10^6 rows of offers.csv for 250 resource attributes, reports "
      "every 60 s)";
  EXPECT_EQ(f.error("<matcher/>", "  <providers period=\"1e308\"/>\n"),
            ":4: <providers> attribute 'period': the providers would report once: every 1e+308 s, "
            "past the run's limit of 2.4e+06 s of simulated time (at most 10^6 rows of "
            "resources.csv for 250 resource attributes, buckets of 600 s)");
  EXPECT_EQ(f.error("<matcher period=\"1e308\"/>"),
            ":3: <matcher> attribute 'period': batches would start at most every 1e+308 s, " +
                by_reports);
  EXPECT_EQ(f.error("<matcher seconds_per_batch=\"1e308\"/>"),
            ":3: <matcher> attribute 'seconds_per_batch': every batch would take at least 1e+308 "
            "s, " +
                by_reports);
  for (const char* workload : {"<workload load=\"1e-6\"/>", "<workload mean_duration=\"1e9\"/>"}) {
    const std::string e = f.error("<matcher/>", std::string("  ") + workload + "\n");
    EXPECT_NE(e.find("<providers> attribute 'period'"), std::string::npos) << e;
    EXPECT_NE(e.find("the run may last at most 240000 s of simulated time (at most 10^6 rows of "
                     "offers.csv for 250 resource attributes, reports every 60 s), but its last "
                     "job arrives at"),
              std::string::npos)
        << e;
  }
  const std::string e = f.error("<matcher/>", "  <output bucket=\"1e-9\"/>\n");
  EXPECT_EQ(e.rfind(":4: <output> attribute 'bucket': the run may last at most 4e-06 s of "
                    "simulated time (at most 10^6 rows of resources.csv for 250 resource "
                    "attributes, buckets of 1e-09 s), but its last job arrives at",
                    0),
            0u)
      << e;
}

TEST(MatchingKindChecks, TheDeadlineKeysReadIntoTheDeadline) {
  Fixture f;
  EXPECT_FALSE(deadline(f.load("<matcher/>")).set());
  const Deadline d = deadline(f.load("<matcher deadline=\"0.25\" on_deadline=\"nothing\"/>"));
  EXPECT_EQ(d.seconds, 0.25);
  EXPECT_FALSE(d.greedy);
  EXPECT_TRUE(deadline(f.load("<matcher deadline=\"2\"/>")).greedy);
  EXPECT_EQ(f.error("<matcher deadline=\"0\"/>"),
            ":3: <matcher> attribute 'deadline': expected a number > 0, got '0'");
}

// Each seconds_per_* key lands in its own rate; measured time keeps only the per-batch charge.
TEST(MatchingKindChecks, TheCostKeysAreTheRatesOfTheCostModel) {
  Fixture f;
  const CostModel c =
      cost_model(f.load("<matcher seconds_per_batch=\"0.5\" seconds_per_iteration=\"1e-3\" "
                        "seconds_per_probe=\"2e-6\" seconds_per_lp_solve=\"3e-2\" "
                        "seconds_per_lp_work=\"4e-5\"/>"));
  EXPECT_FALSE(c.measured);
  EXPECT_EQ(c.per_batch, 0.5);
  EXPECT_EQ(c.per_iteration, 1e-3);
  EXPECT_EQ(c.per_probe, 2e-6);
  EXPECT_EQ(c.per_lp_solve, 3e-2);
  EXPECT_EQ(c.per_lp_work, 4e-5);
  const CostModel m = cost_model(f.load("<matcher time=\"measured\" seconds_per_batch=\"0.5\"/>"));
  EXPECT_TRUE(m.measured);
  EXPECT_EQ(m.per_batch, 0.5);
  EXPECT_EQ(m.per_iteration + m.per_probe + m.per_lp_solve + m.per_lp_work, 0.0);
}

}  // namespace
}  // namespace arsim::kinds::matching
