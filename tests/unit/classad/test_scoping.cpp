// Names: lexical lookup, self/my, parent, other/target in bilateral matches, and port labels of
// gangmatching (Raman et al. §4.1), including the report of unbound labels.
#include <gtest/gtest.h>

#include "classad/eval.hpp"
#include "classad/match.hpp"
#include "classad/parser.hpp"
#include "classad/print.hpp"

namespace ca = arsim::classad;

namespace {

std::string eval_in(const ca::ClassAd& ad, const std::string& expr, const ca::Binding* b) {
  const auto e = ca::parse_expression(expr, "t", &ad);
  return ca::to_string(ca::evaluate(e.root(), b));
}

}  // namespace

TEST(ClassadScoping, NamesAreCaseInsensitiveAndLookedUpOutwards) {
  const auto ad =
      ca::parse_ad("[ Memory = 64; inner = [ x = memory * 2; memory = 1; y = x ] ]", "t");
  EXPECT_EQ(eval_in(ad, "MEMORY", nullptr), "64");
  EXPECT_EQ(eval_in(ad, "inner.x", nullptr), "2");  // the inner memory hides the outer one
  EXPECT_EQ(eval_in(ad, "inner.y", nullptr), "2");
  EXPECT_EQ(eval_in(ad, "self.memory + SELF.Memory", nullptr), "128");
  EXPECT_EQ(eval_in(ad, "inner.parent.memory", nullptr), "64");
  EXPECT_EQ(eval_in(ad, "nosuch", nullptr), "undefined");
}

TEST(ClassadScoping, OtherAndTargetNameThePartnerOfABilateralMatch) {
  const auto a = ca::parse_ad("[ x = 1; Constraint = other.y == 2 && TARGET.y > x ]", "a");
  const auto b = ca::parse_ad("[ y = 2; Requirements = other.x == 1 ]", "b");
  const auto m = ca::match_bilateral(a, b);
  EXPECT_TRUE(m.matched);
  const auto c = ca::parse_ad("[ y = 3; Constraint = other.x == 1 ]", "c");
  const auto n = ca::match_bilateral(a, c);
  EXPECT_FALSE(n.matched);
  EXPECT_FALSE(n.a.satisfied);
  EXPECT_TRUE(n.b.satisfied);
  ASSERT_NE(n.a.failing, nullptr);
  EXPECT_EQ(ca::unparse(*n.a.failing), "other.y == 2");
  EXPECT_EQ(ca::to_string(n.a.failing_value), "false");
  // No constraint accepts anything; an undefined constraint is no match.
  const auto d = ca::parse_ad("[ z = 1 ]", "d");
  EXPECT_TRUE(ca::match_bilateral(d, b).a.satisfied);
  const auto e = ca::parse_ad("[ Constraint = other.missing ]", "e");
  const auto ne = ca::match_bilateral(e, d);
  EXPECT_FALSE(ne.matched);
  EXPECT_EQ(ca::to_string(ne.a.value), "undefined");
}

TEST(ClassadScoping, LabelsNameTheBoundPortAndReportWhenUnbound) {
  const auto job = ca::parse_ad(
      "[ Type = \"Job\"; Ports = { [ Label = cpu; Need = 2; Constraint = cpu.Cores >= Need ],"
      "  [ Label = disk; At = cpu.Site; Constraint = disk.Site == At && other.Free > 0 ] } ]",
      "job");
  const auto m = ca::parse_ad(
      "[ Cores = 4; Site = \"s1\"; Ports = { [ Label = r; Constraint = r.Type == \"Job\" ] } ]",
      "m");
  const auto d = ca::parse_ad(
      "[ Free = 10; Site = \"S1\"; Ports = { [ Label = r; Constraint = r.At == Site ] } ]", "d");
  std::vector<ca::RecordRef> jp(2), mp(1), dp(1);
  ca::Binding jb{{}, jp.data(), 2}, mb{{}, mp.data(), 1}, db{{}, dp.data(), 1};
  auto eval_port = [](const ca::ClassAd& ad, int port, const ca::Binding& b, bool& touched) {
    ca::EvalState st;
    const ca::Value v = ca::evaluate(*ad.ports()[port].constraint, &b, st);
    touched = st.touched_unbound;
    return ca::to_string(v);
  };
  bool touched = false;
  EXPECT_EQ(eval_port(job, 0, jb, touched), "undefined");
  EXPECT_TRUE(touched);
  // Dock the cpu port: job port 0 <-> machine port 0.
  jp[0] = {m.ports()[0].record, &mb};
  mp[0] = {job.ports()[0].record, &jb};
  EXPECT_EQ(eval_port(job, 0, jb, touched), "true");
  EXPECT_FALSE(touched);
  EXPECT_EQ(eval_port(m, 0, mb, touched), "true");  // r.Type found in the job ad around the port
  // The disk's constraint reads r.At = cpu.Site through the job: unknown until both are bound.
  dp[0] = {job.ports()[1].record, &jb};
  jp[1] = {d.ports()[0].record, &db};
  EXPECT_EQ(eval_port(d, 0, db, touched), "true");    // case-insensitive "s1" == "S1"
  EXPECT_EQ(eval_port(job, 1, jb, touched), "true");  // other inside port 2 is that port's partner
  jp[0] = {};
  EXPECT_EQ(eval_port(d, 0, db, touched), "undefined");
  EXPECT_TRUE(touched);
  // A label is not an attribute: the disk cannot reach the machine through its partner.
  jp[0] = {m.ports()[0].record, &mb};
  ca::EvalState st;
  EXPECT_EQ(ca::to_string(ca::select(dp[0], ca::Name::of("cpu"), st)), "undefined");
  EXPECT_EQ(ca::to_string(ca::select(dp[0], ca::Name::of("Cores"), st)), "undefined");
  EXPECT_EQ(ca::to_string(ca::select(dp[0], ca::Name::of("At"), st)), "\"s1\"");
}

TEST(ClassadScoping, AnAttributeNestedInsideThePortHidesALabel) {
  const auto ad = ca::parse_ad(
      "[ Ports = { [ Label = cpu; Inner = [ cpu = 7; v = cpu ]; Constraint = Inner.v == 7 ] } ]",
      "t");
  std::vector<ca::RecordRef> ports(1);
  ca::Binding b{{}, ports.data(), 1};
  ca::EvalState st;
  EXPECT_EQ(ca::to_string(ca::evaluate(*ad.ports()[0].constraint, &b, st)), "true");
  EXPECT_FALSE(st.touched_unbound);
}

TEST(ClassadScoping, LaterLabelsAreVisibleOnlyFromTheirOwnPortOn) {
  // The second port may read the first label (Raman et al. Fig. 2: Host = cpu.Name) ...
  EXPECT_NO_THROW(
      ca::parse_ad("[ Ports = { [ Label = a ], [ Label = b; Constraint = b.x == a.y ] } ]", "t"));
  // ... and top-level attributes do not see labels at all: there `a` is an ordinary name.
  const auto ad = ca::parse_ad("[ a = 5; Ports = { [ Label = a ] }; z = a ]", "t");
  EXPECT_EQ(ca::to_string(ca::evaluate(*ad.find("z"), nullptr)), "5");
}
