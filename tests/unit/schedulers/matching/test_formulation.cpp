// The 0-1 model: a warm start from a greedy matching is feasible for the model, and CBC with a
// node limit returns a solution at least as good (the milp options node_limit and start).
#include <gtest/gtest.h>

#include "model/random.hpp"
#include "schedulers/matching/formulation.hpp"
#include "schedulers/matching/state.hpp"
#include "workloads/matching/generator.hpp"

namespace arsim::test::matching {
namespace {

namespace sm = schedulers::matching;
namespace mm = model::matching;

TEST(MatchingFormulation, GreedyWarmStartIsFeasibleAndNeverLost) {
  for (auto obj :
       {mm::Objective::Throughput, mm::Objective::Prioritized, mm::Objective::LoadBalance})
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      mm::Instance inst = workloads::matching::table1_resources(seed, 0, 50);
      workloads::matching::add_jobs(inst, seed, 0, 40, 0.5);
      const mm::Candidates cand = mm::candidate_sets(inst);
      sm::State s(inst, cand);
      auto rng = model::make_stream(seed, 0, "test");
      sm::Counter c;
      sm::fill_greedy(s, sm::random_order(40, rng), sm::Placement::FirstFit, rng, c);
      const mm::Policy policy{obj, 0.5};
      const sm::SubProblem sub = sm::complete_problem(inst, cand);
      const sm::Formulation f = sm::build_formulation(inst, sub, policy);
      const auto start = sm::start_values(f, s.matching().assigned);
      ASSERT_EQ(static_cast<int>(start.size()), f.model.num_vars());
      EXPECT_LE(f.model.max_violation(start), 1e-9);
      EXPECT_NEAR(f.model.objective_value(start), s.value(policy), 1e-9);
      schedulers::milp::SolveOptions so;
      so.node_limit = 1;
      so.start = start;
      const auto r = schedulers::milp::solve(f.model, schedulers::milp::Backend::Cbc, so);
      ASSERT_TRUE(r.has_solution());
      EXPECT_GE(r.objective, s.value(policy) - 1e-9);
    }
}

}  // namespace
}  // namespace arsim::test::matching
