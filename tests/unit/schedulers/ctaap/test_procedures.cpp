// The three procedures of CTAAP-Solver (§3.3) on hand-made cases: graduated assignment (step 1),
// the weighted b-matching (step 2), the clean-up loop (step 3), and the whole solver on a request
// whose only feasible allocation needs the clean-up.
#include <gtest/gtest.h>

#include <cmath>

#include "schedulers/ctaap/check.hpp"
#include "schedulers/ctaap/graduated.hpp"
#include "schedulers/ctaap/matching.hpp"
#include "schedulers/ctaap/solver.hpp"

namespace ct = arsim::schedulers::ctaap;

namespace {

// Three tasks joined pairwise by 10; cluster A (cap `cap_a`) carries 10 inside, cluster B (cap 3)
// carries 1 inside and 1 to A: topology says "all on A".
ct::Instance triangle(int cap_a) {
  ct::Instance inst = ct::make_instance(3, 2);
  for (int i = 0; i < 3; ++i) {
    inst.cpu[i] = 1;
    for (int k = 0; k < 3; ++k)
      if (k != i) inst.bandwidth(i, k) = 10;
  }
  inst.cluster_cpu = {1, 1};
  inst.capacity = {cap_a, 3};
  inst.cluster_bandwidth(0, 0) = 10;
  inst.cluster_bandwidth(1, 1) = 1;
  inst.cluster_bandwidth(0, 1) = inst.cluster_bandwidth(1, 0) = 1;
  return inst;
}

// The request whose only full allocation needs the clean-up: task 0 (cpu 3) and task 1 (cpu 1)
// exchange 15. A (cpu 1, cap 1), B (cpu 3, cap 1), C (cpu 3, cap 2); b̂_AB = b̂_AC = 10,
// b̂_BC = 5, b̂_BB = b̂_CC = 15. Only C carries 15 between two of its own machines, so both tasks
// on C is the one allocation of size 2; every split violates eq. (4).
ct::Instance needs_cleanup() {
  ct::Instance inst = ct::make_instance(2, 3);
  inst.cpu = {3, 1};
  inst.bandwidth(0, 1) = inst.bandwidth(1, 0) = 15;
  inst.cluster_cpu = {1, 3, 3};
  inst.capacity = {1, 1, 2};
  const double b[3][3] = {{5, 10, 10}, {10, 15, 5}, {10, 5, 15}};
  for (int j = 0; j < 3; ++j)
    for (int l = 0; l < 3; ++l) inst.cluster_bandwidth(j, l) = b[j][l];
  return inst;
}

}  // namespace

TEST(CtaapGraduated, EntriesInUnitIntervalAndZeroWhereEq3Fails) {
  ct::Instance inst = triangle(3);
  inst.cpu[2] = 2;  // fits nowhere (both clusters have cpu 1)
  const ct::Matrix x = ct::graduated_assignment(inst, {});
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 2; ++j) {
      EXPECT_GE(x(i, j), 0);
      EXPECT_LE(x(i, j), 1);
    }
  EXPECT_EQ(x(2, 0), 0);
  EXPECT_EQ(x(2, 1), 0);
}

TEST(CtaapGraduated, TopologyDecidesTheCluster) {
  const ct::Matrix x = ct::graduated_assignment(triangle(3), {});
  for (int i = 0; i < 3; ++i) {
    EXPECT_GT(x(i, 0), 0.9) << "task " << i;  // up to cap_A = 3 entries of column A approach 1
    EXPECT_LT(x(i, 1), 0.01) << "task " << i;
  }
}

TEST(CtaapGraduated, ColumnNormalisationFollowsTheCapacity) {
  for (int cap : {1, 2}) {
    const ct::Matrix x = ct::graduated_assignment(triangle(cap), {});
    double column = 0;
    for (int i = 0; i < 3; ++i) column += x(i, 0);
    EXPECT_LE(column, cap + 1e-6) << "cap " << cap;
    EXPECT_GE(column, cap * 0.7) << "cap " << cap;
  }
}

// The literal reading of the column divisor (graduated.hpp) lets the slack entry take a capacity
// slot: the topology is washed out and every entry ends near 1/2.
TEST(CtaapGraduated, LiteralColumnsWashOutThePreference) {
  ct::GraduatedOptions o;
  o.literal_columns = true;
  const ct::Matrix x = ct::graduated_assignment(triangle(3), o);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(x(i, 1), 0.5, 0.05);
}

TEST(CtaapGraduated, LargeGraphsDoNotOverflow) {
  ct::Instance inst = ct::make_instance(150, 2);
  for (int i = 0; i < 150; ++i) {
    inst.cpu[i] = 1;
    for (int k = 0; k < 150; ++k)
      if (k != i) inst.bandwidth(i, k) = 1;
  }
  inst.cluster_cpu = {1, 1};
  inst.capacity = {100, 100};
  inst.cluster_bandwidth(0, 0) = inst.cluster_bandwidth(1, 1) = 5;
  const ct::Matrix x = ct::graduated_assignment(inst, {});  // β Q reaches 10 · 149
  for (int i = 0; i < 150; ++i)
    for (int j = 0; j < 2; ++j) EXPECT_TRUE(std::isfinite(x(i, j)));
}

TEST(CtaapGraduated, CompatibilityFunctions) {
  EXPECT_EQ(ct::compatibility_by_name("binary")(5, 5), 1);
  EXPECT_EQ(ct::compatibility_by_name("binary")(6, 5), 0);
  EXPECT_EQ(ct::compatibility_by_name("signed")(6, 5), -1);
  EXPECT_DOUBLE_EQ(ct::compatibility_by_name("ratio")(10, 5), 0.5);
  EXPECT_THROW(ct::compatibility_by_name("cosine"), std::invalid_argument);
  ct::GraduatedOptions o;
  o.beta_r = 1;
  EXPECT_THROW(ct::graduated_assignment(triangle(1), o), std::invalid_argument);
}

