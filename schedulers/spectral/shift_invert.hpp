// Shift-and-invert of A = L^{-1/2} Sigma L^{-1/2} (SCS eq. 12–16) on the complement of its
// trivial eigenvector, for Lanczos (eigensolver.cpp).
//
// Facts used (sigma.hpp: Sigma = 1 1^T - K, K = I + W, K(s) = K + s L):
//  * Trivial pair: A u0 = u0 with u0 = L^{1/2} 1 / ||L^{1/2} 1||, since Sigma 1 = l (eq. 16).
//  * K >= I/2. Let W~ = W + diag(1/2 for tasks of positive duration): W~_ij = |I_i ∩ I_j| /
//    (d_i + d_j), the Hadamard product of the Gram matrix of the tasks' indicator functions and the
//    Cauchy matrix 1/(d_i + d_j) = ∫ e^{-t d_i} e^{-t d_j} dt, both positive semidefinite, so W~ is
//    (Schur product theorem). K = W~ + D with D_ii = 1/2, or 1 for a zero-length task.
//  * Hence every non-trivial eigenvalue is below -1/(2 l_max): A + (1/2 l_max) I is a rank-one
//    positive update of L^{-1/2}(1/2 L/l_max - K)L^{-1/2} <= 0, and interlacing leaves at most one
//    eigenvalue (the trivial 1) above 0. They crowd around -1/(2N): the M - 1 wanted ones lie
//    within ~1e-3 relative of each other at N = 10^4, B = 100 (measured).
//  * Sylvester: if K(s) is positive definite, A - s I is congruent to 1 1^T - K(s), a rank-one
//    positive update of a negative definite matrix, so it has at most one eigenvalue >= 0 (the
//    trivial 1 - s): every non-trivial eigenvalue is below s. The pivots of the LDL^T of
//    K(s) certify a shift. (K(s) is positive definite exactly for s > s* = -lambda_min(L^{-1/2} K
//    L^{-1/2}) >= lambda_2; s* sits just above lambda_2,
//    tests/unit/schedulers/spectral/test_shift_invert.cpp.)
//
// (A - s I)^{-1} x = L^{1/2} (1 1^T - K(s))^{-1} L^{1/2} x, by one LDL^T of K(s) and
// Sherman–Morrison: (1 1^T - K)^{-1} b = -y - z (1^T y) / (1 - 1^T z)
// with y = K^{-1} b, z = K^{-1} 1. The non-trivial spectrum maps to theta = 1/(lambda - s) < 0 and
// the wanted pairs are the most negative theta; the trivial pair maps to 1/(1 - s) > 0, so Lanczos
// selecting the smallest algebraic theta never returns it, and u0 is returned exactly instead
// (eigensolver.cpp). Projecting u0 out of the operator as well is not needed (and it broke
// Spectra's restart on exactly degenerate spectra, where every Ritz value is equal).
//
// The factorization: ordered by the end of their requested intervals, the earlier neighbours of a
// task are exactly the tasks ending inside its interval, a contiguous range of positions (zero-
// length tasks overlap nothing and leave zeros in it; at N = 10^4, B = 100 there are none). So the
// lower triangle of K(s) is an envelope (skyline) matrix, the order is a perfect elimination
// ordering (no fill), and the factor is stored as values only: 8 bytes per overlapping pair instead
// of 12 with a row index, both triangular solves are contiguous dot products and axpys, and the
// eigen step took 20–30% less time than with Eigen's SimplicialLDLT (N = 10^4, M = 100).
#pragma once

#include <vector>

#include <Eigen/Core>

#include "schedulers/spectral/sigma.hpp"

namespace arsim::schedulers::spectral {

class ShiftInvertOp {
 public:
  using Scalar = double;
  explicit ShiftInvertOp(const SigmaGraph& g);

  // Factors K(s); true when the factor is usable and K(s) is positive definite (s certified).
  bool factor(double s);
  double shift() const { return shift_; }

  Eigen::Index rows() const { return n_; }
  Eigen::Index cols() const { return n_; }
  // y = (A - s I)^{-1} x; x and y of length N, distinct.
  void perform_op(const double* x, double* y) const;

  // u0, unit.
  const Eigen::VectorXd& trivial() const { return u0_; }

 private:
  void solve_in_place(Eigen::VectorXd& x) const;

  int n_;
  std::vector<int> order_;      // task at each elimination position
  std::vector<int> first_;      // row k of the envelope spans positions first_[k] .. k
  std::vector<long> start_;     // row k's entries at start_[k] .. start_[k + 1] - 1, diagonal last
  std::vector<double> k0_;      // off-diagonal W in the envelope (diagonal slots 0)
  std::vector<double> factor_;  // unit lower L of K(s) = L D L^T, same layout
  Eigen::VectorXd d_;
  Eigen::VectorXd l_, sqrt_l_;  // l_i and sqrt(l_i) in elimination order
  Eigen::VectorXd u0_;          // task order
  mutable Eigen::VectorXd b_;
  Eigen::VectorXd z_;  // K(s)^{-1} 1, elimination order
  double denominator_ = 1;
  double shift_ = 0;
};

// u0 = L^{1/2} 1 / ||L^{1/2} 1||, the eigenvector of eigenvalue 1.
Eigen::VectorXd trivial_vector(const SigmaGraph& g);

// -(1 - 1e-3) / (2 l_max): K(s) >= (1e-3 / 2) I there, so the shift is certified a priori and
// the factorization well conditioned.
double certified_shift(const SigmaGraph& g);

}  // namespace arsim::schedulers::spectral
