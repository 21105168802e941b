#include "schedulers/spectral/shift_invert.hpp"

#include <algorithm>
#include <cmath>

namespace arsim::schedulers::spectral {

ShiftInvertOp::ShiftInvertOp(const SigmaGraph& g)
    : n_(g.size()),
      order_(g.elimination_order()),
      first_(n_),
      start_(n_ + 1),
      l_(n_),
      sqrt_l_(n_),
      u0_(trivial_vector(g)),
      b_(n_) {
  std::vector<int> pos(n_);
  for (int k = 0; k < n_; ++k) pos[order_[k]] = k;
  // Row k of the lower triangle spans positions first_[k] .. k: its earliest neighbour onwards.
  start_[0] = 0;
  for (int k = 0; k < n_; ++k) {
    const int t = order_[k];
    first_[k] = k;
    for (const int* u = g.neighbours_begin(t); u != g.neighbours_end(t); ++u)
      first_[k] = std::min(first_[k], pos[*u]);
    start_[k + 1] = start_[k] + (k - first_[k] + 1);
    l_[k] = g.degrees()[t];
    sqrt_l_[k] = std::sqrt(l_[k]);
  }
  k0_.assign(start_[n_], 0.0);
  for (int k = 0; k < n_; ++k) {
    const int t = order_[k];
    const double* w = g.weights_begin(t);
    for (const int* u = g.neighbours_begin(t); u != g.neighbours_end(t); ++u, ++w)
      if (pos[*u] < k) k0_[start_[k] + pos[*u] - first_[k]] = *w;
  }
}

// Row-by-row (Crout) LDL^T in the envelope: with g_j = L_kj d_j, g_j = K_kj - sum_t g_t L_jt over
// the columns both rows span, then d_k = K_kk - sum_j g_j L_kj. Contiguous dot products only.
bool ShiftInvertOp::factor(double s) {
  shift_ = s;
  factor_ = k0_;
  d_.resize(n_);
  for (int k = 0; k < n_; ++k) {
    double* row = factor_.data() + start_[k];
    const int f = first_[k];
    for (int j = f; j < k; ++j) {
      const int t0 = std::max(f, first_[j]);
      const double* other = factor_.data() + start_[j] + (t0 - first_[j]);
      row[j - f] -= Eigen::Map<const Eigen::VectorXd>(row + (t0 - f), j - t0)
                        .dot(Eigen::Map<const Eigen::VectorXd>(other, j - t0));
    }
    double d = 1 + s * l_[k];  // K(s)_kk: w_kk = 0
    for (int j = f; j < k; ++j) {
      const double g = row[j - f];
      row[j - f] = g / d_[j];
      d -= g * row[j - f];
    }
    if (!(d > 0) || !std::isfinite(d)) return false;  // K(s) not positive definite
    d_[k] = d;
  }
  z_ = Eigen::VectorXd::Ones(n_);
  solve_in_place(z_);
  denominator_ = 1 - z_.sum();
  // det(1 1^T - K) = det(-K) (1 - 1^T z) (determinant lemma); with K(s) positive definite and
  // lambda_2 < s < 1 the left side has the sign of exactly one positive eigenvalue, so 1^T z > 1.
  // Near 1 the Sherman–Morrison step would lose every digit.
  return z_.allFinite() && std::abs(denominator_) > 1e-12 * std::max(1.0, z_.cwiseAbs().sum());
}

// L D L^T x = b: forward by dot products over each row's span, backward by axpys over it.
void ShiftInvertOp::solve_in_place(Eigen::VectorXd& x) const {
  for (int k = 0; k < n_; ++k) {
    const int f = first_[k];
    x[k] -= Eigen::Map<const Eigen::VectorXd>(factor_.data() + start_[k], k - f)
                .dot(x.segment(f, k - f));
  }
  x.array() /= d_.array();
  for (int k = n_ - 1; k >= 0; --k) {
    const int f = first_[k];
    x.segment(f, k - f) -=
        x[k] * Eigen::Map<const Eigen::VectorXd>(factor_.data() + start_[k], k - f);
  }
}

void ShiftInvertOp::perform_op(const double* x, double* y) const {
  for (int k = 0; k < n_; ++k) b_[k] = sqrt_l_[k] * x[order_[k]];
  solve_in_place(b_);
  const double scale = b_.sum() / denominator_;
  for (int k = 0; k < n_; ++k) y[order_[k]] = -sqrt_l_[k] * (b_[k] + z_[k] * scale);
}

Eigen::VectorXd trivial_vector(const SigmaGraph& g) {
  Eigen::VectorXd u(g.size());
  for (int i = 0; i < g.size(); ++i) u[i] = std::sqrt(g.degrees()[i]);
  return u / u.norm();
}

double certified_shift(const SigmaGraph& g) {
  const double l_max = *std::max_element(g.degrees().begin(), g.degrees().end());
  return -(1 - 1e-3) / (2 * l_max);
}

}  // namespace arsim::schedulers::spectral
