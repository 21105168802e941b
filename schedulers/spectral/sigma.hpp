// The interval graph of SCS §3.1 as an implicit matrix. Eq. (2): sigma_ij = a for tasks that do
// not overlap, a (1 - w_ij) for tasks that do, w_ij = overlap / (d_i + d_j) (as in the Fig. 1
// example, w_{5,4} = 3 / (6 + 5)). The diagonal sigma_ii is 0: the interval graph has no self-loops
// (a task's "overlap with itself" would make w_ii = 1/2 by the same formula; we do not use it).
//
// So Sigma = a (1 1^T - I) - a W, W sparse with one entry per overlapping pair, and
// A = L^{-1/2} Sigma L^{-1/2} (L = diag of the row sums l_i, §4.1) is independent of a: a = 1
// below. A product with A costs O(N + pairs), never O(N^2). Since w_ij <= 1/2, every
// sigma_ij >= a/2 and every l_i >= a (N - 1) / 2 > 0 for N >= 2.
//
// The requested interval of a task is [ready, ready + duration) (a deferred task asks for its new
// release time); zero-length tasks overlap nothing.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "schedulers/interval_scheduler.hpp"

namespace arsim::schedulers::spectral {

class SigmaGraph {
 public:
  explicit SigmaGraph(const std::vector<IntervalTask>& tasks);

  int size() const { return n_; }
  long pair_count() const { return static_cast<long>(col_.size() / 2); }
  // l_i = sum_j sigma_ij (a = 1).
  const std::vector<double>& degrees() const { return degree_; }
  // sigma_ij (a = 1) by lookup in row i: O(log deg).
  double sigma(int i, int j) const;
  // Overlapping neighbours of i and their w_ij.
  const int* neighbours_begin(int i) const { return col_.data() + row_[i]; }
  const int* neighbours_end(int i) const { return col_.data() + row_[i + 1]; }
  const double* weights_begin(int i) const { return w_.data() + row_[i]; }

  // y = A x in O(N + pairs); x and y of length N, distinct.
  void multiply_normalized(const double* x, double* y) const;
  // y = Sigma x (a = 1) in O(N + pairs).
  void multiply_sigma(const double* x, double* y) const;
  // Y = A X for N x k X in one sweep over W, O(k (N + pairs)): each neighbour's row of X is read
  // whole instead of one scattered entry per column.
  Eigen::MatrixXd multiply_normalized(const Eigen::MatrixXd& x) const;

  // Task index of each position of the elimination order: by end of the requested interval, a
  // perfect elimination ordering of the interval graph (shift_invert.hpp factors I + W + s L in
  // it).
  const std::vector<int>& elimination_order() const { return elimination_; }

  // The dense Sigma and A, for references and tests only (O(N^2) memory).
  Eigen::MatrixXd dense_sigma() const;
  Eigen::MatrixXd dense_normalized() const;

 private:
  int n_ = 0;
  std::vector<long> row_;  // CSR of W: row_[i] .. row_[i+1] index col_ and w_, columns sorted
  std::vector<int> col_;
  std::vector<double> w_;
  std::vector<double> degree_;
  std::vector<double> inv_sqrt_degree_;
  std::vector<int> elimination_;
  mutable std::vector<double> scratch_;
};

// The operator Spectra's SymEigsSolver multiplies by: A, implicit.
class NormalizedSigmaOp {
 public:
  using Scalar = double;
  explicit NormalizedSigmaOp(const SigmaGraph& g) : g_(g) {}
  Eigen::Index rows() const { return g_.size(); }
  Eigen::Index cols() const { return g_.size(); }
  void perform_op(const double* x, double* y) const { g_.multiply_normalized(x, y); }

 private:
  const SigmaGraph& g_;
};

}  // namespace arsim::schedulers::spectral
