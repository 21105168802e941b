#include "schedulers/spectral/lanczos.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <Spectra/Util/SimpleRandom.h>
#include <Eigen/Eigenvalues>

namespace arsim::schedulers::spectral {

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

// The basis V (n x (m + 1): column m holds the next Lanczos vector) and the projected matrix T.
class ThickRestart {
 public:
  ThickRestart(const SymmetricOp& op, int n, int m)
      : op_(op),
        n_(n),
        m_(m),
        v_(n, m + 1),
        t_(Eigen::MatrixXd::Zero(m, m)),
        w_(n),
        h_(m + 1),
        h2_(m + 1) {}

  // Lanczos steps from column j0 (set) to m; returns beta_m, the norm of the last residual.
  double expand(int j0) {
    double beta = 0;
    for (int j = j0; j < m_; ++j) {
      op_(v_.col(j).data(), w_.data());
      ++products_;
      const double before = w_.norm();
      // The three-term recurrence first (after a restart the arrowhead is left to Gram–Schmidt),
      // so one Gram–Schmidt pass usually suffices.
      const double alpha = v_.col(j).dot(w_);
      w_ -= alpha * v_.col(j);
      if (j > j0) w_ -= t_(j, j - 1) * v_.col(j - 1);
      orthogonalize(j + 1);
      t_(j, j) = alpha + h_[j];
      beta = w_.norm();
      if (beta > std::sqrt(static_cast<double>(n_)) * kEps * before) {
        v_.col(j + 1) = w_ / beta;
      } else {  // invariant subspace: continue from a fresh direction, decoupled in T
        beta = 0;
        fresh(j + 1);
      }
      if (j + 1 < m_) t_(j + 1, j) = t_(j, j + 1) = beta;
    }
    return beta;
  }

  // Keeps the p Ritz vectors V Y_p, then the last Lanczos vector; T = diag(theta) + arrowhead.
  void restart(const Eigen::MatrixXd& y, const Eigen::VectorXd& theta, double beta, int p) {
    kept_.noalias() = v_.leftCols(m_) * y.leftCols(p);
    v_.col(p) = v_.col(m_);
    v_.leftCols(p) = kept_;
    t_.setZero();
    for (int i = 0; i < p; ++i) {
      t_(i, i) = theta[i];
      t_(p, i) = t_(i, p) = beta * y(m_ - 1, i);
    }
  }

  void start() {
    Spectra::SimpleRandom<double> rng(0);
    v_.col(0) = rng.random_vec(n_);
    v_.col(0).normalize();
  }

  const Eigen::MatrixXd& basis() const { return v_; }
  const Eigen::MatrixXd& projected() const { return t_; }
  long products() const { return products_; }

 private:
  // w -= V_cols (V_cols^T w), once more if that removed more than 1 - 1/sqrt(2) of w; the
  // coefficients go to h.
  void orthogonalize(int cols) {
    const auto basis = v_.leftCols(cols);
    const double before = w_.norm();
    h_.head(cols).noalias() = basis.transpose() * w_;
    w_.noalias() -= basis * h_.head(cols);
    if (w_.norm() >= before / std::sqrt(2.0)) return;
    h2_.head(cols).noalias() = basis.transpose() * w_;
    w_.noalias() -= basis * h2_.head(cols);
    h_.head(cols) += h2_.head(cols);
  }

  // A fixed pseudo-random unit vector orthogonal to the first `col` columns, into column col.
  void fresh(int col) {
    Spectra::SimpleRandom<double> rng(1 + products_);
    w_ = rng.random_vec(n_);
    for (int pass = 0; pass < 2; ++pass)
      w_ -= v_.leftCols(col) * (v_.leftCols(col).transpose() * w_);
    const double norm = w_.norm();
    v_.col(col) = norm > 0 ? Eigen::VectorXd(w_ / norm) : Eigen::VectorXd::Zero(n_);
  }

  const SymmetricOp& op_;
  int n_, m_;
  Eigen::MatrixXd v_, t_, kept_;
  Eigen::VectorXd w_, h_, h2_;
  long products_ = 0;
};

// Spectra's rule for how many Ritz vectors a restart keeps: the k wanted, plus up to half the
// free room as more of them converge.
int kept_count(int k, int m, int converged) {
  int p = k + std::min(converged, (m - k) / 2);
  if (p == 1) p = m >= 6 ? m / 2 : std::min(2, m - 1);
  return std::min(p, m - 1);
}

}  // namespace

LanczosResult smallest_eigenpairs(const SymmetricOp& op, int n, int k, int m, int max_restarts,
                                  double tol) {
  if (k < 1 || m <= k || m > n)
    throw std::invalid_argument("smallest_eigenpairs: need 1 <= k < m <= n");
  const double eps23 = std::pow(kEps, 2.0 / 3.0);
  ThickRestart lanczos(op, n, m);
  lanczos.start();
  LanczosResult out;
  for (int p = 0;; ++out.restarts) {
    const double beta = lanczos.expand(p);
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> ritz(lanczos.projected());  // increasing
    const Eigen::VectorXd& theta = ritz.eigenvalues();
    const Eigen::MatrixXd& y = ritz.eigenvectors();
    int converged = 0;
    for (int i = 0; i < k; ++i)
      converged += std::abs(beta * y(m - 1, i)) <= tol * std::max(eps23, std::abs(theta[i]));
    if (converged == k || out.restarts >= max_restarts) {
      out.values = theta.head(k);
      out.vectors = lanczos.basis().leftCols(m) * y.leftCols(k);
      out.products = lanczos.products();
      out.converged = converged == k;
      return out;
    }
    p = kept_count(k, m, converged);
    lanczos.restart(y, theta, beta, p);
  }
}

}  // namespace arsim::schedulers::spectral
