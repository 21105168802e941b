// Overlap sweep, execution model (§2.2), cluster mapping and the schedule checker.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "schedulers/interval/assignment.hpp"
#include "schedulers/interval/execution.hpp"
#include "schedulers/interval/overlaps.hpp"
#include "tests/support/interval_tasks.hpp"

using namespace arsim::schedulers;
using namespace arsim::schedulers::interval;
using arsim::testing::task;

namespace {

std::vector<IntervalTask> random_tasks(int n, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0, 10);
  std::vector<IntervalTask> t;
  for (int i = 0; i < n; ++i) {
    const double s = std::floor(u(rng)),
                 d = i % 7 == 0 ? 0 : std::floor(u(rng) / 3);  // ties and zeros
    t.push_back(task(s, s + d));
  }
  return t;
}

}  // namespace

TEST(Overlaps, SweepFindsExactlyTheBruteForcePairs) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 50; ++round) {
    const auto tasks = random_tasks(30, rng);
    auto pairs = overlapping_pairs(tasks);
    std::vector<std::tuple<int, int, double>> got, want;
    for (const auto& p : pairs) got.emplace_back(p.i, p.j, p.length);
    for (int i = 0; i < 30; ++i)
      for (int j = i + 1; j < 30; ++j) {
        const double len =
            std::min(tasks[i].finish, tasks[j].finish) - std::max(tasks[i].start, tasks[j].start);
        if (len > 0) want.emplace_back(i, j, len);
      }
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, want);
  }
}

TEST(Overlaps, MaxOverlapCountsEndsBeforeStarts) {
  EXPECT_EQ(max_overlap({task(0, 2), task(2, 4), task(1, 3)}), 2);
  EXPECT_EQ(max_overlap({task(0, 5), task(1, 5), task(2, 5), task(3, 3)}), 3);
  EXPECT_EQ(max_overlap(std::vector<IntervalTask>{}), 0);
}

TEST(Execution, ResourceServesInRequestOrderAndShifts) {
  IntervalProblem p{{task(0, 4), task(1, 3), task(5, 6), task(3, 5)}, 1, {}, 0, 10};
  const auto start = execute_in_request_order(p, {0, 0, 0, 0});
  EXPECT_EQ(start, (std::vector<double>{0, 4, 8, 6}));  // 0:[0,4) 1:[4,6) 3:[6,8) 2:[8,9)
}

TEST(Execution, CarryOverAndPredecessorsDelayTasks) {
  IntervalProblem p{{task(0, 2), task(2, 3, 0), task(1, 2)}, 2, {5, 0}, 0, 10};
  // Task 0 on the resource busy until 5 runs [5,7); task 1 (after 0) waits on resource 1 until 7.
  const auto start = execute_in_request_order(p, {0, 1, 1});
  EXPECT_EQ(start, (std::vector<double>{5, 7, 1}));
  EXPECT_FALSE(check_schedule(p, {{0, 1, 1}, start}).has_value());
}

TEST(Execution, ServiceKeyRaisesSuccessorsThatAskTooEarly) {
  IntervalProblem p{{task(4, 6), task(0, 1, 0)}, 1, {}, 0, 10};
  EXPECT_EQ(service_keys(p), (std::vector<double>{4, 6}));
  EXPECT_EQ(service_order(p), (std::vector<int>{0, 1}));
}

TEST(Execution, ZeroLengthTasksTakeTheirTurn) {
  IntervalProblem p{{task(0, 4), task(2, 2)}, 1, {}, 0, 10};
  EXPECT_EQ(execute_in_request_order(p, {0, 0}), (std::vector<double>{0, 4}));
}

TEST(Assignment, HungarianMatchesBruteForce) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(0, 10);
  for (int n = 1; n <= 6; ++n)
    for (int round = 0; round < 20; ++round) {
      std::vector<std::vector<double>> c(n, std::vector<double>(n));
      for (auto& row : c)
        for (auto& x : row) x = std::floor(u(rng));
      std::vector<int> perm(n);
      std::iota(perm.begin(), perm.end(), 0);
      double best = 1e300;
      do {
        double s = 0;
        for (int i = 0; i < n; ++i) s += c[i][perm[i]];
        best = std::min(best, s);
      } while (std::next_permutation(perm.begin(), perm.end()));
      const auto got = min_cost_assignment(c);
      double s = 0;
      for (int i = 0; i < n; ++i) s += c[i][got[i]];
      EXPECT_DOUBLE_EQ(s, best);
    }
}

TEST(Execution, ClustersGoToTheResourcesThatSuitThem) {
  // Resource 0 is busy until 10: the cluster of late tasks should get it, not the early one.
  IntervalProblem p{{task(0, 2), task(1, 3), task(12, 13)}, 2, {10, 0}, 0, 20};
  const auto res = map_clusters_to_resources(p, {0, 0, 1}, 2);
  EXPECT_EQ(res, (std::vector<int>{1, 1, 0}));
  // All free: clusters keep their numbers.
  p.busy_until.clear();
  EXPECT_EQ(map_clusters_to_resources(p, {0, 0, 1}, 2), (std::vector<int>{0, 0, 1}));
}

TEST(CheckSchedule, ReportsEveryKindOfViolation) {
  IntervalProblem p{{task(0, 2), task(1, 3, 0)}, 2, {0, 4}, 0, 10};
  EXPECT_FALSE(check_schedule(p, {{0, 0}, {0, 2}}).has_value());
  EXPECT_TRUE(check_schedule(p, {{0, 2}, {0, 2}}).has_value());    // resource out of range
  EXPECT_TRUE(check_schedule(p, {{0, 1}, {0, 3}}).has_value());    // resource 1 busy until 4
  EXPECT_TRUE(check_schedule(p, {{0, 1}, {0, 1.5}}).has_value());  // before ready / predecessor
  EXPECT_TRUE(check_schedule(p, {{0, 0}, {0, 1.5}}).has_value());  // overlap
  EXPECT_TRUE(check_schedule(p, {{kDeferred, 1}, {0, 5}}).has_value());  // predecessor deferred
  EXPECT_TRUE(check_schedule(p, {{0}, {0}}).has_value());                // sizes
}

TEST(Validate, RejectsCyclesAndBadFields) {
  IntervalProblem p{{task(0, 1, 1), task(1, 2, 0)}, 1, {}, 0, 1};
  EXPECT_THROW(validate(p), std::invalid_argument);
  p.tasks = {task(0, 1), task(2, 1)};
  EXPECT_THROW(validate(p), std::invalid_argument);
  p.tasks = {task(0, 1)};
  p.busy_until = {0, 0};
  EXPECT_THROW(validate(p), std::invalid_argument);
  p.busy_until.clear();
  p.resources = 0;
  EXPECT_THROW(validate(p), std::invalid_argument);
}