// A pluggable F: one that rewards nothing leaves only the slack and eq. (3) to decide.
TEST(CtaapGraduated, PluggableCompatibility) {
  ct::GraduatedOptions o;
  o.compatibility = [](double, double) { return 0.0; };
  const ct::Matrix x = ct::graduated_assignment(triangle(3), o);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(x(i, 0), x(0, 0), 1e-12);
}

TEST(CtaapMatching, MaximumWeightByHand) {
  ct::Instance inst = ct::make_instance(3, 2);
  inst.cpu = {1, 1, 1};
  inst.cluster_cpu = {1, 1};
  inst.capacity = {1, 1};
  ct::Matrix w(3, 2);
  const double v[3][2] = {{0.9, 0.8}, {0.85, 0.1}, {0.5, 0.5}};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 2; ++j) w(i, j) = v[i][j];
  // 0→B, 1→A weighs 1.65; 0→A with 2→B only 1.4.
  EXPECT_EQ(ct::max_weight_matching(inst, w), (ct::Allocation{1, 0, -1}));
  inst.capacity = {2, 1};  // now 0→A, 1→A, 2→B: 2.25
  EXPECT_EQ(ct::max_weight_matching(inst, w), (ct::Allocation{0, 0, 1}));
}

TEST(CtaapMatching, RespectsEq3CapacityAndForbiddenPairs) {
  ct::Instance inst = ct::make_instance(3, 2);
  inst.cpu = {1, 5, 1};
  inst.cluster_cpu = {5, 1};
  inst.capacity = {1, 0};
  ct::Matrix w(3, 2, 1.0);
  auto a = ct::max_weight_matching(inst, w);  // B has no capacity; only one task fits A at a time
  EXPECT_EQ(ct::allocation_size(a), 1);
  EXPECT_EQ(ct::check_allocation(inst, a), std::nullopt);
  std::vector<char> forbidden(6, 0);
  forbidden[0 * 2 + 0] = forbidden[1 * 2 + 0] = 1;
  a = ct::max_weight_matching(inst, w, forbidden);
  EXPECT_EQ(a, (ct::Allocation{-1, -1, 0}));
}

TEST(CtaapMatching, ZeroWeightsStillAllocate) {
  ct::Instance inst = ct::make_instance(2, 1);
  inst.cpu = {1, 1};
  inst.cluster_cpu = {1};
  inst.capacity = {2};
  EXPECT_EQ(ct::allocation_size(ct::max_weight_matching(inst, ct::Matrix(2, 1))), 2);
}

TEST(CtaapCleanup, CountsViolatingPairsPerAllocation) {
  ct::Instance inst = triangle(3);
  // All three on B (b̂_BB = 1 < 10): every allocation is in two violating pairs, each counted in
  // both directions (Algorithm 3 loops over ordered pairs).
  EXPECT_EQ(ct::violation_counts(inst, {1, 1, 1}), (std::vector<int>{4, 4, 4}));
  EXPECT_EQ(ct::violation_counts(inst, {0, 0, 1}), (std::vector<int>{2, 2, 4}));
  EXPECT_EQ(ct::violation_counts(inst, {0, 0, -1}), (std::vector<int>{0, 0, 0}));
}

TEST(CtaapCleanup, RemovesTheWorstAllocationAndMatchesAgain) {
  // Two tasks exchanging 10; P (cap 2) carries 1 inside, Q (cap 1) carries 10 to P. The weights
  // put both on P; the clean-up forbids the lighter one there and the re-match moves it to Q.
  ct::Instance inst = ct::make_instance(2, 2);
  inst.cpu = {1, 1};
  inst.bandwidth(0, 1) = inst.bandwidth(1, 0) = 10;
  inst.cluster_cpu = {1, 1};
  inst.capacity = {2, 1};
  inst.cluster_bandwidth(0, 0) = 1;
  inst.cluster_bandwidth(0, 1) = inst.cluster_bandwidth(1, 0) = 10;
  ct::Matrix w(2, 2);
  w(0, 0) = 0.9, w(0, 1) = 0.1, w(1, 0) = 0.8, w(1, 1) = 0.2;
  const ct::SolverResult r = ct::match_and_clean(inst, w);
  EXPECT_EQ(r.initial_size, 2);
  EXPECT_EQ(r.removed, 1);
  EXPECT_EQ(r.rounds, 2);
  EXPECT_EQ(r.allocation, (ct::Allocation{0, 1}));
}

TEST(CtaapSolver, OnlyFeasibleAllocationNeedsTheCleanup) {
  const ct::Instance inst = needs_cleanup();
  const ct::SolverResult r = ct::solve(inst);
  EXPECT_GE(r.removed, 1);  // the first matching splits the tasks (B and C) and violates eq. (4)
  EXPECT_EQ(r.initial_size, 2);
  EXPECT_EQ(r.allocation, (ct::Allocation{2, 2}));
  EXPECT_EQ(ct::check_allocation(inst, r.allocation), std::nullopt);
}

TEST(CtaapSolver, FillAddsOnlyFeasibleTasks) {
  ct::Instance inst = triangle(3);
  ct::SolverOptions o;
  o.fill = true;
  const ct::SolverResult r = ct::solve(inst, o);
  EXPECT_EQ(r.allocation, (ct::Allocation{0, 0, 0}));
  EXPECT_EQ(ct::check_allocation(inst, r.allocation), std::nullopt);
}
