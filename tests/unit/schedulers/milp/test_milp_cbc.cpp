// The CBC back-end's two paths (direct CbcModel with kCbcDirectArgs, and the command-line driver
// for any other options) against each other and GLPK on random 0-1 models, its root shortcuts,
// and time limits on a model no solver finishes quickly.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include <fmt/format.h>

#include "schedulers/milp/model.hpp"
#include "schedulers/milp/solve.hpp"

namespace milp = arsim::schedulers::milp;
using milp::Backend;
using milp::Status;

namespace {

// A random 0-1 model with 8-14 variables and 3-7 rows of every sense, costs integral, in
// thirds or in quarters (so the objective step of the direct path is 1, 1/3 or 1/4), minimised
// or maximised; some come out infeasible.
milp::Model random_model(std::mt19937_64& rng, int i) {
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  milp::Model m(fmt::format("random{}", i));
  const int n = uniform(8, 14), rows = uniform(3, 7);
  const double unit = i % 3 == 0 ? 1.0 : i % 3 == 1 ? 1.0 / 3 : 0.25;
  std::vector<milp::Var> x;
  milp::LinearExpr obj;
  for (int j = 0; j < n; ++j) {
    x.push_back(m.add_binary());
    obj.add(x.back(), uniform(-5, 9) * unit);
  }
  m.set_objective(i % 2 ? milp::ObjSense::Maximize : milp::ObjSense::Minimize, obj);
  for (int r = 0; r < rows; ++r) {
    milp::LinearExpr row;
    int sum = 0;
    for (int j = 0; j < n; ++j)
      if (uniform(0, 2) == 0) {
        const int a = uniform(1, 6);
        row.add(x[j], a);
        sum += a;
      }
    const int kind = uniform(0, 4);
    const milp::Sense sense = kind < 2   ? milp::Sense::Le
                              : kind < 4 ? milp::Sense::Ge
                                         : milp::Sense::Eq;
    m.add_constraint(row, sense, uniform(0, std::max(1, sum * 2 / 3)));
  }
  return m;
}

// kCbcDirectArgs with its first option moved last: the same settings, but not the exact list,
// so solve() hands them to CBC's driver.
std::vector<std::string> driver_args() {
  auto args = milp::split_words(milp::kCbcDirectArgs);
  std::rotate(args.begin(), args.begin() + 2, args.end());
  return args;
}

}  // namespace

TEST(MilpCbc, DirectSettingsAreTheDefaultAndNameRealDriverOptions) {
  EXPECT_EQ(milp::SolveOptions{}.cbc_args, milp::split_words(milp::kCbcDirectArgs));
  EXPECT_NO_THROW(milp::check_cbc_args(milp::split_words(milp::kCbcDirectArgs)));
  EXPECT_NO_THROW(milp::check_cbc_args(driver_args()));  // checked by the driver's own tables
}

// Statuses and optima agree between the direct path, the driver and GLPK; the direct path
// returns feasible solutions, the same one when asked twice, and in first-feasible mode a
// feasible solution no better than the optimum.
TEST(MilpCbc, DirectPathAgreesWithTheDriverAndGlpkOnRandomModels) {
  std::mt19937_64 rng(2024);
  int feasible = 0, infeasible = 0;
  milp::SolveOptions via_driver;
  via_driver.cbc_args = driver_args();
  for (int i = 0; i < 200; ++i) {
    const milp::Model m = random_model(rng, i);
    const milp::Result direct = milp::solve(m);
    const milp::Result driver = milp::solve(m, Backend::Cbc, via_driver);
    const milp::Result glpk = milp::solve(m, Backend::Glpk);
    ASSERT_EQ(direct.status, driver.status) << "model " << i;
    ASSERT_EQ(direct.status, glpk.status) << "model " << i;
    if (direct.status == Status::Infeasible) {
      ++infeasible;
      continue;
    }
    ASSERT_EQ(direct.status, Status::Optimal) << "model " << i << ": " << direct.message;
    ++feasible;
    EXPECT_NEAR(direct.objective, driver.objective, 1e-6) << "model " << i;
    EXPECT_NEAR(direct.objective, glpk.objective, 1e-6) << "model " << i;
    EXPECT_NEAR(direct.best_bound, direct.objective, 1e-6) << "model " << i;
    EXPECT_LT(m.max_violation(direct.values), 1e-6) << "model " << i;
    EXPECT_EQ(milp::solve(m).values, direct.values) << "model " << i;
    milp::SolveOptions first;
    first.first_feasible = true;
    const milp::Result quick = milp::solve(m, Backend::Cbc, first);
    ASSERT_TRUE(quick.has_solution()) << "model " << i;
    EXPECT_LT(m.max_violation(quick.values), 1e-6) << "model " << i;
    const double sign = m.objective_sense() == milp::ObjSense::Minimize ? 1 : -1;
    EXPECT_GE(sign * quick.objective, sign * direct.objective - 1e-6) << "model " << i;
  }
  EXPECT_GT(feasible, 50);
  EXPECT_GT(infeasible, 10);
}

// The assignment polytope is integral: the root LP's optimum is returned without a search.
TEST(MilpCbc, IntegralRootOptimumNeedsNoSearch) {
  const double cost[3][3] = {{4, 1, 3}, {2, 0, 5}, {3, 2, 2}};
  milp::Model m;
  std::vector<std::vector<milp::Var>> x(3);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      x[i].push_back(m.add_binary());
      m.add_objective(x[i][j], cost[i][j]);
    }
  for (int i = 0; i < 3; ++i) {
    milp::LinearExpr row, col;
    for (int j = 0; j < 3; ++j) row.add(x[i][j]), col.add(x[j][i]);
    m.add_constraint(row, milp::Sense::Eq, 1);
    m.add_constraint(col, milp::Sense::Eq, 1);
  }
  const milp::Result r = milp::solve(m);
  ASSERT_EQ(r.status, Status::Optimal);
  EXPECT_DOUBLE_EQ(r.objective, 5);
  EXPECT_DOUBLE_EQ(r.best_bound, 5);
  EXPECT_EQ(r.nodes, 0);
}

// Market split (Cornuéjols–Dawande, 4 rows, 30 binaries, right-hand sides half the row sums): hard
// for branch-and-bound, so a 0.1 s limit stops both solvers, reported as such.
TEST(MilpCbc, TimeLimitStopsBothBackends) {
  std::mt19937_64 rng(5);
  milp::Model m("market_split");
  std::vector<milp::Var> x;
  for (int j = 0; j < 30; ++j) x.push_back(m.add_binary());
  for (int r = 0; r < 4; ++r) {
    milp::LinearExpr row;
    int sum = 0;
    for (const auto& v : x) {
      const int a = std::uniform_int_distribution<int>(0, 99)(rng);
      row.add(v, a);
      sum += a;
    }
    m.add_constraint(row, milp::Sense::Eq, sum / 2);
  }
  milp::SolveOptions o;
  o.time_limit = 0.1;
  for (const Backend b : {Backend::Cbc, Backend::Glpk}) {
    const milp::Result r = milp::solve(m, b, o);
    EXPECT_TRUE(r.hit_time_limit) << milp::to_string(b);
    EXPECT_TRUE(r.status == Status::TimeLimit || r.status == Status::Feasible)
        << milp::to_string(b) << ": " << milp::to_string(r.status);
    EXPECT_LT(r.seconds, 3.0) << milp::to_string(b);
  }
}
