// gridars-ip on random tiny instances: the brute-force certificate, back-end agreement, eqs.
// (10)(11) with a large N_max, first-feasible mode, and check_plan on every plan.
#include <gtest/gtest.h>

#include <random>

#include "schedulers/gridars_ip/gridars_ip.hpp"
#include "tests/unit/schedulers/gridars_ip/instances.hpp"

namespace {

// The single plan for the instance's frame (checked by check_plan), or nothing.
std::optional<model::Plan> plan_one(const Instance& inst, const gip::Options& o) {
  gip::GridarsIpPlanner planner(o);
  PlannerStats stats;
  auto plans = planner.plan(inst.graph, inst.request, {inst.avail}, stats);
  EXPECT_EQ(stats.solves, 1);
  if (plans.empty()) return std::nullopt;
  EXPECT_EQ(model::check_plan(inst.graph, inst.request, inst.avail, plans[0]), std::nullopt);
  return plans[0];
}

gip::Options options(Backend b, bool extra, int n_max = 4) {
  gip::Options o;
  o.backend = b;
  o.extra_constraints = extra;
  o.n_max = n_max;
  o.time_limit = 0;  // tiny models: no limit, so results never depend on the machine
  o.frame_shortcuts =
      false;  // every instance goes to the solver (shortcuts: test_gridars_ip_frames.cpp)
  return o;
}

// A simple path has at most |V| - 1 edges, so this N_max cuts no plan.
int safe_n_max(const Instance& inst) {
  return inst.graph.vertex_count() - 1;
}

}  // namespace

// The certificate: the IP's optimum equals an exhaustive search over site assignments and simple
// paths, with and without option (A), (10)(11) and the tightening inequalities.
TEST(GridarsIpRandom, MatchesBruteForceOptimum) {
  std::mt19937_64 rng(20240601);
  int feasible = 0;
  for (int i = 0; i < 150; ++i) {
    const Instance inst = arsim::test::random_instance(rng);
    const double balance = (i % 3) * 0.75;
    const auto expected = arsim::test::brute_force_optimum(inst, balance);
    auto o = options(Backend::Cbc, i % 2 == 0, safe_n_max(inst));
    o.balance = balance;
    o.tighten = i % 4 < 2;  // the optional valid inequalities must not cut the optimum either
    const auto plan = plan_one(inst, o);
    ASSERT_EQ(plan.has_value(), expected.has_value()) << "instance " << i;
    if (!plan) continue;
    ++feasible;
    EXPECT_NEAR(plan->cost, *expected, 1e-6) << "instance " << i;
  }
  EXPECT_GT(feasible, 50);  // the generator must not make only infeasible instances
}

// The certificate under latency bounds: Σ lat_k·y_{k,l} ≤ L_l keeps exactly the plans whose
// routes meet their bounds, so the IP's optimum is the exhaustive search's over those plans.
TEST(GridarsIpRandom, MatchesBruteForceOptimumUnderLatencyBounds) {
  std::mt19937_64 rng(20261127);
  int feasible = 0, bound_binds = 0;
  for (int i = 0; i < 120; ++i) {
    const Instance plain = arsim::test::random_instance(rng);
    const Instance inst = arsim::test::with_latencies(plain, rng);
    const auto expected = arsim::test::brute_force_optimum(inst);
    const auto unbounded = arsim::test::brute_force_optimum(plain);
    bound_binds += expected != unbounded;
    const auto plan = plan_one(inst, options(Backend::Cbc, i % 2 == 0, safe_n_max(inst)));
    ASSERT_EQ(plan.has_value(), expected.has_value()) << "instance " << i;
    if (!plan) continue;
    ++feasible;
    EXPECT_NEAR(plan->cost, *expected, 1e-6) << "instance " << i;
  }
  EXPECT_GT(feasible, 30);
  EXPECT_GT(bound_binds, 10);  // the bounds must change the optimum or feasibility often enough
}

