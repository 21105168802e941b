// <coordinator> elements beside <grc> (several GRCs, GridARS §2.1): keys, <param>s, the users'
// user.NAME.grc, what a coordinator takes from <grc>, and the errors.
#include <gtest/gtest.h>

#include "sim/kinds/coallocation/config.hpp"
#include "sim/scenario/scenario.hpp"
#include "tests/unit/sim/scenario/temp_files.hpp"

namespace arsim::scenario {
namespace {

using kinds::coallocation::coordinator_of;
using kinds::coallocation::coordinator_setups;

class Coordinators : public testing::TempDirTest {
 protected:
  // Lines 1-4 are fixed, `extra` starts at line 5.
  std::string file(const std::string& extra) {
    return write("c.xml",
                 "<scenario name=\"c\">\n"
                 "  <platform file=\"platform.xml\"/>\n"
                 "  <workload generator=\"gridars\"/>\n"
                 "  <grc algorithm=\"gridars-ip\" frames=\"5\" planning_delay=\"30\"><param "
                 "name=\"balance\" value=\"1\"/></grc>\n" +
                     extra + "\n</scenario>\n");
  }
  std::string error_of(const std::string& extra, const std::vector<std::string>& sets = {}) {
    try {
      auto s = testing::load(file(extra));
      apply_overrides(s, sets);
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  }
};

TEST_F(Coordinators, ElementsBecomeKeysAndParams) {
  const auto s =
      testing::load(file("  <user name=\"A\"/>\n  <user name=\"B\" grc=\"g2\"/>\n"
                         "  <coordinator name=\"g2\" algorithm=\"greedy\" order=\"late\">\n"
                         "    <param name=\"max_hops\" value=\"2\"/>\n  </coordinator>\n"
                         "  <coordinator name=\"g3\"/>"));
  EXPECT_EQ(s.coordinators(), (std::vector<std::string>{"g2", "g3"}));
  EXPECT_EQ(s.get_string("coordinator.g2.algorithm"), "greedy");
  EXPECT_EQ(s.get_string("coordinator.g2.param.max_hops"), "2");
  EXPECT_EQ(s.where("coordinator.g2.param.max_hops").line, 8);
  EXPECT_FALSE(s.has("coordinator.g3.algorithm"));  // takes the <grc>'s
  EXPECT_EQ(coordinator_of(s, "A"), "grc");
  EXPECT_EQ(coordinator_of(s, "B"), "g2");
  EXPECT_EQ(coordinator_of(s, "not-declared"), "grc");
  EXPECT_NE(s.canonical().find("coordinators=g2 g3\n"), std::string::npos);

  const auto setups = coordinator_setups(s);
  ASSERT_EQ(setups.size(), 3u);
  EXPECT_EQ(setups[0].name, "grc");
  EXPECT_EQ(setups[1].name, "g2");
  EXPECT_EQ(setups[1].decision.order, "late");  // its own
  EXPECT_EQ(setups[1].decision.frames, 5);      // the <grc>'s
  EXPECT_EQ(setups[1].timing.planning_delay, 30);
  EXPECT_EQ(setups[2].decision.order, "time");
  EXPECT_EQ(setups[0].timing.planning_delay, 30);
}

TEST_F(Coordinators, ScenarioWithoutThemKeepsItsCanonicalText) {
  const auto s = testing::load(file("  <user name=\"A\"/>"));
  EXPECT_TRUE(s.coordinators().empty());
  // Neither the new keys nor a coordinators line appear unless written, so the hash of a
  // scenario that does not use them is what it was before they existed.
  EXPECT_EQ(s.canonical().find("coordinators="), std::string::npos);
  EXPECT_EQ(s.canonical().find(".grc="), std::string::npos);
  const auto none = testing::load(write("n.xml",
                                        "<scenario name=\"n\"><platform file=\"platform.xml\"/>"
                                        "<workload generator=\"gridars\"/><user name=\"A\"/>"
                                        "</scenario>"));
  EXPECT_EQ(none.canonical().find("planning_delay"), std::string::npos);
  EXPECT_EQ(coordinator_setups(none).size(), 1u);
  EXPECT_EQ(coordinator_setups(none)[0].timing.planning_delay, 0);
}

TEST_F(Coordinators, OverridesAndSweepsReachThem) {
  auto s = testing::load(file("  <user name=\"A\"/>\n  <coordinator name=\"g2\"/>"));
  apply_overrides(s, {"coordinator.g2.frames=3", "user.A.grc=g2"});
  EXPECT_EQ(coordinator_setups(s)[1].decision.frames, 3);
  EXPECT_EQ(coordinator_of(s, "A"), "g2");
}

TEST_F(Coordinators, PlannersAreMadeAndCheckedPerCoordinator) {
  const auto s =
      testing::load(file("  <user name=\"A\"/>\n  <coordinator name=\"g2\"/>\n"
                         "  <coordinator name=\"g3\" algorithm=\"greedy\"><param name=\"max_hops\" "
                         "value=\"1\"/></coordinator>\n"
                         "  <coordinator name=\"g4\" algorithm=\"greedy\"><param name=\"balance\" "
                         "value=\"1\"/></coordinator>"));
  const auto& catalog = testing::catalog();
  // g2 takes the <grc>'s gridars-ip with balance=1; g3 has greedy with its own max_hops.
  EXPECT_NE(kinds::coallocation::make_planner(catalog, s, "", "g2"), nullptr);
  EXPECT_NE(kinds::coallocation::make_planner(catalog, s, "", "g3"), nullptr);
  // g4 names greedy, so it does not take the <grc>'s gridars-ip parameters, and its own
  // 'balance' is not a greedy parameter.
  try {
    kinds::coallocation::make_planner(catalog, s, "", "g4");
    ADD_FAILURE() << "a parameter greedy does not have was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(path("c.xml") + ":8:"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("balance"), std::string::npos) << e.what();
  }
}

TEST_F(Coordinators, BadInputNamesTheLine) {
  const std::string f = path("c.xml") + ":";
  EXPECT_EQ(error_of("  <user name=\"A\" grc=\"g9\"/>"),
            f + "5: <user> attribute 'grc': expected grc or the name of a <coordinator>, got 'g9'");
  EXPECT_EQ(error_of("  <user name=\"A\"/>\n  <coordinator name=\"grc\"/>"),
            f + "6: <coordinator> attribute 'name': 'grc' is the <grc>'s name; expected another");
  EXPECT_EQ(error_of("  <user name=\"A\"/>\n  <coordinator name=\"g2\" colour=\"red\"/>"),
            f + "6: unknown attribute 'colour' on <coordinator>; valid: name, algorithm, frames, "
                "order, plan_all, hold_timeout, planning_delay");
  EXPECT_EQ(error_of("  <user name=\"A\"/>\n  <coordinator name=\"g2\" frames=\"0\"/>"),
            f + "6: <coordinator> attribute 'frames': expected an integer in [1, 10000], got '0'");
  EXPECT_EQ(
      error_of("  <user name=\"A\"/>\n  <coordinator name=\"g2\"/>", {"coordinator.g3.frames=2"}),
      "--set: unknown coordinator 'g3' in key 'coordinator.g3.frames'; valid: g2");
  EXPECT_EQ(
      error_of("  <user name=\"A\"/>\n  <coordinator name=\"g2\"/>\n  <coordinator name=\"g2\"/>"),
      f + "7: duplicate <coordinator name=\"g2\"> (first at line 6)");
}

}  // namespace
}  // namespace arsim::scenario
