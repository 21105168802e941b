// The metrics of SCS §5 period by period (schedulers/interval/period_metrics.hpp), against values
// computed by hand.
#include <gtest/gtest.h>

#include "schedulers/interval/metrics.hpp"
#include "schedulers/interval/period_metrics.hpp"
#include "tests/support/interval_tasks.hpp"

using namespace arsim::schedulers;
using namespace arsim::schedulers::interval;
using arsim::testing::task;

namespace {
// The load metrics computed by hand: N, g, B, beta, rho, rho_max, G, theta.
struct Load {
  int tasks;
  double g, load;
  int beta;
  double rho, rho_max, gain, theta;
};

void expect_load(const LoadMetrics& m, const Load& want) {
  EXPECT_EQ(m.tasks, want.tasks);
  EXPECT_DOUBLE_EQ(m.g, want.g);
  EXPECT_DOUBLE_EQ(m.load, want.load);
  EXPECT_EQ(m.beta, want.beta);
  EXPECT_DOUBLE_EQ(m.rho, want.rho);
  EXPECT_DOUBLE_EQ(m.rho_max, want.rho_max);
  EXPECT_DOUBLE_EQ(m.gain, want.gain);
  EXPECT_DOUBLE_EQ(m.theta, want.theta);
}
}  // namespace

// T = 10, M = 2. Period 0: [0, 4), [2, 6), [5, 7); period 1: [13, 18).
//   period 0: N = 3, work 10: g = 1/3, B = 1, beta = 2 (at [2, 4) and [5, 6)), rho = 1/2,
//             rho_max = 1/2, G = 3/2, theta = 2/3; starts 0, 2, 6: D = 1 / (3 x 10) = 1/30;
//   period 1: N = 1, work 5: g = 1/2, B = 1/2, beta = 1, rho = 1/4, rho_max = 1/2, G = 1/2,
//             theta = 2, D = 0;
//   run: P = 2, N = 4, work 15: g = 15 / 4 / 10 = 0.375, B = (1 + 1/2) / 2 = 0.75 (= N g / P),
//        rho = 0.375, G = (3/2 + 1/2) / 2 = 1, theta = M P / N = 1, beta = 2,
//        rho_max = 0.75 / 2, D = 1 / (4 x 10). As one period it would read B = 1.5, rho = 0.75,
//        G = 2, theta = 0.5: twice the load the resources see.
TEST(PeriodMetrics, TwoPeriodsByHand) {
  const std::vector<IntervalTask> tasks{task(0, 4), task(2, 6), task(5, 7), task(13, 18)};
  const RunMetrics m = run_metrics(tasks, {0, 2, 6, 13}, 2, 10);
  ASSERT_EQ(m.periods.size(), 2u);
  const auto& p0 = m.periods[0];
  EXPECT_EQ(p0.period, 0);
  EXPECT_DOUBLE_EQ(p0.end, 10);
  expect_load(p0.load, {3, 1.0 / 3, 1, 2, 0.5, 0.5, 1.5, 2.0 / 3});
  EXPECT_DOUBLE_EQ(p0.deviation, 1.0 / 30);
  const auto& p1 = m.periods[1];
  EXPECT_EQ(p1.period, 1);
  EXPECT_DOUBLE_EQ(p1.end, 20);
  expect_load(p1.load, {1, 0.5, 0.5, 1, 0.25, 0.5, 0.5, 2});
  EXPECT_DOUBLE_EQ(p1.deviation, 0);
  EXPECT_EQ(m.spanned, 2);
  EXPECT_EQ(m.load.resources, 2);
  expect_load(m.load, {4, 0.375, 0.75, 2, 0.375, 0.375, 1, 1});
  EXPECT_DOUBLE_EQ(m.deviation, 1.0 / 40);
  // The run's B, rho and G are the means of the periods', G = rho / g (eq. 27) period by period.
  EXPECT_DOUBLE_EQ(m.load.load, (p0.load.load + p1.load.load) / 2);
  EXPECT_DOUBLE_EQ(m.load.gain, m.load.rho / m.load.g);
  for (const auto& p : m.periods) EXPECT_DOUBLE_EQ(p.load.gain, p.load.rho / p.load.g);
}

