// The facts the deflated shift-invert route rests on (shift_invert.hpp), checked against dense
// linear algebra, and its answer against the reference routes (plain Lanczos, dense): the same
// eigenvalues and the same invariant subspace, compared through projectors (eigenvectors are
// defined up to sign, or rotation inside a degenerate eigenspace).
#include <gtest/gtest.h>

#include <random>

#include <Eigen/Eigenvalues>

#include "schedulers/spectral/eigensolver.hpp"
#include "schedulers/spectral/shift_invert.hpp"

using namespace arsim::schedulers;
using namespace arsim::schedulers::spectral;

namespace {

// Uniform starts, durations g (0.5 .. 1.5), every seventh task of length zero.
std::vector<IntervalTask> tasks(int n, double g, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<IntervalTask> t;
  for (int i = 0; i < n; ++i) {
    const double s = u(rng), d = i % 7 == 6 ? 0 : g * (0.5 + u(rng));
    t.push_back({i, s, s + d, -1, 0});
  }
  return t;
}

Eigen::VectorXd dense_spectrum(const SigmaGraph& g) {
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(g.dense_normalized(), Eigen::EigenvaluesOnly);
  return es.eigenvalues().reverse();  // decreasing
}

double projector_distance(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return (a * a.transpose() - b * b.transpose()).norm();
}

}  // namespace

TEST(ShiftInvert, TrivialVectorIsAnExactEigenvector) {
  for (double g : {0.01, 0.1, 1.0}) {
    const SigmaGraph graph(tasks(300, g, 1));
    const Eigen::VectorXd u0 = trivial_vector(graph);
    Eigen::VectorXd y(graph.size());
    graph.multiply_normalized(u0.data(), y.data());
    EXPECT_LT((y - u0).norm(), 1e-13) << g;
    EXPECT_NEAR(u0.norm(), 1, 1e-15);
  }
}

// K = I + W >= I/2 (Schur product of two Gram matrices), hence every non-trivial eigenvalue of A
// is at most -1/(2 l_max), and K(s1) is positive definite at the certified shift.
TEST(ShiftInvert, OverlapMatrixBoundAndCertifiedShift) {
  for (double g : {0.02, 0.2, 2.0}) {
    const SigmaGraph graph(tasks(150, g, 2));
    const Eigen::MatrixXd k =
        Eigen::MatrixXd::Ones(graph.size(), graph.size()) - graph.dense_sigma();
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> ek(k, Eigen::EigenvaluesOnly);
    EXPECT_GE(ek.eigenvalues().minCoeff(), 0.5 - 1e-12) << g;
    const double l_max = *std::max_element(graph.degrees().begin(), graph.degrees().end());
    const Eigen::VectorXd lambda = dense_spectrum(graph);
    EXPECT_NEAR(lambda[0], 1, 1e-12);
    EXPECT_LE(lambda[1], -1 / (2 * l_max) + 1e-15) << g;
    ShiftInvertOp op(graph);
    EXPECT_TRUE(op.factor(certified_shift(graph))) << g;
  }
}

// K(s) = L^{1/2} (L^{-1/2} K L^{-1/2} + s I) L^{1/2} is positive definite exactly above
// s* = -lambda_min(L^{-1/2} K L^{-1/2}), and s* >= lambda_2 (interlacing): the pivots certify a
// shift above s*, never one below lambda_2. s* sits just above lambda_2 (here < 0.1% of s1 -
// lambda_2).
TEST(ShiftInvert, PivotsCertifyTheShift) {
  for (std::uint64_t seed : {3, 4, 5}) {
    const SigmaGraph graph(tasks(120, 0.05, seed));
    const int n = graph.size();
    const Eigen::VectorXd lambda = dense_spectrum(graph);
    Eigen::VectorXd d(n);
    for (int i = 0; i < n; ++i) d[i] = 1 / std::sqrt(graph.degrees()[i]);
    const Eigen::MatrixXd k = Eigen::MatrixXd::Ones(n, n) - graph.dense_sigma();
    const Eigen::MatrixXd b = d.asDiagonal() * k * d.asDiagonal();
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eb(b, Eigen::EigenvaluesOnly);
    const double s_star = -eb.eigenvalues()[0], s1 = certified_shift(graph);
    EXPECT_GE(s_star, lambda[1] - 1e-15) << seed;
    EXPECT_LT(s_star - lambda[1], 0.01 * (s1 - lambda[1])) << seed;
    const double delta = 1e-3 * (s1 - lambda[1]);
    ShiftInvertOp op(graph);
    EXPECT_TRUE(op.factor(s_star + delta)) << seed;
    EXPECT_FALSE(op.factor(s_star - delta)) << seed;
    EXPECT_FALSE(op.factor(lambda[1] - delta)) << seed;
  }
}

