// The implicit operator of eq. (2)/(12) against a dense construction straight from the
// definitions, and certificates for the eigenpairs (residuals, orthonormality, agreement with a
// dense eigendecomposition).
#include <gtest/gtest.h>

#include <random>

#include <Eigen/Eigenvalues>

#include "schedulers/spectral/eigensolver.hpp"
#include "schedulers/spectral/sigma.hpp"

using namespace arsim::schedulers;
using namespace arsim::schedulers::spectral;

namespace {

std::vector<IntervalTask> random_tasks(int n, std::mt19937_64& rng, double max_len) {
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<IntervalTask> t;
  for (int i = 0; i < n; ++i) {
    const double s = std::floor(20 * u(rng)) / 2,
                 d = i % 6 == 5 ? 0 : std::floor(max_len * u(rng) * 2) / 2;
    t.push_back({i, s, s + d, -1, 0});
  }
  return t;
}

// Sigma straight from eq. (2) with a = 1 and a zero diagonal.
Eigen::MatrixXd sigma_by_definition(const std::vector<IntervalTask>& t) {
  const int n = static_cast<int>(t.size());
  Eigen::MatrixXd s = Eigen::MatrixXd::Zero(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (i == j) continue;
      const double ov =
          std::max(0.0, std::min(t[i].finish, t[j].finish) - std::max(t[i].start, t[j].start));
      s(i, j) = ov > 0 ? 1 - ov / (t[i].duration() + t[j].duration()) : 1;
    }
  return s;
}

}  // namespace

TEST(SigmaGraph, ImplicitProductsEqualTheDenseDefinition) {
  std::mt19937_64 rng(1);
  for (int n : {2, 3, 7, 20, 45}) {
    for (double len : {0.5, 3.0, 30.0}) {  // almost nothing overlaps .. almost everything does
      const auto tasks = random_tasks(n, rng, len);
      const SigmaGraph g(tasks);
      const Eigen::MatrixXd s = sigma_by_definition(tasks);
      const Eigen::VectorXd l = s.rowwise().sum();
      const Eigen::MatrixXd a =
          l.cwiseInverse().cwiseSqrt().asDiagonal() * s * l.cwiseInverse().cwiseSqrt().asDiagonal();
      const Eigen::VectorXd x = Eigen::VectorXd::Random(n);
      Eigen::VectorXd y(n);
      g.multiply_sigma(x.data(), y.data());
      EXPECT_LT((y - s * x).norm(), 1e-12 * n);
      g.multiply_normalized(x.data(), y.data());
      EXPECT_LT((y - a * x).norm(), 1e-12 * n);
      for (int i = 0; i < n; ++i) EXPECT_NEAR(g.degrees()[i], l[i], 1e-12 * n);
      EXPECT_LT((g.dense_sigma() - s).norm(), 1e-12 * n);
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) EXPECT_DOUBLE_EQ(g.sigma(i, j), s(i, j));
    }
  }
}

TEST(Eigenpairs, ResidualCertificateAndAgreementWithDense) {
  std::mt19937_64 rng(2);
  for (bool shift_invert : {true, false}) {
    for (double len : {0.5, 3.0, 30.0}) {
      const auto tasks = random_tasks(80, rng, len);
      const SigmaGraph g(tasks);
      const int m = 6;
      EigenOptions o;
      o.shift_invert = shift_invert;
      const EigenPairs pairs = largest_eigenpairs(g, m, o);
      ASSERT_TRUE(pairs.converged);
      ASSERT_EQ(pairs.values.size(), m);
      EXPECT_LT(max_residual(g, pairs), 1e-9);  // ||A u - lambda u||, ||A|| = 1
      EXPECT_LT(
          (pairs.vectors.transpose() * pairs.vectors - Eigen::MatrixXd::Identity(m, m)).norm(),
          1e-8);
      EXPECT_NEAR(pairs.values[0], 1, 1e-10);  // A L^{1/2} 1 = L^{1/2} 1
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> dense(g.dense_normalized());
      const Eigen::VectorXd want = dense.eigenvalues().reverse().head(m);
      EXPECT_LT((pairs.values - want).cwiseAbs().maxCoeff(), 1e-9)
          << "shift_invert " << shift_invert;
      for (int k = 1; k < m; ++k) EXPECT_GE(pairs.values[k - 1], pairs.values[k] - 1e-12);
    }
  }
}

TEST(Eigenpairs, DegenerateSpectraStillConverge) {
  // Nothing overlaps: A = (1 1^T - I) / (N - 1), eigenvalue -1/(N - 1) of multiplicity N - 1.
  std::vector<IntervalTask> apart, same;
  for (int i = 0; i < 40; ++i) {
    apart.push_back({i, 2.0 * i, 2.0 * i + 1, -1, 0});
    same.push_back({i, 0, 1, -1, 0});  // everything overlaps everything, equally
  }
  for (const auto* tasks : {&apart, &same}) {
    const SigmaGraph g(*tasks);
    const EigenPairs pairs = largest_eigenpairs(g, 5);
    ASSERT_EQ(pairs.values.size(), 5);
    EXPECT_LT(max_residual(g, pairs), 1e-9);
    for (int k = 1; k < 5; ++k) EXPECT_NEAR(pairs.values[k], -1.0 / 39, 1e-9);
  }
}

TEST(Eigenpairs, DenseReferenceAgrees) {
  std::mt19937_64 rng(4);
  const auto tasks = random_tasks(60, rng, 3);
  const SigmaGraph g(tasks);
  const EigenPairs a = largest_eigenpairs_dense(g.dense_normalized(), 4);
  const EigenPairs b = largest_eigenpairs(g, 4);
  EXPECT_LT((a.values - b.values).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_LT(max_residual(g, a), 1e-9);
}
