// The milp layer: hand-solved models on both back-ends, infeasibility, silence, MPS output.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <coin/CbcModel.hpp>
#include <coin/CoinMpsIO.hpp>
#include <coin/OsiClpSolverInterface.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "schedulers/milp/model.hpp"
#include "schedulers/milp/mps.hpp"
#include "schedulers/milp/solve.hpp"

namespace milp = arsim::schedulers::milp;
using milp::Backend;
using milp::Status;

namespace {

// 0-1 knapsack, capacity 10: values 10, 13, 7, 8; weights 5, 6, 4, 3. Every pair that fits:
// {0,1} w11 no; {0,2} 17; {0,3} 18; {1,2} 20; {1,3} 21; {2,3} 15; no triple fits (lightest
// 3+4+5 = 12). Optimum 21 with items 1 and 3.
milp::Model knapsack(std::vector<milp::Var>& x) {
  milp::Model m("knapsack");
  const double value[] = {10, 13, 7, 8}, weight[] = {5, 6, 4, 3};
  milp::LinearExpr obj, cap;
  for (int i = 0; i < 4; ++i) {
    x.push_back(m.add_binary("item_" + std::to_string(i)));
    obj.add(x.back(), value[i]);
    cap.add(x.back(), weight[i]);
  }
  m.set_objective(milp::ObjSense::Maximize, obj);
  m.add_constraint(cap, milp::Sense::Le, 10, "capacity");
  return m;
}

// 3×3 assignment, cost rows [4 1 3] [2 0 5] [3 2 2]. The six permutations cost 4+0+2 = 6,
// 4+5+2 = 11, 1+2+2 = 5, 1+5+3 = 9, 3+2+2 = 7 (0→2,1→0,2→1), 3+0+3 = 6: optimum 5 with
// 0→1, 1→0, 2→2.
milp::Model assignment(std::vector<std::vector<milp::Var>>& x) {
  milp::Model m("assignment");
  const double cost[3][3] = {{4, 1, 3}, {2, 0, 5}, {3, 2, 2}};
  x.assign(3, {});
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      x[i].push_back(m.add_binary(fmt::format("x_{}_{}", i, j)));
      m.add_objective(x[i][j], cost[i][j]);
    }
  for (int i = 0; i < 3; ++i) {
    milp::LinearExpr row, col;
    for (int j = 0; j < 3; ++j) row.add(x[i][j]), col.add(x[j][i]);
    m.add_constraint(row, milp::Sense::Eq, 1);
    m.add_constraint(col, milp::Sense::Eq, 1);
  }
  return m;
}

class BothBackends : public testing::TestWithParam<Backend> {};

}  // namespace

TEST_P(BothBackends, KnapsackOptimum) {
  std::vector<milp::Var> x;
  const milp::Model m = knapsack(x);
  const milp::Result r = milp::solve(m, GetParam());
  ASSERT_EQ(r.status, Status::Optimal) << r.message;
  EXPECT_DOUBLE_EQ(r.objective, 21);
  EXPECT_NEAR(r.best_bound, 21, 1e-6);
  EXPECT_FALSE(r.is_one(x[0]));
  EXPECT_TRUE(r.is_one(x[1]));
  EXPECT_FALSE(r.is_one(x[2]));
  EXPECT_TRUE(r.is_one(x[3]));
  EXPECT_LT(m.max_violation(r.values), 1e-6);
}

TEST_P(BothBackends, AssignmentOptimum) {
  std::vector<std::vector<milp::Var>> x;
  const milp::Model m = assignment(x);
  const milp::Result r = milp::solve(m, GetParam());
  ASSERT_EQ(r.status, Status::Optimal);
  EXPECT_DOUBLE_EQ(r.objective, 5);
  EXPECT_TRUE(r.is_one(x[0][1]));
  EXPECT_TRUE(r.is_one(x[1][0]));
  EXPECT_TRUE(r.is_one(x[2][2]));
}

TEST_P(BothBackends, ContinuousLp) {
  // max x + y, x + 2y <= 4, 3x + y <= 6: the vertex x = 1.6, y = 1.2, value 2.8.
  milp::Model m;
  const auto x = m.add_continuous(0, milp::kInfinity, "x");
  const auto y = m.add_continuous(0, milp::kInfinity, "y");
  m.set_objective(milp::ObjSense::Maximize, milp::LinearExpr().add(x).add(y));
  m.add_constraint(milp::LinearExpr().add(x).add(y, 2), milp::Sense::Le, 4);
  m.add_constraint(milp::LinearExpr().add(x, 3).add(y), milp::Sense::Le, 6);
  const milp::Result r = milp::solve(m, GetParam());
  ASSERT_EQ(r.status, Status::Optimal);
  EXPECT_NEAR(r.objective, 2.8, 1e-9);
  EXPECT_NEAR(r.value(x), 1.6, 1e-9);
}

TEST_P(BothBackends, InfeasibleLinearRelaxation) {
  milp::Model m;
  const auto a = m.add_binary("a"), b = m.add_binary("b");
  m.add_constraint(milp::LinearExpr().add(a).add(b), milp::Sense::Ge, 3);
  EXPECT_EQ(milp::solve(m, GetParam()).status, Status::Infeasible);
}

