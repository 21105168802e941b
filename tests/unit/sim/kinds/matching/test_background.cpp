// The providers' background load (sim/kinds/matching/background.hpp): offers stay within
// [floor(N (1 - max_share)), N], move by at most a step between reports, and are seeded.
#include <gtest/gtest.h>

#include <cmath>

#include "model/random.hpp"
#include "sim/kinds/matching/background.hpp"
#include "workloads/matching/generator.hpp"

namespace arsim::kinds::matching {
namespace {

TEST(Background, OffersStayInTheBandAndMoveByAtMostAStep) {
  const auto inst = workloads::matching::table1_resources(2, 0, 20);
  const BackgroundParams p{0.3, 0.05};
  Background bg(inst, 0, p, model::make_stream(2, 0, "bg"));
  ASSERT_EQ(bg.resources().size(), 20u);  // the servers, in instance order
  std::vector<std::vector<double>> last;
  bool moved = false;
  for (int k = 0; k < 200; ++k) {
    const auto offered = bg.next();
    ASSERT_EQ(offered.size(), 20u);
    for (std::size_t i = 0; i < offered.size(); ++i) {
      const auto& n = inst.resources[bg.resources()[i]].capacity;
      ASSERT_EQ(offered[i].size(), n.size());
      for (std::size_t a = 0; a < n.size(); ++a) {
        EXPECT_LE(offered[i][a], n[a]);
        EXPECT_GE(offered[i][a], std::floor(n[a] * (1 - p.max_share)));
        EXPECT_EQ(offered[i][a], std::floor(offered[i][a]));
        // one step moves the share by at most `step`, the offer by at most step N (+1 of floor)
        if (k > 0) {
          EXPECT_LE(std::abs(offered[i][a] - last[i][a]), p.step * n[a] + 1);
          moved = moved || offered[i][a] != last[i][a];
        }
      }
    }
    last = offered;
  }
  EXPECT_TRUE(moved);
}

TEST(Background, NoBackgroundOffersTheWholeCapacity) {
  const auto inst = workloads::matching::table1_resources(2, 0, 5);
  Background bg(inst, 1, {0, 0.1}, model::make_stream(2, 0, "bg"));
  for (int k = 0; k < 3; ++k) {
    const auto offered = bg.next();
    for (std::size_t i = 0; i < offered.size(); ++i)
      EXPECT_EQ(offered[i], inst.resources[bg.resources()[i]].capacity);
  }
}

TEST(Background, SameStreamSameOffersAndBadParametersAreRefused) {
  const auto inst = workloads::matching::table1_resources(2, 0, 5);
  Background a(inst, 2, {}, model::make_stream(2, 0, "x")),
      b(inst, 2, {}, model::make_stream(2, 0, "x")), c(inst, 2, {}, model::make_stream(2, 0, "y"));
  bool differs = false;
  for (int k = 0; k < 5; ++k) {
    const auto oa = a.next(), oc = c.next();
    EXPECT_EQ(oa, b.next());
    differs = differs || oa != oc;
  }
  EXPECT_TRUE(differs);
  EXPECT_THROW(Background(inst, 4, {}, model::make_stream(2, 0, "x")), std::invalid_argument);
  EXPECT_THROW(Background(inst, 0, {1, 0}, model::make_stream(2, 0, "x")), std::invalid_argument);
  EXPECT_THROW(Background(inst, 0, {0.2, -1}, model::make_stream(2, 0, "x")),
               std::invalid_argument);
}

}  // namespace
}  // namespace arsim::kinds::matching
