// The matcher-time cost model (sim/kinds/matching/cost.hpp) by hand: every rate charges its own
// count, MILP work is the matcher's work less its probes, and measured mode charges the call's
// wall time instead of the rates.
#include <gtest/gtest.h>

#include "sim/kinds/matching/cost.hpp"

namespace arsim::kinds::matching {
namespace {

schedulers::MatchStats stats() {
  schedulers::MatchStats s;
  s.iterations = 100;
  s.lp_solves = 3;
  s.lp_nodes = 7;
  s.probes = 2000;
  s.work = 2000 + 50000;  // probes + MILP work
  s.seconds = 0.25;
  return s;
}

CostModel rates() {
  CostModel c;
  c.per_batch = 0.5;
  c.per_iteration = 1e-3;
  c.per_probe = 1e-6;
  c.per_lp_solve = 1e-2;
  c.per_lp_work = 1e-5;
  return c;
}

TEST(MatchingCost, EachRateChargesItsOwnCount) {
  // 0.5 + 100 x 1e-3 + 2000 x 1e-6 + 3 x 1e-2 + 50000 x 1e-5 = 0.5 + 0.1 + 0.002 + 0.03 + 0.5
  EXPECT_NEAR(rates().seconds(stats()), 1.132, 1e-12);
  CostModel only_probes;
  only_probes.per_probe = 1e-6;
  EXPECT_NEAR(only_probes.seconds(stats()), 0.002, 1e-15);
  CostModel only_work;
  only_work.per_lp_work = 1e-5;
  EXPECT_NEAR(only_work.seconds(stats()), 0.5, 1e-12);  // the probes are not MILP work
  EXPECT_EQ(CostModel{}.seconds(stats()), 0.0);
}

TEST(MatchingCost, TheWallTimeOnlyInMeasuredMode) {
  CostModel c = rates();
  EXPECT_NEAR(c.seconds(stats()), 1.132, 1e-12);  // 0.25 s of wall time not charged
  c.measured = true;
  EXPECT_NEAR(c.seconds(stats()), 0.5 + 0.25, 1e-15);  // per batch + wall, no rate
}

TEST(MatchingCost, MilpWorkIsNeverNegativeAndNegativeRatesAreInvalid) {
  auto s = stats();
  s.work = 10;  // fewer work units than probes: no MILP work, not a negative charge
  CostModel only_work;
  only_work.per_lp_work = 1;
  EXPECT_EQ(only_work.seconds(s), 0.0);
  EXPECT_TRUE(rates().valid());
  for (double CostModel::*rate :
       {&CostModel::per_batch, &CostModel::per_iteration, &CostModel::per_probe,
        &CostModel::per_lp_solve, &CostModel::per_lp_work}) {
    CostModel c = rates();
    c.*rate = -1e-9;
    EXPECT_FALSE(c.valid());
  }
}

}  // namespace
}  // namespace arsim::kinds::matching