// T = 10, M = 2: A [1, 5), B [2, 4), C [6, 9), D [12, 18), E [10.5, 12.5) after C, F [31, 32).
// E asks to start in period 1 but is requested with C, the first task of its chain: period 0.
// Period 2 is idle and still counts in the run's means: P = 4 (periods 0..3).
//   period 0: A, B, C, E: N = 4, work 11: g = 0.275, B = 1.1, beta = 2, rho = 0.55,
//             rho_max = 0.55, G = 2, theta = 0.5; starts 1, 4, 6, 11.5: D = (2 + 1) / 40 = 0.075;
//   period 1: D: N = 1, B = 0.6, rho = 0.3, G = 0.5, D = 0;
//   period 3: F started at 33: N = 1, B = 0.1, rho = 0.05, G = 0.5, D = 2 / 10;
//   run: N = 6, work 18: g = 0.3, B = (1.1 + 0.6 + 0 + 0.1) / 4 = 0.45, rho = 0.225,
//        G = (2 + 0.5 + 0 + 0.5) / 4 = 0.75, theta = 4/3, beta = 2, rho_max = 0.225,
//        D = 5 / 60.
TEST(PeriodMetrics, DependentTasksCountWithTheirChainAndIdlePeriodsCountInTheMeans) {
  const std::vector<IntervalTask> tasks{task(1, 5),   task(2, 4),          task(6, 9),
                                        task(12, 18), task(10.5, 12.5, 2), task(31, 32)};
  EXPECT_EQ(request_periods(tasks, 10), (std::vector<long>{0, 0, 0, 1, 0, 3}));
  const std::vector<double> start{1, 4, 6, 12, 11.5, 33};
  const RunMetrics m = run_metrics(tasks, start, 2, 10);
  ASSERT_EQ(m.periods.size(), 3u);
  EXPECT_EQ(m.periods[0].period, 0);
  EXPECT_EQ(m.periods[1].period, 1);
  EXPECT_EQ(m.periods[2].period, 3);
  EXPECT_DOUBLE_EQ(m.periods[2].end, 40);
  expect_load(m.periods[0].load, {4, 0.275, 1.1, 2, 0.55, 0.55, 2, 0.5});
  EXPECT_DOUBLE_EQ(m.periods[0].deviation, 0.075);
  EXPECT_DOUBLE_EQ(m.periods[1].load.load, 0.6);
  EXPECT_DOUBLE_EQ(m.periods[1].load.rho, 0.3);
  EXPECT_DOUBLE_EQ(m.periods[1].deviation, 0);
  EXPECT_DOUBLE_EQ(m.periods[2].load.load, 0.1);
  EXPECT_DOUBLE_EQ(m.periods[2].load.rho, 0.05);
  EXPECT_DOUBLE_EQ(m.periods[2].deviation, 0.2);
  EXPECT_EQ(m.spanned, 4);
  expect_load(m.load, {6, 0.3, 0.45, 2, 0.225, 0.225, 0.75, 4.0 / 3});
  EXPECT_DOUBLE_EQ(m.deviation, 5.0 / 60);
  // Each task in one period: the periods' deviations add up to the run's.
  double total = 0;
  for (const auto& p : m.periods) total += p.deviation * p.load.tasks * 10;
  EXPECT_DOUBLE_EQ(total, total_deviation(tasks, start));
}

// One period: the run's figures are bit for bit load_metrics and time_deviation of all tasks (the
// summaries of single-period workloads do not change).
TEST(PeriodMetrics, OnePeriodIsLoadMetricsOfAllTasks) {
  std::vector<IntervalTask> tasks;
  std::vector<double> start;
  for (int i = 0; i < 300; ++i) {
    const double s = 0.731 * i - 219 * static_cast<int>(0.731 * i / 219);  // in [0, 219)
    tasks.push_back(task(s, s + 3.17 + (i % 7) * 1.3, i > 10 && i % 5 == 0 ? i - 7 : -1));
    start.push_back(s + (i % 3) * 0.5);
  }
  const RunMetrics m = run_metrics(tasks, start, 7, 250);
  const LoadMetrics one = load_metrics(tasks, 7, 250);
  ASSERT_EQ(m.periods.size(), 1u);
  EXPECT_EQ(m.spanned, 1);
  EXPECT_EQ(m.load.g, one.g);
  EXPECT_EQ(m.load.load, one.load);
  EXPECT_EQ(m.load.beta, one.beta);
  EXPECT_EQ(m.load.rho, one.rho);
  EXPECT_EQ(m.load.rho_max, one.rho_max);
  EXPECT_EQ(m.load.gain, one.gain);
  EXPECT_EQ(m.load.theta, one.theta);
  EXPECT_EQ(m.deviation, time_deviation(tasks, start, 250));
  EXPECT_EQ(m.periods[0].load.load, one.load);
}

TEST(PeriodMetrics, RequestPeriods) {
  // Before the origin: period 0. A chain resolved whatever the order of its tasks.
  const std::vector<IntervalTask> tasks{task(-5, 1), task(25, 26, 2), task(19.5, 20), task(20, 21)};
  EXPECT_EQ(request_periods(tasks, 10), (std::vector<long>{0, 1, 1, 2}));
  EXPECT_EQ(request_periods(tasks, 10, 5), (std::vector<long>{0, 1, 1, 1}));
  EXPECT_THROW(request_periods(tasks, 0), std::invalid_argument);
  EXPECT_THROW(run_metrics(tasks, {1, 2}, 2, 10), std::invalid_argument);
  const RunMetrics none = run_metrics({}, {}, 3, 10);
  EXPECT_TRUE(none.periods.empty());
  EXPECT_EQ(none.spanned, 1);
  EXPECT_EQ(none.load.tasks, 0);
}
