// Properties on random instances: CTAAP-Solver never violates eqs. (1)–(5) (1,000 instances), the
// matching is a maximum-weight b-matching (brute force), the IP is exact (brute force; the three
// linearisations and both back-ends agree) and its optimum is never below the heuristic's.
#include <gtest/gtest.h>

#include <functional>

#include "schedulers/ctaap/generator.hpp"
#include "schedulers/ctaap/ip.hpp"
#include "schedulers/ctaap/matching.hpp"
#include "schedulers/ctaap/solver.hpp"
#include "tests/unit/schedulers/ctaap/random_instances.hpp"

namespace ct = arsim::schedulers::ctaap;
using arsim::test::brute_force_optimum;
using arsim::test::random_small_instance;

namespace {

// The largest total weight of a b-matching (eqs. 1–3), by enumeration.
double brute_force_weight(const ct::Instance& inst, const ct::Matrix& w) {
  const int n = inst.tasks(), m = inst.clusters();
  std::vector<int> load(m, 0);
  double best = 0;
  std::function<void(int, double)> rec = [&](int i, double sum) {
    if (i == n) {
      best = std::max(best, sum);
      return;
    }
    rec(i + 1, sum);
    for (int j = 0; j < m; ++j)
      if (ct::fits(inst, i, j) && load[j] < inst.capacity[j]) {
        ++load[j];
        rec(i + 1, sum + w(i, j));
        --load[j];
      }
  };
  rec(0, 0);
  return best;
}

double weight_of(const ct::Allocation& a, const ct::Matrix& w) {
  double sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] >= 0) sum += w(static_cast<int>(i), a[i]);
  return sum;
}

}  // namespace

TEST(CtaapRandom, SolverNeverViolatesCapacityOrCompatibility) {
  std::mt19937_64 rng(20240611);
  ct::SolverOptions with_fill;
  with_fill.fill = true;
  for (int t = 0; t < 1000; ++t) {
    const ct::Instance inst = random_small_instance(rng, 30, 6);
    const ct::SolverResult r = ct::solve(inst, t % 2 ? with_fill : ct::SolverOptions{});
    ASSERT_EQ(ct::check_allocation(inst, r.allocation), std::nullopt) << "instance " << t;
    ASSERT_LE(r.rounds, inst.tasks() * inst.clusters() + 1) << "instance " << t;
  }
}

TEST(CtaapRandom, PaperInstancesStayFeasible) {
  for (int offer : {100, 300, 500}) {
    ct::GeneratorConfig c;
    c.offer_max = offer;
    for (int run = 0; run < 10; ++run) {
      auto rng = arsim::model::make_stream(5, run, "ctaap-test");
      const ct::Instance inst = ct::random_instance(c, rng);
      EXPECT_EQ(ct::check_allocation(inst, ct::solve(inst).allocation), std::nullopt);
    }
  }
}

TEST(CtaapRandom, MatchingHasMaximumWeight) {
  std::mt19937_64 rng(77);
  for (int t = 0; t < 300; ++t) {
    const ct::Instance inst = random_small_instance(rng, 7, 3);
    ct::Matrix w(inst.tasks(), inst.clusters());
    for (int i = 0; i < inst.tasks(); ++i)
      for (int j = 0; j < inst.clusters(); ++j) w(i, j) = arsim::test::draw(rng, 0, 20) / 20.0;
    const ct::Allocation a = ct::max_weight_matching(inst, w);
    ct::Instance no_edges = inst;  // step 2 leaves eq. (4) out: check (1)–(3), (5) only
    no_edges.bandwidth = ct::Matrix(inst.tasks(), inst.tasks());
    ASSERT_EQ(ct::check_allocation(no_edges, a), std::nullopt) << "instance " << t;
    ASSERT_NEAR(weight_of(a, w), brute_force_weight(inst, w), 1e-9) << "instance " << t;
  }
}

TEST(CtaapRandom, IpIsExactAndNeverBelowTheHeuristic) {
  std::mt19937_64 rng(4242);
  int better = 0;  // instances where the heuristic is below the optimum: the test has teeth
  for (int t = 0; t < 1000; ++t) {
    const ct::Instance inst = random_small_instance(rng, t < 200 ? 6 : 12, t < 200 ? 3 : 5);
    const int heuristic = ct::allocation_size(ct::solve(inst).allocation);
    const ct::IpResult ip = ct::solve_ip(inst);
    ASSERT_TRUE(ip.optimal()) << "instance " << t;
    const int optimum = ct::allocation_size(ip.allocation);
    ASSERT_GE(optimum, heuristic) << "instance " << t;
    better += optimum > heuristic;
    ASSERT_EQ(ct::check_allocation(inst, ip.allocation), std::nullopt);
    if (t < 200) {
      ASSERT_EQ(optimum, brute_force_optimum(inst)) << "instance " << t;
    }
  }
  EXPECT_GT(better, 10);
}

TEST(CtaapRandom, LinearisationsAndBackendsAgree) {
  std::mt19937_64 rng(99);
  for (int t = 0; t < 60; ++t) {
    const ct::Instance inst = random_small_instance(rng, 9, 4);
    const int reference = ct::allocation_size(ct::solve_ip(inst).allocation);
    for (auto lin : {ct::Linearisation::Star, ct::Linearisation::Pairwise}) {
      ct::IpOptions o;
      o.linearisation = lin;
      EXPECT_EQ(ct::allocation_size(ct::solve_ip(inst, o).allocation), reference)
          << "instance " << t;
    }
    ct::IpOptions glpk;
    glpk.backend = arsim::schedulers::milp::Backend::Glpk;
    const ct::IpResult g = ct::solve_ip(inst, glpk);
    EXPECT_TRUE(g.optimal());
    EXPECT_EQ(ct::allocation_size(g.allocation), reference) << "instance " << t;
  }
}

TEST(CtaapRandom, GeneratorMatchesThePaperRanges) {
  ct::GeneratorConfig c;
  c.offer_max = 200;
  double fit = 0;
  for (int run = 0; run < 200; ++run) {
    auto rng = arsim::model::make_stream(1, run, "ctaap-test");
    const ct::Instance inst = ct::random_instance(c, rng);
    ASSERT_EQ(inst.tasks(), 50);
    for (int j = 0; j < 5; ++j) {
      ASSERT_GE(inst.capacity[j], 1);
      ASSERT_LE(inst.capacity[j], 11);
      ASSERT_EQ(inst.cluster_bandwidth(j, 0), inst.cluster_bandwidth(0, j));
    }
    fit += ct::fit_share(inst) / 200;
  }
  EXPECT_NEAR(fit, 0.7525, 0.03);  // §4: 1/2 + 1/2 · 0.505 at offer range 1..200
}
