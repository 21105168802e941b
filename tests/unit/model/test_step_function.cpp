// StepFunction: hand-computed cases, then random additions checked against a naive function that
// keeps every addition and sums them at each instant. Small chunk sizes make chunks split, empty
// and merge all the time.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "model/step_function.hpp"

namespace arsim::model {
namespace {

constexpr double kNothing = -std::numeric_limits<double>::infinity();

TEST(StepFunction, EmptyIsZeroEverywhere) {
  const StepFunction f;
  EXPECT_EQ(f.size(), 0u);
  EXPECT_EQ(f.at(-5), 0);
  EXPECT_EQ(f.at(1e12), 0);
  EXPECT_EQ(f.max_over({0, 10}), 0);
  EXPECT_EQ(f.max_over({3, 3}), kNothing);  // nothing in an empty frame
  EXPECT_EQ(f.max_over_each({{0, 1}, {0.5, 2}}), (std::vector<double>{0, 0}));
}

TEST(StepFunction, OneAdditionIsHalfOpen) {
  StepFunction f;
  f.add({10, 20}, 3);
  EXPECT_EQ(f.size(), 2u);
  EXPECT_EQ(f.at(9.999), 0);
  EXPECT_EQ(f.at(10), 3);
  EXPECT_EQ(f.at(19.999), 3);
  EXPECT_EQ(f.at(20), 0);
  EXPECT_EQ(f.max_over({0, 10}), 0);  // ends where the step starts
  EXPECT_EQ(f.max_over({0, 10.5}), 3);
  EXPECT_EQ(f.max_over({20, 30}), 0);
  EXPECT_EQ(f.max_over({19, 30}), 3);
  f.add({5, 5}, 7);  // empty frame: nothing
  EXPECT_EQ(f.size(), 2u);
}

TEST(StepFunction, ValuesAndMaximaOverSeveralSteps) {
  // Values: [0,5) 2, [5,8) 5, [8,10) 9, [10,12) 7, [12,15) 3, [15,20) 4, [20,30) 1.
  StepFunction f(2);
  f.add({0, 10}, 2);
  f.add({5, 20}, 3);
  f.add({8, 12}, 4);
  f.add({15, 30}, 1);
  const std::vector<std::pair<Time, double>> expected = {{0, 2},  {5, 5},  {8, 9},  {10, 7},
                                                         {12, 3}, {15, 4}, {20, 1}, {30, 0}};
  const auto points = f.points();
  ASSERT_EQ(points.size(), expected.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    EXPECT_EQ(points[i].time, expected[i].first);
    EXPECT_EQ(points[i].value, expected[i].second);
  }
  EXPECT_EQ(f.max_over({0, 5}), 2);
  EXPECT_EQ(f.max_over({4, 9}), 9);
  EXPECT_EQ(f.max_over({12.5, 13}), 3);  // strictly inside one step
  EXPECT_EQ(f.max_over({10, 16}), 7);
  EXPECT_EQ(f.max_over({20, 40}), 1);
  EXPECT_EQ(f.max_over({-10, 100}), 9);
  // Laddered frames [0,6), [2,8), [4,10), [6,12), [8,14): one pass.
  EXPECT_EQ(f.max_over_each({{0, 6}, {2, 8}, {4, 10}, {6, 12}, {8, 14}}),
            (std::vector<double>{5, 5, 9, 9, 9}));
  // Frames with a gap between them, and out of order: frame by frame.
  EXPECT_EQ(f.max_over_each({{12, 14}, {0, 1}, {25, 26}, {3, 3}}),
            (std::vector<double>{3, 2, 1, kNothing}));
}

TEST(StepFunction, FlatBreakpointsAreDropped) {
  StepFunction f;
  f.add({0, 10}, 2);
  f.add({10, 20}, 2);  // continues the same value: no breakpoint at 10
  EXPECT_EQ(f.size(), 2u);
  EXPECT_EQ(f.at(10), 2);
  f.add({0, 20}, -2);  // back to zero everywhere
  EXPECT_EQ(f.size(), 0u);
  f.add({0, 10}, 0.1);
  f.add({5, 10}, 0.2);
  f.add({5, 10}, -0.2);  // 0.1 + 0.2 - 0.2 is not 0.1 exactly, but within eps
  EXPECT_EQ(f.size(), 2u);
  EXPECT_NEAR(f.at(7), 0.1, 1e-12);
}

TEST(StepFunction, ChunkSizeMustAllowTwoPoints) {
  EXPECT_THROW(StepFunction(1), std::invalid_argument);
  EXPECT_NO_THROW(StepFunction(2));
}

// The naive function: every addition kept; after each change, the value at every addition's start
// and end is recomputed from scratch by a sweep, and queries scan that list.
class Naive {
 public:
  void add(TimeFrame f, double amount) {
    if (f.end > f.start) adds_.push_back({f, amount});
    sweep();
  }
  void take_back(std::size_t k) {
    adds_.erase(adds_.begin() + static_cast<std::ptrdiff_t>(k));
    sweep();
  }
  double at(Time t) const {
    double v = 0;
    for (const auto& [time, value] : values_)
      if (time <= t) v = value;
    return v;
  }
  // Maximum over [s, e): the value at s or at any addition's start or end inside.
  double max_over(TimeFrame frame) const {
    if (!(frame.end > frame.start)) return kNothing;
    double best = at(frame.start);
    for (const auto& [time, value] : values_)
      if (time > frame.start && time < frame.end) best = std::max(best, value);
    return best;
  }
  // Instants where the value changes.
  std::vector<Time> changes() const {
    std::vector<Time> out;
    double previous = 0;
    for (const auto& [time, value] : values_) {
      if (std::abs(value - previous) >= 1e-9) out.push_back(time);
      previous = value;
    }
    return out;
  }
  const std::vector<std::pair<TimeFrame, double>>& adds() const { return adds_; }

