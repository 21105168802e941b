// The §5.1 / Table 1 instance generator: shape, the paper's rules, and determinism.
#include <gtest/gtest.h>

#include "workloads/matching/generator.hpp"

namespace arsim::test::matching {
namespace {

namespace wm = workloads::matching;
namespace mm = model::matching;

TEST(MatchingGenerator, Table1ResourcesAndSection51Jobs) {
  mm::Instance inst = wm::table1_resources(1, 0, 50);
  ASSERT_EQ(inst.types.size(), 4u);
  EXPECT_EQ(inst.resources.size(), 200u);
  wm::add_jobs(inst, 1, 0, 400, 0.3);
  EXPECT_NO_THROW(mm::validate(inst));
  int deps = 0;
  for (const auto& j : inst.jobs) {
    EXPECT_GE(j.priority, 1);
    EXPECT_LE(j.priority, 10);
    ASSERT_FALSE(j.depends.empty());
    deps += static_cast<int>(j.depends.size());
    for (const auto& d : j.depends) {
      EXPECT_FALSE(d.requirements.empty());
      EXPECT_EQ(d.usage.size(), inst.types[d.type].dynamic_attributes.size());
    }
  }
  // At least one type each, otherwise Bernoulli(0.3) on 4 types: E = 0.3*4 + 0.7^4 = 1.44.
  EXPECT_NEAR(deps / 400.0, 1.44, 0.15);
}

TEST(MatchingGenerator, SameSeedSameInstanceOtherSeedOther) {
  auto make = [](std::uint64_t seed) {
    mm::Instance inst = wm::table1_resources(seed, 2, 10);
    wm::add_jobs(inst, seed, 2, 20, 0.5);
    return inst;
  };
  const auto a = make(5), b = make(5), c = make(6);
  ASSERT_EQ(a.jobs.size(), b.jobs.size());
  for (std::size_t j = 0; j < a.jobs.size(); ++j) {
    EXPECT_EQ(a.jobs[j].priority, b.jobs[j].priority);
    ASSERT_EQ(a.jobs[j].depends.size(), b.jobs[j].depends.size());
    for (std::size_t d = 0; d < a.jobs[j].depends.size(); ++d)
      EXPECT_EQ(a.jobs[j].depends[d].usage, b.jobs[j].depends[d].usage);
  }
  for (std::size_t r = 0; r < a.resources.size(); ++r)
    EXPECT_EQ(a.resources[r].capacity, b.resources[r].capacity);
  bool differs = false;
  for (std::size_t r = 0; r < a.resources.size(); ++r)
    differs |= a.resources[r].capacity != c.resources[r].capacity;
  EXPECT_TRUE(differs);
}

TEST(MatchingGenerator, RejectsBadParameters) {
  mm::Instance inst = wm::table1_resources(1, 0, 5);
  EXPECT_THROW(wm::add_jobs(inst, 1, 0, 5, 0), std::invalid_argument);
  EXPECT_THROW(wm::add_jobs(inst, 1, 0, 5, 1.5), std::invalid_argument);
  EXPECT_THROW(wm::add_jobs(inst, 1, 0, -1, 0.5), std::invalid_argument);
}

}  // namespace
}  // namespace arsim::test::matching
