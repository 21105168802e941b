// Seeded streams and portable samplers (model/random.hpp).
#include "model/random.hpp"

#include <cmath>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

namespace arsim::model {
namespace {

std::vector<std::uint64_t> first(std::mt19937_64 rng, int n) {
  std::vector<std::uint64_t> out;
  for (int i = 0; i < n; ++i) out.push_back(rng());
  return out;
}

TEST(Random, Fnv1aMatchesPublishedVectors) {
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(fnv1a64("foobar"), 0x85944171f73967e8ULL);
}

TEST(Random, SplitmixMatchesReferenceSequence) {
  // splitmix64 seeded with 0: the first output of the reference generator (state += golden gamma).
  EXPECT_EQ(splitmix64(0), 0xe220a8397b1dcdafULL);
}

TEST(Random, SameInputsGiveSameStream) {
  EXPECT_EQ(first(make_stream(42, 3, "UserA"), 8), first(make_stream(42, 3, "UserA"), 8));
}

TEST(Random, StreamsDifferByNameRunAndSeed) {
  const auto base = first(make_stream(42, 0, "UserA"), 4);
  EXPECT_NE(base, first(make_stream(42, 0, "UserB"), 4));
  EXPECT_NE(base, first(make_stream(42, 1, "UserA"), 4));
  EXPECT_NE(base, first(make_stream(43, 0, "UserA"), 4));
  // Swapping seed and run index must not give the same stream.
  EXPECT_NE(derive_seed(1, 2, "x"), derive_seed(2, 1, "x"));
}

TEST(Random, SeedIsPinned) {
  // Outputs must not change between versions or standard libraries: the engine is specified by the
  // standard (10000th output of a default mt19937_64 is 9981545732273789042), the seed by us.
  std::mt19937_64 reference;
  reference.discard(9999);
  EXPECT_EQ(reference(), 9981545732273789042ULL);
  EXPECT_EQ(derive_seed(0, 0, ""), splitmix64(splitmix64(splitmix64(0)) ^ fnv1a64("")));
}

TEST(Random, Uniform01InUnitIntervalWithMeanHalf) {
  auto rng = make_stream(1, 0, "u");
  double sum = 0;
  const int n = 100000;
  for (int i = 0; i < n; ++i) {
    const double u = uniform01(rng);
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    sum += u;
  }
  EXPECT_NEAR(sum / n, 0.5, 0.005);  // sd of the mean is 0.0009
}

TEST(Random, Uniform01UsesTopBits) {
  std::mt19937_64 a(7), b(7);
  EXPECT_EQ(uniform01(a), static_cast<double>(b() >> 11) / 9007199254740992.0);
}

TEST(Random, UniformIndexCoversRangeEvenly) {
  auto rng = make_stream(1, 0, "idx");
  std::vector<int> count(6, 0);
  const int n = 60000;
  for (int i = 0; i < n; ++i) {
    const auto k = uniform_index(rng, 6);
    ASSERT_LT(k, 6u);
    ++count[k];
  }
  for (int c : count) EXPECT_NEAR(c, n / 6, 400);  // sd ≈ 91
  EXPECT_EQ(uniform_index(rng, 1), 0u);
  EXPECT_THROW(uniform_index(rng, 0), std::invalid_argument);
}

TEST(Random, UniformIndexRejectsExactlyTheLowRemainder) {
  // n = 3 * 2^62: 2^64 mod n = 2^62, so a quarter of the draws must be rejected and the rest
  // returned as x % n. Replay the engine by hand to check both.
  const std::uint64_t n = 3ULL << 62;
  auto rng = make_stream(5, 0, "big");
  auto replay = rng;
  int rejected = 0;
  for (int i = 0; i < 1000; ++i) {
    std::uint64_t x = replay();
    for (; x < (1ULL << 62); x = replay()) ++rejected;
    ASSERT_EQ(uniform_index(rng, n), x % n);
  }
  EXPECT_GT(rejected, 250);  // expected 333
  EXPECT_LT(rejected, 420);
}

TEST(Random, ExponentialHasRequestedMean) {
  auto rng = make_stream(2, 0, "exp");
  double sum = 0;
  const int n = 200000;
  for (int i = 0; i < n; ++i) {
    const double x = exponential(rng, 407.327);
    ASSERT_GE(x, 0.0);
    ASSERT_TRUE(std::isfinite(x));
    sum += x;
  }
  EXPECT_NEAR(sum / n, 407.327, 407.327 * 0.01);  // sd of the mean is 0.22 %
  EXPECT_THROW(exponential(rng, 0), std::invalid_argument);
  EXPECT_THROW(exponential(rng, -1), std::invalid_argument);
}

}  // namespace
}  // namespace arsim::model