TEST_P(BothBackends, IntegerInfeasibleButLpFeasible) {
  // 2a + 2b = 3 has the LP solution a = b = 0.75 but no integer one.
  milp::Model m;
  const auto a = m.add_binary("a"), b = m.add_binary("b");
  m.set_objective(milp::ObjSense::Minimize, milp::LinearExpr().add(a).add(b));
  m.add_constraint(milp::LinearExpr().add(a, 2).add(b, 2), milp::Sense::Eq, 3);
  const milp::Result r = milp::solve(m, GetParam());
  EXPECT_EQ(r.status, Status::Infeasible);
  EXPECT_TRUE(r.values.empty());
}

// Odd cycles: x_i + x_j <= 1 on the edges of a triangle leaves the LP at x = 1/2 everywhere, while
// any integer point takes at most one vertex. Halving the sum of the three rows and rounding down
// gives the zero-half cut x_0 + x_1 + x_2 <= 1, which settles the root without branching.
milp::Model triangle(std::vector<milp::Var>& x) {
  milp::Model m("triangle");
  milp::LinearExpr obj;
  for (int i = 0; i < 3; ++i) {
    x.push_back(m.add_binary("v" + std::to_string(i)));
    obj.add(x.back(), 1.0 + 0.1 * i);
  }
  m.set_objective(milp::ObjSense::Maximize, obj);
  for (int i = 0; i < 3; ++i)
    m.add_constraint(milp::LinearExpr().add(x[i]).add(x[(i + 1) % 3]), milp::Sense::Le, 1);
  return m;
}

TEST_P(BothBackends, OddCycleNeedsACutOrABranch) {
  // LP optimum 1.65 at x = 1/2; the best integer point is the heaviest vertex alone: 1.2.
  std::vector<milp::Var> x;
  const milp::Result r = milp::solve(triangle(x), GetParam());
  ASSERT_EQ(r.status, Status::Optimal);
  EXPECT_NEAR(r.objective, 1.2, 1e-9);
  EXPECT_NEAR(r.best_bound, 1.2, 1e-9);
  EXPECT_TRUE(r.is_one(x[2]));
  EXPECT_FALSE(r.is_one(x[0]) || r.is_one(x[1]));
}

TEST_P(BothBackends, InfeasibleOnlyOnceTheOddCycleIsCut) {
  // 5·(x_0 + x_1 + x_2) >= 6 holds at x = 0.4 (and propagation cannot refute it), but no integer
  // point with at most one vertex reaches 6.
  std::vector<milp::Var> x;
  milp::Model m = triangle(x);
  m.add_constraint(milp::LinearExpr().add(x[0], 5).add(x[1], 5).add(x[2], 5), milp::Sense::Ge, 6);
  const milp::Result r = milp::solve(m, GetParam());
  EXPECT_EQ(r.status, Status::Infeasible);
  EXPECT_TRUE(r.values.empty());
}

TEST_P(BothBackends, FirstFeasibleReturnsAFeasibleSolution) {
  std::vector<std::vector<milp::Var>> x;
  const milp::Model m = assignment(x);
  milp::SolveOptions o;
  o.first_feasible = true;
  const milp::Result r = milp::solve(m, GetParam(), o);
  ASSERT_TRUE(r.has_solution());
  EXPECT_LT(m.max_violation(r.values), 1e-6);
  EXPECT_GE(r.objective, 5 - 1e-9);
}

TEST_P(BothBackends, PrintsNothing) {
  std::vector<milp::Var> x;
  const milp::Model m = knapsack(x);
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  milp::solve(m, GetParam());
  milp::SolveOptions o;
  o.first_feasible = true;
  milp::solve(m, GetParam(), o);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
}

TEST_P(BothBackends, UnboundedIsAnError) {
  milp::Model m;
  const auto x = m.add_integer(0, milp::kInfinity, "x");
  m.set_objective(milp::ObjSense::Maximize, milp::LinearExpr().add(x));
  m.add_constraint(milp::LinearExpr().add(x), milp::Sense::Ge, 1);
  const milp::Result r = milp::solve(m, GetParam());
  EXPECT_EQ(r.status, Status::Error);
  EXPECT_FALSE(r.message.empty());
}

TEST_P(BothBackends, EmptyModels) {
  milp::Model m;
  EXPECT_EQ(milp::solve(m, GetParam()).status, Status::Optimal);
  m.add_constraint(milp::LinearExpr(), milp::Sense::Ge, 1);  // 0 >= 1
  EXPECT_EQ(milp::solve(m, GetParam()).status, Status::Infeasible);
}

INSTANTIATE_TEST_SUITE_P(Milp, BothBackends, testing::Values(Backend::Cbc, Backend::Glpk),
                         [](const auto& info) { return milp::to_string(info.param); });

