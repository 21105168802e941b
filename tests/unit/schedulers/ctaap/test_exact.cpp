// ctaap-bb (exact.hpp) and the sub-offer bound (bound.hpp) against brute force and the exact IP.
#include <gtest/gtest.h>

#include "schedulers/ctaap/bound.hpp"
#include "schedulers/ctaap/exact.hpp"
#include "schedulers/ctaap/generator.hpp"
#include "schedulers/ctaap/ip.hpp"
#include "schedulers/ctaap/solver.hpp"
#include "tests/unit/schedulers/ctaap/random_instances.hpp"

namespace ct = arsim::schedulers::ctaap;
using arsim::test::brute_force_optimum;
using arsim::test::random_small_instance;

namespace {

// Three tasks, two clusters. Cluster 0 carries every bandwidth inside (free: filled by matching);
// cluster 1 carries 1 inside and between the clusters. Task bandwidths b01 = 1, b02 = b12 = 5;
// capacities 1 and 3. Task 2 conflicts with every other task wherever the two go (5 > 1, and
// cluster 0 holds one task), so at most 2 tasks: {0, 1} on cluster 1, or one of them on each.
ct::Instance hand_instance() {
  ct::Instance inst = ct::make_instance(3, 2);
  inst.cpu = {1, 1, 1};
  inst.bandwidth(0, 1) = inst.bandwidth(1, 0) = 1;
  inst.bandwidth(0, 2) = inst.bandwidth(2, 0) = 5;
  inst.bandwidth(1, 2) = inst.bandwidth(2, 1) = 5;
  inst.cluster_cpu = {1, 1};
  inst.capacity = {1, 3};
  inst.cluster_bandwidth(0, 0) = 10;
  inst.cluster_bandwidth(0, 1) = inst.cluster_bandwidth(1, 0) = 1;
  inst.cluster_bandwidth(1, 1) = 1;
  return inst;
}

}  // namespace

TEST(CtaapExact, HandCaseWithAFreeCluster) {
  const ct::ExactResult r = ct::solve_exact(hand_instance());
  EXPECT_TRUE(r.optimal);
  EXPECT_EQ(r.free_clusters, 1);
  EXPECT_EQ(ct::allocation_size(r.allocation), 2);
  EXPECT_EQ(r.bound, 2);
  EXPECT_EQ(r.allocation[2], ct::kUnallocated);
}

TEST(CtaapExact, EqualsBruteForceAndTheIpOnRandomInstances) {
  std::mt19937_64 rng(515);
  int with_free = 0;  // instances where the matching part is used: the test covers both parts
  for (int t = 0; t < 600; ++t) {
    const ct::Instance inst = random_small_instance(rng, t < 200 ? 7 : 12, t < 200 ? 3 : 5);
    ct::ExactOptions o;
    if (t % 2) o.start = ct::solve(inst).allocation;
    const ct::ExactResult r = ct::solve_exact(inst, o);
    ASSERT_TRUE(r.optimal) << "instance " << t;
    const int size = ct::allocation_size(r.allocation);
    ASSERT_EQ(r.bound, size) << "instance " << t;
    ASSERT_EQ(ct::check_allocation(inst, r.allocation), std::nullopt) << "instance " << t;
    const int optimum =
        t < 200 ? brute_force_optimum(inst) : ct::allocation_size(ct::solve_ip(inst).allocation);
    ASSERT_EQ(size, optimum) << "instance " << t;
    with_free += r.free_clusters > 0 && size > 0;
  }
  EXPECT_GT(with_free, 50);
}

TEST(CtaapExact, RejectsABadStart) {
  ct::ExactOptions o;
  o.start = {0, 0, 0};  // cluster 0 holds one task only
  EXPECT_THROW(ct::solve_exact(hand_instance(), o), std::invalid_argument);
}

TEST(CtaapExact, StoppedSearchKeepsAValidBound) {
  ct::GeneratorConfig c;  // the Fig. 3 size, which ctaap-bb does not finish in a millisecond
  c.tasks = 200;
  c.offer_max = 200;
  c.capacity_max = 40;
  auto rng = arsim::model::make_stream(2024, 1, "ctaap-bench");
  const ct::Instance inst = ct::random_instance(c, rng);
  ct::ExactOptions o;
  o.time_limit = 1e-3;
  o.start = ct::solve(inst).allocation;
  const ct::ExactResult r = ct::solve_exact(inst, o);
  EXPECT_FALSE(r.optimal);
  EXPECT_GE(ct::allocation_size(r.allocation), ct::allocation_size(o.start));
  EXPECT_GT(r.bound, ct::allocation_size(r.allocation));
  EXPECT_EQ(ct::check_allocation(inst, r.allocation), std::nullopt);
}

TEST(CtaapSubsetBound, BoundsTheOptimumAndIsExactWithEveryCluster) {
  std::mt19937_64 rng(616);
  int tighter = 0;  // pairs bound below singles somewhere: the rows between clusters matter
  for (int t = 0; t < 150; ++t) {
    const ct::Instance inst = random_small_instance(rng, 12, 4);
    const int optimum = ct::allocation_size(ct::solve_ip(inst).allocation);
    ct::SubsetBoundOptions o;
    o.max_clusters = 1;
    const int singles = ct::subset_bound(inst, o).bound;
    o.max_clusters = 2;
    const ct::SubsetBound pairs = ct::subset_bound(inst, o);
    o.max_clusters = inst.clusters();
    o.start = ct::solve(inst).allocation;
    const ct::SubsetBound all = ct::subset_bound(inst, o);
    ASSERT_GE(singles, pairs.bound) << "instance " << t;
    ASSERT_GE(pairs.bound, optimum) << "instance " << t;
    ASSERT_EQ(all.bound, optimum) << "instance " << t;
    ASSERT_EQ(all.best, optimum) << "instance " << t;
    ASSERT_EQ(all.proven, all.subsets) << "instance " << t;
    tighter += pairs.bound < singles;
  }
  EXPECT_GT(tighter, 10);
}

// A pinned partner's mask (Instance::allowed, task-major) follows its clusters: with clusters
// {1, 0} kept, task i's entry for new cluster a is its entry for old cluster {1, 0}[a].
TEST(CtaapSubsetBound, RestrictingClustersCarriesTheAllowedMask) {
  ct::Instance inst = hand_instance();
  inst.allowed = {1, 0,   // task 0: cluster 0 only
                  0, 1,   // task 1: cluster 1 only
                  1, 1};  // task 2: both
  const ct::Instance swapped = ct::restrict_clusters(inst, {1, 0});
  EXPECT_EQ(swapped.allowed, (std::vector<char>{0, 1, 1, 0, 1, 1}));
  const ct::Instance one = ct::restrict_clusters(inst, {1});
  EXPECT_EQ(one.allowed, (std::vector<char>{0, 1, 1}));
  EXPECT_NO_THROW(ct::validate(one));
}

TEST(CtaapSubsetBound, RestrictsClusters) {
  const ct::Instance inst = ct::restrict_clusters(hand_instance(), {1});
  ASSERT_EQ(inst.clusters(), 1);
  EXPECT_EQ(inst.capacity[0], 3);
  EXPECT_EQ(inst.cluster_bandwidth(0, 0), 1);
  EXPECT_THROW(ct::restrict_clusters(hand_instance(), {2}), std::invalid_argument);
  ct::SubsetBoundOptions o;
  o.max_clusters = 0;
  EXPECT_THROW(ct::subset_bound(hand_instance(), o), std::invalid_argument);
}
