// Periodic activation with carry-over (§2.3), the metrics of §5 and the zero-deviation search.
#include <gtest/gtest.h>

#include <random>

#include "schedulers/interval/baselines.hpp"
#include "schedulers/interval/metrics.hpp"
#include "schedulers/interval/overlaps.hpp"
#include "schedulers/interval/periodic.hpp"
#include "tests/support/interval_tasks.hpp"

using namespace arsim::schedulers;
using namespace arsim::schedulers::interval;
using arsim::testing::task;

TEST(Periodic, WorkCarriesOverIntoTheNextPeriod) {
  // Period 10: task 0 [8, 15) keeps the only resource busy into period 2, shifting task 1.
  const std::vector<IntervalTask> tasks{task(8, 15), task(11, 12), task(35, 36)};
  EctScheduler ect(QueueOrder::EarliestStart);
  const PeriodicRun run = run_periodic(ect, tasks, 1, 10, 0, true);
  EXPECT_EQ(run.schedule.start, (std::vector<double>{8, 15, 35}));
  EXPECT_EQ(run.activation, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(run.activations, 3);
  EXPECT_EQ(run.periods, 4);  // periods 0..3, period 2 idle
  EXPECT_DOUBLE_EQ(run.total_deviation, 4);
  EXPECT_DOUBLE_EQ(run.deviation, 4.0 / (3 * 10));  // eq. (23)
}

TEST(Periodic, PredecessorInAnEarlierPeriodReleasesItsSuccessor) {
  const std::vector<IntervalTask> tasks{task(0, 12), task(12, 13, 0), task(1, 2)};
  EctScheduler ect(QueueOrder::EarliestStart);
  const PeriodicRun run = run_periodic(ect, tasks, 1, 10);
  // Task 2 waits for task 0 (until 12); task 1 then waits for task 2 (until 13).
  EXPECT_EQ(run.schedule.start, (std::vector<double>{0, 13, 12}));
}

TEST(Metrics, SectionFiveQuantities) {
  // Four tasks of duration 2 in T = 10: g = 0.2, B = 0.8, beta = 2.
  const std::vector<IntervalTask> tasks{task(0, 2), task(1, 3), task(5, 7), task(8, 10)};
  const LoadMetrics m = load_metrics(tasks, 2, 10);
  EXPECT_DOUBLE_EQ(m.g, 0.2);
  EXPECT_DOUBLE_EQ(m.load, 0.8);
  EXPECT_EQ(m.beta, 2);
  EXPECT_DOUBLE_EQ(m.rho, 0.4);
  EXPECT_DOUBLE_EQ(m.rho_max, 0.4);
  EXPECT_DOUBLE_EQ(m.gain, 2);
  EXPECT_DOUBLE_EQ(m.theta, 0.5);
  EXPECT_DOUBLE_EQ(m.gain, m.rho / m.g);  // eq. (27)
  EXPECT_DOUBLE_EQ(time_deviation(tasks, {0, 2, 5, 8}, 10), 1.0 / 40);
}

// Earliest start + earliest completion colours an interval graph optimally, so its smallest M
// with zero deviation is beta, the lower bound of eq. (21).
TEST(ZeroDeviationSearch, EarliestStartReachesTheLowerBound) {
  std::mt19937_64 rng(9);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<IntervalTask> tasks;
  for (int i = 0; i < 200; ++i) {
    const double s = u(rng), d = 0.05 * (0.5 + u(rng));
    tasks.push_back(task(s, s + d));
  }
  const auto found = smallest_zero_deviation_resources(
      [] { return std::make_unique<EctScheduler>(QueueOrder::EarliestStart); }, tasks, 10);
  EXPECT_EQ(found.resources, max_overlap(tasks));
  EXPECT_EQ(found.lower_bound, found.resources);
  EXPECT_EQ(found.evaluations, 1);
  // Input order needs more (or as many).
  const auto input = smallest_zero_deviation_resources(
      [] { return std::make_unique<EctScheduler>(QueueOrder::Input); }, tasks, 10);
  EXPECT_GE(input.resources, found.resources);
}
