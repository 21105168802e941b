// Thick-restart Lanczos (lanczos.hpp) on explicit symmetric matrices against a dense
// eigendecomposition: clustered, degenerate and invariant-subspace cases, and restarts.
#include <gtest/gtest.h>

#include <random>

#include <Eigen/Eigenvalues>

#include "schedulers/spectral/lanczos.hpp"

using namespace arsim::schedulers::spectral;

namespace {

// Q diag(values) Q^T with a fixed random orthogonal Q.
Eigen::MatrixXd with_spectrum(const Eigen::VectorXd& values, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal(0, 1);
  Eigen::MatrixXd g(values.size(), values.size());
  for (Eigen::Index i = 0; i < g.size(); ++i) g.data()[i] = normal(rng);
  const Eigen::MatrixXd q = Eigen::HouseholderQR<Eigen::MatrixXd>(g).householderQ();
  return q * values.asDiagonal() * q.transpose();
}

LanczosResult run(const Eigen::MatrixXd& a, int k, int m, int max_restarts = 1000) {
  const SymmetricOp op = [&a](const double* x, double* y) {
    Eigen::Map<Eigen::VectorXd>(y, a.rows()).noalias() =
        a * Eigen::Map<const Eigen::VectorXd>(x, a.rows());
  };
  return smallest_eigenpairs(op, static_cast<int>(a.rows()), k, m, max_restarts, 1e-12);
}

void expect_pairs(const Eigen::MatrixXd& a, const LanczosResult& r, int k) {
  ASSERT_TRUE(r.converged);
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> dense(a, Eigen::EigenvaluesOnly);
  const double scale = dense.eigenvalues().cwiseAbs().maxCoeff();
  EXPECT_LT((r.values - dense.eigenvalues().head(k)).cwiseAbs().maxCoeff(), 1e-10 * scale);
  EXPECT_LT((r.vectors.transpose() * r.vectors - Eigen::MatrixXd::Identity(k, k)).norm(), 1e-10);
  EXPECT_LT((a * r.vectors - r.vectors * r.values.asDiagonal()).colwise().norm().maxCoeff(),
            1e-9 * scale);
}

}  // namespace

TEST(Lanczos, SmallestOfAClusteredSpectrumWithRestarts) {
  Eigen::VectorXd values(300);
  for (int i = 0; i < 300; ++i) values[i] = i < 30 ? -1 - 1e-3 * i : 0.01 * i;
  const Eigen::MatrixXd a = with_spectrum(values, 1);
  const LanczosResult r = run(a, 20, 45);
  EXPECT_GT(r.restarts, 0);
  expect_pairs(a, r, 20);
}

TEST(Lanczos, RepeatedEigenvaluesAndBreakdown) {
  Eigen::VectorXd values = Eigen::VectorXd::Constant(120, 2.0);
  values.head(10).setConstant(-3.0);  // an eigenvalue of multiplicity 10, asked 6 times
  expect_pairs(with_spectrum(values, 2), run(with_spectrum(values, 2), 6, 20), 6);
  // A multiple of the identity: every Krylov space is invariant (breakdown at each step).
  const Eigen::MatrixXd identity = 5 * Eigen::MatrixXd::Identity(50, 50);
  const LanczosResult r = run(identity, 4, 12);
  expect_pairs(identity, r, 4);
}

TEST(Lanczos, ReportsNonConvergenceWithinTheRestartBudget) {
  Eigen::VectorXd values(400);
  for (int i = 0; i < 400; ++i) values[i] = 1 + 1e-9 * i;  // no room to separate 30 pairs
  const LanczosResult r = run(with_spectrum(values, 3), 30, 32, 2);
  EXPECT_FALSE(r.converged);
  EXPECT_EQ(r.restarts, 2);
}

TEST(Lanczos, Deterministic) {
  Eigen::VectorXd values = Eigen::VectorXd::LinSpaced(200, -1, 1);
  const Eigen::MatrixXd a = with_spectrum(values, 4);
  const LanczosResult r1 = run(a, 8, 25), r2 = run(a, 8, 25);
  EXPECT_EQ(r1.values, r2.values);
  EXPECT_EQ(r1.vectors, r2.vectors);
  EXPECT_EQ(r1.products, r2.products);
}