TEST(MilpCbc, ChecksDriverOptionsInsteadOfPrintingAboutThem) {
  std::vector<milp::Var> x;
  const milp::Model m = knapsack(x);
  milp::SolveOptions o;
  o.cbc_args = {"-heuristicsOnOff", "off", "-zeroHalfCuts", "root", "-strongBranching", "0"};
  EXPECT_NO_THROW(milp::check_cbc_args(o.cbc_args));
  EXPECT_EQ(milp::solve(m, Backend::Cbc, o).objective, 21);
  for (const auto& bad : std::vector<std::vector<std::string>>{{"-bogus", "1"},
                                                               {"-zeroHalfCuts", "sometimes"},
                                                               {"-strongBranching", "x"},
                                                               {"-solve"},
                                                               {"heur", "off"},
                                                               {"-heuristicsOnOff"}}) {
    EXPECT_THROW(milp::check_cbc_args(bad), std::invalid_argument) << bad[0];
    o.cbc_args = bad;
    EXPECT_THROW(milp::solve(m, Backend::Cbc, o), std::invalid_argument) << bad[0];
  }
}

TEST(MilpModel, MergesRepeatedTermsAndDropsZeros) {
  milp::Model m;
  const auto a = m.add_binary("a"), b = m.add_binary("b");
  m.add_constraint(milp::LinearExpr().add(a, 1).add(b, 2).add(a, 3).add(b, -2), milp::Sense::Le, 4);
  const auto& terms = m.constraint(0).terms;
  ASSERT_EQ(terms.size(), 1u);
  EXPECT_EQ(terms[0].var, a.index);
  EXPECT_EQ(terms[0].coef, 4);
}

TEST(MilpModel, RejectsBadInput) {
  milp::Model m;
  EXPECT_THROW(m.add_integer(2, 1, "x"), std::invalid_argument);
  EXPECT_THROW(m.add_binary("has space"), std::invalid_argument);
  EXPECT_THROW(m.add_constraint(milp::LinearExpr().add(milp::Var{7}), milp::Sense::Le, 1),
               std::invalid_argument);
  EXPECT_THROW(milp::parse_backend("cplex"), std::invalid_argument);
  EXPECT_EQ(milp::parse_backend("glpk"), Backend::Glpk);
}

TEST(MilpMps, WritesAFileCoinMpsIoReadsBack) {
  std::vector<std::vector<milp::Var>> x;
  milp::Model m = assignment(x);
  m.add_integer(0, 5, "a_rather_long_integer_name");  // forces free MPS names
  const auto path = std::filesystem::temp_directory_path() / "arsim_test_milp_assignment.mps";
  milp::write_mps(m, path);
  ASSERT_TRUE(std::filesystem::exists(path));
  EXPECT_GT(std::filesystem::file_size(path), 0u);
  CoinMpsIO reader;
  reader.messageHandler()->setLogLevel(0);
  ASSERT_EQ(reader.readMps(path.c_str(), ""), 0);
  EXPECT_EQ(reader.getNumRows(), m.num_constraints());
  EXPECT_EQ(reader.getNumCols(), m.num_vars());
  int integers = 0;
  for (int i = 0; i < reader.getNumCols(); ++i) integers += reader.isInteger(i) ? 1 : 0;
  EXPECT_EQ(integers, m.num_integer());
  EXPECT_EQ(std::string(reader.columnName(m.num_vars() - 1)), "a_rather_long_integer_name");
  std::filesystem::remove(path);
}

// Re-solving the written file with CBC gives the same optimum: the file carries integrality and
// bounds, and a maximisation as the minimisation of the negated objective (MPS has no portable
// sense), so CBC finds -21.
TEST(MilpMps, CbcSolvesTheWrittenFileToTheSameOptimum) {
  std::vector<milp::Var> x;
  const milp::Model m = knapsack(x);  // a maximisation
  const auto path = std::filesystem::temp_directory_path() / "arsim_test_milp_knapsack.mps";
  milp::write_mps(m, path);
  OsiClpSolverInterface solver;
  solver.messageHandler()->setLogLevel(0);
  ASSERT_EQ(solver.readMps(path.c_str(), ""), 0);
  EXPECT_EQ(solver.getNumIntegers(), 4);
  CbcModel cbc(solver);
  cbc.setLogLevel(0);
  cbc.branchAndBound();
  ASSERT_TRUE(cbc.isProvenOptimal());
  EXPECT_NEAR(cbc.getObjValue(), -21, 1e-9);
  std::filesystem::remove(path);
}

TEST(MilpMps, ModelDumpWritesMpsAndSidecar) {
  std::vector<milp::Var> x;
  const milp::Model m = knapsack(x);
  const milp::Result r = milp::solve(m);
  const auto dir = std::filesystem::temp_directory_path() / "arsim_test_milp_dump";
  std::filesystem::remove_all(dir);
  milp::write_model_dump(m, r, dir, "knap");
  EXPECT_GT(std::filesystem::file_size(dir / "knap.mps"), 0u);
  std::ifstream in(dir / "knap.json");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("\"status\": \"optimal\""), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("\"objective\": 21"), std::string::npos) << text.str();
  EXPECT_FALSE(std::filesystem::exists(dir / "knap.json.tmp"));
  EXPECT_FALSE(std::filesystem::exists(dir / "knap.mps.tmp"));
  std::filesystem::remove_all(dir);
}
