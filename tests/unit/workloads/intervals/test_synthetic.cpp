// The synthetic generator of SCS §6.1.1.
#include <gtest/gtest.h>

#include <cmath>

#include "workloads/intervals/synthetic.hpp"

using namespace arsim::workloads;

namespace {

void moments(const std::vector<arsim::model::IntervalTask>& t, double& mean, double& cv) {
  double s = 0, s2 = 0;
  for (const auto& r : t) {
    s += r.duration();
    s2 += r.duration() * r.duration();
  }
  mean = s / t.size();
  cv = std::sqrt(s2 / t.size() - mean * mean) / mean;
}

}  // namespace

TEST(Synthetic, SymmetricTasksStartUniformlyWithTheGranularityAsDuration) {
  SyntheticIntervalParams p;
  p.tasks = 20000;
  p.period = 50;
  p.granularity = 0.02;
  const auto tasks = generate_intervals(p, 1);
  ASSERT_EQ(tasks.size(), 20000u);
  double mean_start = 0;
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    EXPECT_EQ(tasks[i].id, static_cast<int>(i));
    EXPECT_GE(tasks[i].start, 0);
    EXPECT_LT(tasks[i].start, 50);
    EXPECT_NEAR(tasks[i].duration(), 1, 1e-12);  // finish - start, rounded
    EXPECT_EQ(tasks[i].predecessor, -1);
    mean_start += tasks[i].start / tasks.size();
  }
  EXPECT_NEAR(mean_start, 25, 0.5);
}

TEST(Synthetic, AsymmetricDurationsHaveTheAskedMeanAndVariation) {
  SyntheticIntervalParams p;
  p.tasks = 50000;
  p.granularity = 0.01;
  for (const char* model : {"uniform", "lognormal"}) {
    p.durations = model;
    p.duration_cv = 0.5;
    double mean = 0, cv = 0;
    moments(generate_intervals(p, 2), mean, cv);
    EXPECT_NEAR(mean, 0.01, 0.0002) << model;
    EXPECT_NEAR(cv, 0.5, 0.02) << model;
  }
}

TEST(Synthetic, DependentTasksFollowTheirPredecessors) {
  SyntheticIntervalParams p;
  p.tasks = 1001;
  p.dependent_fraction = 0.2;
  p.delay = 0.001;
  const auto tasks = generate_intervals(p, 3);
  int dependent = 0;
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    const int pred = tasks[i].predecessor;
    if (pred < 0) continue;
    ++dependent;
    EXPECT_LT(pred, static_cast<int>(i));
    EXPECT_DOUBLE_EQ(tasks[i].start, tasks[pred].finish + 0.001);
  }
  EXPECT_EQ(dependent, 200);  // exactly 20 % of tasks 1..N-1
}

TEST(Synthetic, DeterministicPerSeedAndRun) {
  SyntheticIntervalParams p;
  p.durations = "lognormal";
  p.duration_cv = 1;
  p.dependent_fraction = 0.3;
  auto same = [](const std::vector<arsim::model::IntervalTask>& a,
                 const std::vector<arsim::model::IntervalTask>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a[i].start != b[i].start || a[i].duration() != b[i].duration() ||
          a[i].predecessor != b[i].predecessor)
        return false;
    return true;
  };
  EXPECT_TRUE(same(generate_intervals(p, 5, 1), generate_intervals(p, 5, 1)));
  EXPECT_FALSE(same(generate_intervals(p, 5, 1), generate_intervals(p, 5, 2)));
  EXPECT_FALSE(same(generate_intervals(p, 5, 1), generate_intervals(p, 6, 1)));
}

TEST(Synthetic, RejectsParametersOutOfRange) {
  auto bad = [](auto edit) {
    SyntheticIntervalParams p;
    edit(p);
    return p;
  };
  EXPECT_THROW(validate(bad([](auto& p) { p.tasks = -1; })), std::invalid_argument);
  EXPECT_THROW(validate(bad([](auto& p) { p.period = 0; })), std::invalid_argument);
  EXPECT_THROW(validate(bad([](auto& p) { p.granularity = -1; })), std::invalid_argument);
  EXPECT_THROW(validate(bad([](auto& p) { p.durations = "gamma"; })), std::invalid_argument);
  EXPECT_THROW(validate(bad([](auto& p) {
                 p.durations = "uniform";
                 p.duration_cv = 0.7;
               })),
               std::invalid_argument);
  EXPECT_THROW(validate(bad([](auto& p) { p.dependent_fraction = 1.5; })), std::invalid_argument);
  EXPECT_NO_THROW(validate(SyntheticIntervalParams{}));
}