// The certificate with pins: the IP's optimum equals the exhaustive search restricted to the plans
// that keep every pinned component on its site, on both back-ends.
TEST(GridarsIpRandom, MatchesBruteForceOptimumWithPins) {
  std::mt19937_64 rng(20261128);
  int feasible = 0, pins_bind = 0;
  for (int i = 0; i < 150; ++i) {
    const Instance plain = arsim::test::random_instance(rng);
    const Instance inst = arsim::test::with_pins(plain, rng);
    const double balance = (i % 3) * 0.75;
    const auto expected = arsim::test::brute_force_optimum(inst, balance);
    pins_bind += expected != arsim::test::brute_force_optimum(plain, balance);
    auto o = options(i % 2 ? Backend::Glpk : Backend::Cbc, i % 4 < 2, safe_n_max(inst));
    o.balance = balance;
    o.tighten = i % 3 == 0;
    const auto plan = plan_one(inst, o);
    ASSERT_EQ(plan.has_value(), expected.has_value()) << "instance " << i;
    if (!plan) continue;
    ++feasible;
    EXPECT_NEAR(plan->cost, *expected, 1e-6) << "instance " << i;
    for (std::size_t j = 0; j < inst.request.components.size(); ++j)
      if (inst.request.components[j].pinned()) {
        EXPECT_EQ(plan->sites[j], inst.request.components[j].site) << "instance " << i;
      }
  }
  EXPECT_GT(feasible, 30);
  EXPECT_GT(pins_bind, 30);  // the pins must change the optimum or feasibility often enough
}

TEST(GridarsIpRandom, CbcAndGlpkAgreeOn200Instances) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200; ++i) {
    const Instance inst = arsim::test::random_instance(rng);
    const bool extra = i % 2 == 0;
    const auto cbc = plan_one(inst, options(Backend::Cbc, extra));
    const auto glpk = plan_one(inst, options(Backend::Glpk, extra));
    ASSERT_EQ(cbc.has_value(), glpk.has_value()) << "instance " << i;
    if (cbc) {
      EXPECT_NEAR(cbc->cost, glpk->cost, 1e-6) << "instance " << i;
    }
  }
}

TEST(GridarsIpRandom, ExtraConstraintsKeepTheOptimumWhenNmaxIsLarge) {
  std::mt19937_64 rng(99);
  for (int i = 0; i < 100; ++i) {
    const Instance inst = arsim::test::random_instance(rng);
    const Backend b = i % 2 ? Backend::Glpk : Backend::Cbc;
    const auto plain = plan_one(inst, options(b, false));
    const auto extra = plan_one(inst, options(b, true, safe_n_max(inst)));
    ASSERT_EQ(plain.has_value(), extra.has_value()) << "instance " << i;
    if (plain) {
      EXPECT_NEAR(plain->cost, extra->cost, 1e-6) << "instance " << i;
    }
  }
}

// First-feasible plans are valid (plan_one checks them) and never beat the optimum.
TEST(GridarsIpRandom, FirstFeasiblePlansAreValidAndNoBetterThanOptimal) {
  std::mt19937_64 rng(5);
  for (int i = 0; i < 100; ++i) {
    const Instance inst = arsim::test::random_instance(rng);
    const Backend b = i % 2 ? Backend::Glpk : Backend::Cbc;
    auto first = options(b, true, safe_n_max(inst));
    first.first_feasible = true;
    const auto quick = plan_one(inst, first);
    const auto best = plan_one(inst, options(b, true, safe_n_max(inst)));
    ASSERT_EQ(quick.has_value(), best.has_value()) << "instance " << i;
    if (best) {
      EXPECT_GE(quick->cost, best->cost - 1e-6) << "instance " << i;
    }
  }
}

// Same instance, same options: the same plan, on both back-ends (docs/design/architecture.md,
// Determinism).
TEST(GridarsIpRandom, Deterministic) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 40; ++i) {
    const Instance inst = arsim::test::random_instance(rng);
    for (const Backend b : {Backend::Cbc, Backend::Glpk}) {
      const auto first = plan_one(inst, options(b, true));
      const auto second = plan_one(inst, options(b, true));
      ASSERT_EQ(first.has_value(), second.has_value());
      if (first) {
        EXPECT_EQ(first->sites, second->sites) << "instance " << i;
        EXPECT_EQ(first->routes, second->routes) << "instance " << i;
      }
    }
  }
}
