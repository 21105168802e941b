// laddered_frames (GridARS stage 2i) and TimeFrame.
#include <gtest/gtest.h>

#include "model/time.hpp"

namespace arsim::model {
namespace {

TEST(LadderedFrames, OneFrameStartsAtEst) {
  const auto f = laddered_frames(100, 500, 60, 1);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0], (TimeFrame{100, 160}));
}

TEST(LadderedFrames, EstEqualsLstGivesOneFrame) {
  const auto f = laddered_frames(100, 100, 60, 10);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0], (TimeFrame{100, 160}));
}

TEST(LadderedFrames, TenFramesSpanEstToLstEvenly) {
  const auto f = laddered_frames(100, 1000, 30, 10);
  ASSERT_EQ(f.size(), 10u);
  EXPECT_EQ(f.front().start, 100);
  EXPECT_EQ(f.back().start, 1000);
  for (std::size_t i = 0; i < f.size(); ++i) {
    EXPECT_DOUBLE_EQ(f[i].start, 100 + 100.0 * i);
    EXPECT_DOUBLE_EQ(f[i].length(), 30);
    EXPECT_TRUE(f[i].inside({100, 1030}));  // [EST, LST + D]
  }
}

TEST(LadderedFrames, LastStartIsLstExactlyDespiteRounding) {
  const auto f = laddered_frames(0.1, 0.7, 0.3, 7);
  ASSERT_EQ(f.size(), 7u);
  EXPECT_EQ(f.back().start, 0.7);
  for (std::size_t i = 1; i < f.size(); ++i) EXPECT_LT(f[i - 1].start, f[i].start);
  for (const auto& fr : f) {
    EXPECT_GE(fr.start, 0.1);
    EXPECT_LE(fr.start, 0.7);
  }
}

TEST(LadderedFrames, TwoFramesAreEstAndLst) {
  const auto f = laddered_frames(10, 20, 5, 2);
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0], (TimeFrame{10, 15}));
  EXPECT_EQ(f[1], (TimeFrame{20, 25}));
}

TEST(LadderedFrames, InvalidArgumentsThrow) {
  EXPECT_THROW(laddered_frames(0, 10, 5, 0), std::invalid_argument);
  EXPECT_THROW(laddered_frames(0, 10, 5, -3), std::invalid_argument);
  EXPECT_THROW(laddered_frames(10, 9, 5, 3), std::invalid_argument);
  EXPECT_THROW(laddered_frames(0, 10, 0, 3), std::invalid_argument);
  EXPECT_THROW(laddered_frames(0, 10, -1, 3), std::invalid_argument);
}

TEST(TimeFrame, LengthAndInside) {
  const TimeFrame f{5, 12};
  EXPECT_DOUBLE_EQ(f.length(), 7);
  EXPECT_TRUE(f.inside({5, 12}));
  EXPECT_TRUE(f.inside({0, 20}));
  EXPECT_FALSE(f.inside({6, 20}));
  EXPECT_FALSE(f.inside({0, 11}));
}

}  // namespace
}  // namespace arsim::model
