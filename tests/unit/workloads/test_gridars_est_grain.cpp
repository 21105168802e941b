// The time grain of EST in the GridARS generator (workloads/gridars_generator.hpp, `est_grain`).
// The paper gives durations in minutes (Table 1) and no grain for EST; whole seconds are the
// default, whole minutes the other reading.
#include <cmath>
#include <set>
#include <stdexcept>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "workloads/gridars_generator.hpp"

namespace arsim::workloads {
namespace {

TEST(GridarsEstGrain, MinuteGrainPutsEveryEstOnWholeMinutes) {
  GridarsConfig minutes;
  minutes.est_grain = 60;
  const auto requests = generate_gridars(minutes, 2, 0);
  ASSERT_GT(requests.size(), 300u);
  std::set<double> offsets_mod_120;
  for (const auto& r : requests) {
    SCOPED_TRACE(r.id);
    const double offset = r.est - minutes.window_start;
    EXPECT_EQ(std::fmod(offset, 60), 0);
    EXPECT_GE(r.est, minutes.window_start);
    EXPECT_LE(r.lst + r.duration, minutes.window_end);
    offsets_mod_120.insert(std::fmod(offset, 120));
  }
  // Odd minutes are drawn too: the grid is 60 s, not coarser.
  EXPECT_EQ(offsets_mod_120, (std::set<double>{0, 60}));
}

TEST(GridarsEstGrain, SecondGrainIsTheDefaultAndAnyGrainChangesOnlyEst) {
  // One EST draw per request whatever the grain, so every other draw stays the same.
  GridarsConfig seconds, minutes;
  seconds.est_grain = 1;
  minutes.est_grain = 60;
  const auto base = generate_gridars(GridarsConfig{}, 6, 3);
  const auto one = generate_gridars(seconds, 6, 3);
  const auto sixty = generate_gridars(minutes, 6, 3);
  ASSERT_EQ(base.size(), one.size());
  ASSERT_EQ(base.size(), sixty.size());
  int off_minute = 0, moved = 0;
  for (std::size_t i = 0; i < base.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(one[i].est, base[i].est);
    off_minute += std::fmod(base[i].est, 60) != 0;
    moved += sixty[i].est != base[i].est;
    EXPECT_EQ(sixty[i].submit, base[i].submit);
    EXPECT_EQ(sixty[i].user, base[i].user);
    EXPECT_EQ(sixty[i].type, base[i].type);
    EXPECT_EQ(sixty[i].duration, base[i].duration);
    EXPECT_EQ(sixty[i].lst - sixty[i].est, base[i].lst - base[i].est);
    ASSERT_EQ(sixty[i].components.size(), base[i].components.size());
    EXPECT_EQ(sixty[i].components.front().cpus, base[i].components.front().cpus);
  }
  // Whole seconds: almost no EST of the default falls on a whole minute (1 in 60).
  EXPECT_GT(off_minute, static_cast<int>(base.size()) * 9 / 10);
  EXPECT_GT(moved, static_cast<int>(base.size()) * 9 / 10);
}

TEST(GridarsEstGrain, GrainWiderThanTheWindowGivesTheEarliestStart) {
  GridarsConfig wide;
  wide.est_grain = 1e9;
  for (const auto& r : generate_gridars(wide, 1, 0)) EXPECT_EQ(r.est, wide.window_start);
}

TEST(GridarsEstGrain, GrainBelowOneSecondOrNotFiniteIsRefused) {
  for (const double bad : {0.5, 0.0, -60.0, std::nan(""), HUGE_VAL}) {
    GridarsConfig c;
    c.est_grain = bad;
    try {
      validate(c);
      ADD_FAILURE() << "no error for est_grain " << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_THAT(e.what(), ::testing::HasSubstr("est_grain")) << bad;
    }
  }
}

}  // namespace
}  // namespace arsim::workloads
