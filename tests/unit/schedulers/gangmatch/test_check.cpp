// The gang checker (model/gang/gang.hpp) accepts the gang of Raman et al. Figs. 2-4 and refuses
// each way a gang can be wrong.
#include <gtest/gtest.h>

#include "tests/unit/schedulers/gangmatch/pools.hpp"

using arsim::model::gang::check_gang;
using arsim::model::gang::check_gangs;
using arsim::model::gang::Gang;
namespace t = arsim::test;

namespace {

// job (0), workstation (1), license (2), a second job (3).
arsim::model::gang::GangProblem figures() {
  return t::pool({t::figure("fig2_job_sim_app.ad"), t::figure("fig3_workstation.ad"),
                  t::figure("fig4_license.ad"), t::figure("fig2_job_sim_app.ad")},
                 {0, 3});
}

// The gang of the text: the job's cpu port to the workstation, its license port to the license.
Gang paper_gang() {
  return Gang{{{0, -1, -1, -1}, {1, 0, 0, 0}, {2, 0, 1, 0}}};
}

}  // namespace

TEST(GangCheck, AcceptsThePapersGang) {
  const auto p = figures();
  EXPECT_EQ(check_gang(p, paper_gang()), std::nullopt);
  // The same gang built in the other order (license first) is the same tree.
  EXPECT_EQ(check_gang(p, Gang{{{0, -1, -1, -1}, {2, 0, 1, 0}, {1, 0, 0, 0}}}), std::nullopt);
}

TEST(GangCheck, RefusesEveryKindOfBrokenGang) {
  const auto p = figures();
  auto why = [&](const Gang& g) { return check_gang(p, g).value_or("accepted"); };
  EXPECT_NE(why(Gang{}).find("empty"), std::string::npos);
  EXPECT_NE(why(Gang{{{1, -1, -1, -1}}}).find("not a root"), std::string::npos);
  EXPECT_NE(why(Gang{{{0, -1, -1, -1}, {1, 0, 0, 0}}}).find("port 'license' of"),
            std::string::npos);
  EXPECT_NE(why(Gang{{{0, -1, -1, -1}, {1, 0, 0, 0}, {1, 0, 1, 0}}}).find("used twice"),
            std::string::npos);
  EXPECT_NE(why(Gang{{{0, -1, -1, -1}, {1, 0, 0, 0}, {2, 0, 0, 0}}}).find("bound twice"),
            std::string::npos);
  EXPECT_NE(why(Gang{{{0, -1, -1, -1}, {1, 2, 0, 0}, {2, 0, 1, 0}}}).find("does not come before"),
            std::string::npos);
  EXPECT_NE(why(Gang{{{0, -1, -1, -1}, {1, 0, 0, 3}, {2, 0, 1, 0}}}).find("port 4 out of range"),
            std::string::npos);
  EXPECT_NE(why(Gang{{{0, -1, -1, -1}, {3, 0, 0, 0}, {2, 0, 1, 0}}}).find("is a root"),
            std::string::npos);
  // Swapped: the workstation on the license port and the license on the cpu port.
  EXPECT_NE(why(Gang{{{0, -1, -1, -1}, {2, 0, 0, 0}, {1, 0, 1, 0}}}).find("Constraint"),
            std::string::npos);
}

TEST(GangCheck, RefusesConstraintsThatDoNotHold) {
  auto p = figures();
  p.ads[2] = arsim::classad::parse_ad(
      t::figure("fig4_license.ad").replace(t::figure("fig4_license.ad").find("foo.cs"), 3, "bar"),
      "other_host.ad");
  const auto e = check_gang(p, paper_gang());
  ASSERT_TRUE(e.has_value());
  EXPECT_NE(e->find("the Constraint of port 'requester' of"), std::string::npos) << *e;
  EXPECT_NE(e->find("is false"), std::string::npos) << *e;
}

TEST(GangCheck, GangsMayNotShareAnAd) {
  const auto p = figures();
  const Gang second{{{3, -1, -1, -1}, {1, 0, 0, 0}, {2, 0, 1, 0}}};
  EXPECT_EQ(check_gangs(p, {paper_gang()}), std::nullopt);
  const auto e = check_gangs(p, {paper_gang(), second});
  ASSERT_TRUE(e.has_value());
  EXPECT_NE(e->find("is in gangs 1 and 2"), std::string::npos) << *e;
}