 private:
  void sweep() {
    std::map<Time, double> jumps;
    for (const auto& [f, amount] : adds_) {
      jumps[f.start] += amount;
      jumps[f.end] -= amount;
    }
    values_.clear();
    double v = 0;
    for (const auto& [time, jump] : jumps) values_.push_back({time, v += jump});
  }

  std::vector<std::pair<TimeFrame, double>> adds_;
  std::vector<std::pair<Time, double>> values_;  // value from each boundary on
};

void run_random(std::uint64_t seed, std::size_t chunk, int steps) {
  std::mt19937_64 rng(seed);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  StepFunction f(chunk);
  Naive naive;
  for (int step = 0; step < steps; ++step) {
    SCOPED_TRACE(testing::Message() << "seed " << seed << " chunk " << chunk << " step " << step);
    if (uniform(0, 2) > 0 || naive.adds().empty()) {
      const int start = uniform(0, 200);
      const TimeFrame frame{double(start), double(start + uniform(1, 30))};
      const double amount = uniform(1, 8) / 2.0;  // halves: sums are exact
      f.add(frame, amount);
      naive.add(frame, amount);
    } else {  // take back an earlier addition, as an abort or release does
      const auto k = static_cast<std::size_t>(uniform(0, int(naive.adds().size()) - 1));
      f.add(naive.adds()[k].first, -naive.adds()[k].second);
      naive.take_back(k);
    }
    const auto changes = naive.changes();
    const auto points = f.points();
    ASSERT_EQ(points.size(), changes.size());
    ASSERT_EQ(f.size(), points.size());
    ASSERT_LE(f.chunks(), 4 * f.size() / chunk + 1);
    for (std::size_t i = 0; i < points.size(); ++i) ASSERT_EQ(points[i].time, changes[i]);
    for (int k = 0; k < 4; ++k) {
      const Time t = uniform(-4, 470) / 2.0;  // on and between integer steps
      ASSERT_EQ(f.at(t), naive.at(t)) << "t=" << t;
    }
    // Laddered frames as the GRC asks for them (N frames of length D, start step <= D) ...
    const int n = uniform(1, 10), length = uniform(1, 40), stride = uniform(0, length);
    std::vector<TimeFrame> ladder, loose;
    const int first = uniform(-10, 220);
    for (int i = 0; i < n; ++i)
      ladder.push_back({double(first + i * stride), double(first + i * stride + length)});
    // ... and frames in any order, some empty, some with gaps between them.
    for (int i = 0; i < n; ++i) {
      const int s = uniform(-10, 230);
      loose.push_back({double(s), double(s + uniform(-2, 25))});
    }
    for (const auto* frames : {&ladder, &loose}) {
      const auto each = f.max_over_each(*frames);
      ASSERT_EQ(each.size(), frames->size());
      for (std::size_t i = 0; i < frames->size(); ++i) {
        ASSERT_EQ(each[i], naive.max_over((*frames)[i])) << "frame " << i;
        ASSERT_EQ(f.max_over((*frames)[i]), each[i]);
      }
    }
  }
}

TEST(StepFunctionRandom, MatchesNaiveWithTinyChunks) {
  for (std::uint64_t seed = 1; seed <= 2; ++seed) run_random(seed, 2, 800);
  for (std::uint64_t seed = 11; seed <= 12; ++seed) run_random(seed, 4, 800);
  for (std::uint64_t seed = 13; seed <= 14; ++seed) run_random(seed, 5, 800);
}

TEST(StepFunctionRandom, MatchesNaiveWithDefaultChunks) {
  for (std::uint64_t seed = 21; seed <= 21; ++seed) run_random(seed, 64, 800);
}

TEST(StepFunctionRandom, ManyPointsThenAllTakenBack) {
  // Thousands of breakpoints over many chunks, then every addition subtracted in another order:
  // nothing may remain, and chunks must have merged back (checked through size and values).
  std::mt19937_64 rng(5);
  StepFunction f(4);
  std::vector<std::pair<TimeFrame, double>> adds;
  for (int i = 0; i < 4000; ++i) {
    const double s = std::uniform_int_distribution<int>(0, 100000)(rng);
    adds.push_back({{s, s + std::uniform_int_distribution<int>(1, 50)(rng)}, 0.5 + i % 3});
    f.add(adds.back().first, adds.back().second);
  }
  EXPECT_GT(f.size(), 4000u);
  std::shuffle(adds.begin(), adds.end(), rng);
  for (std::size_t i = 0; i < adds.size(); ++i) {
    f.add(adds[i].first, -adds[i].second);
    ASSERT_LE(f.chunks(), f.size() + 1);  // 4 size() / 4 + 1: chunks merge as they empty
  }
  EXPECT_EQ(f.size(), 0u);
  EXPECT_EQ(f.chunks(), 0u);
  EXPECT_EQ(f.max_over({-1, 200000}), 0);
}

}  // namespace
}  // namespace arsim::model