TEST(ShiftInvert, OperatorIsTheShiftedInverse) {
  const SigmaGraph graph(tasks(90, 0.1, 6));
  const int n = graph.size();
  const double s = certified_shift(graph);
  ShiftInvertOp op(graph);
  ASSERT_TRUE(op.factor(s));
  const Eigen::MatrixXd inverse =
      (graph.dense_normalized() - s * Eigen::MatrixXd::Identity(n, n)).inverse();
  const Eigen::VectorXd x = Eigen::VectorXd::Random(n);
  Eigen::VectorXd y(n);
  op.perform_op(x.data(), y.data());
  EXPECT_LT((y - inverse * x).norm(), 1e-9 * (inverse * x).norm());
}

// The default route against plain Lanczos on A and the dense eigendecomposition: eigenvalues,
// residuals, orthogonality to u0, and the spanned subspace whenever lambda_M is separated from
// lambda_{M+1} (else the M-dimensional subspace itself is not determined).
TEST(ShiftInvert, SameSubspaceAsTheReferenceRoutes) {
  int compared = 0;
  for (double g : {0.01, 0.05, 0.3}) {
    for (int m : {2, 5, 12}) {
      const SigmaGraph graph(tasks(200, g, 7));
      const EigenPairs fast = largest_eigenpairs(graph, m);
      EigenOptions plain_options;
      plain_options.shift_invert = false;
      const EigenPairs plain = largest_eigenpairs(graph, m, plain_options);
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> dense(graph.dense_normalized());
      const Eigen::VectorXd want = dense.eigenvalues().reverse().head(m + 1);
      ASSERT_TRUE(fast.converged);
      EXPECT_LT(fast.shift, 0);
      EXPECT_LT(max_residual(graph, fast), 1e-12);
      EXPECT_LT((fast.values - want.head(m)).cwiseAbs().maxCoeff(), 1e-12) << g << " " << m;
      EXPECT_LT((fast.vectors.transpose() * fast.vectors - Eigen::MatrixXd::Identity(m, m)).norm(),
                1e-10);
      const double gap = want[m - 1] - want[m];
      if (gap < 1e-3 * std::abs(want[m - 1])) continue;
      ++compared;
      const Eigen::MatrixXd reference = dense.eigenvectors().rowwise().reverse().leftCols(m);
      EXPECT_LT(projector_distance(fast.vectors, reference), 1e-8) << g << " " << m;
      EXPECT_LT(projector_distance(fast.vectors, plain.vectors), 1e-8) << g << " " << m;
    }
  }
  EXPECT_GE(compared, 3);
}

TEST(ShiftInvert, EstimatedShiftOnlyChangesTheCost) {
  const SigmaGraph graph(tasks(600, 0.03, 8));
  EigenOptions certified;
  certified.estimate_shift = false;
  const EigenPairs a = largest_eigenpairs(graph, 10, certified);
  const EigenPairs b = largest_eigenpairs(graph, 10);
  EXPECT_LT(b.shift, 0);
  EXPECT_LT(b.shift, a.shift);  // the estimate moves the shift down, towards lambda_2
  EXPECT_GT(b.shift, b.values[1]);
  EXPECT_LT((a.values - b.values).cwiseAbs().maxCoeff(), 1e-13);
  EXPECT_LT(projector_distance(a.vectors, b.vectors), 1e-7);
  EXPECT_LT(max_residual(graph, b), 1e-12);
}

TEST(ShiftInvert, Deterministic) {
  const SigmaGraph graph(tasks(400, 0.05, 9));
  const EigenPairs a = largest_eigenpairs(graph, 8), b = largest_eigenpairs(graph, 8);
  EXPECT_EQ(a.values, b.values);
  EXPECT_EQ(a.vectors, b.vectors);
  EXPECT_EQ(a.products, b.products);
}
