#include "schedulers/spectral/eigensolver.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

#include <Eigen/Eigenvalues>
#include <Eigen/SparseCholesky>
#include <Spectra/MatOp/DenseSymMatProd.h>
#include <Spectra/SymEigsShiftSolver.h>
#include <Spectra/SymEigsSolver.h>

namespace arsim::schedulers::spectral {

namespace {

EigenPairs full_decomposition(const Eigen::MatrixXd& a, int count) {
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(a);  // ascending
  EigenPairs out;
  out.values = es.eigenvalues().reverse().head(count);
  out.vectors = es.eigenvectors().rowwise().reverse().leftCols(count);
  out.converged = es.info() == Eigen::Success;
  return out;
}

template <class Op>
EigenPairs lanczos(Op& op, int n, int count, const EigenOptions& o) {
  const int ncv = o.ncv > 0 ? std::min(n, std::max(o.ncv, count + 1))
                            : std::min(n, std::max(2 * count + 1, count + 20));
  Spectra::SymEigsSolver<Op> eigs(op, count, ncv);
  eigs.init();
  eigs.compute(Spectra::SortRule::LargestAlge, o.max_restarts, o.tolerance, Spectra::SortRule::LargestAlge);
  EigenPairs out;
  out.values = eigs.eigenvalues();
  out.vectors = eigs.eigenvectors();
  out.restarts = eigs.num_iterations();
  out.products = eigs.num_operations();
  out.converged = eigs.info() == Spectra::CompInfo::Successful && out.values.size() == count;
  return out;
}

// (A - s I)^{-1} x = L^{1/2} (Sigma - s L)^{-1} L^{1/2} x, and Sigma - s L = 1 1^T - K(s): one
// sparse LDL^T of K(s) in perfect elimination order (no fill) and Sherman–Morrison,
// (1 1^T - K)^{-1} b = -y - z (1^T y) / (1 - 1^T z) with y = K^{-1} b, z = K^{-1} 1.
class ShiftInvertOp {
 public:
  using Scalar = double;
  explicit ShiftInvertOp(const SigmaGraph& g) : g_(g), pos_(g.size()), sqrt_l_(g.size()), b_(g.size()) {
    for (int k = 0; k < g.size(); ++k) pos_[g.elimination_order()[k]] = k;
    for (int i = 0; i < g.size(); ++i) sqrt_l_[i] = std::sqrt(g.degrees()[i]);
  }
  Eigen::Index rows() const { return g_.size(); }
  Eigen::Index cols() const { return g_.size(); }
  void set_shift(const double& s) {
    ldlt_.compute(g_.shifted_overlap(s));
    ok_ = ldlt_.info() == Eigen::Success;
    if (!ok_) return;
    positive_definite_ = (ldlt_.vectorD().array() > 0).all();
    z_ = ldlt_.solve(Eigen::VectorXd::Ones(g_.size()));
    denominator_ = 1 - z_.sum();
    ok_ = z_.allFinite() && std::abs(denominator_) > 1e-14 * std::max(1.0, z_.cwiseAbs().sum());
  }
  // Usable, and K(s) positive definite (then 1 1^T - K(s) has one positive eigenvalue).
  bool ok() const { return ok_; }
  bool positive_definite() const { return positive_definite_; }
  void perform_op(const double* x, double* y) const {
    for (int i = 0; i < g_.size(); ++i) b_[pos_[i]] = sqrt_l_[i] * x[i];
    const Eigen::VectorXd sol = ldlt_.solve(b_);
    const double scale = sol.sum() / denominator_;
    for (int i = 0; i < g_.size(); ++i) y[i] = sqrt_l_[i] * (-sol[pos_[i]] - z_[pos_[i]] * scale);
  }

 private:
  const SigmaGraph& g_;
  std::vector<int> pos_;
  std::vector<double> sqrt_l_;
  Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>, Eigen::Lower, Eigen::NaturalOrdering<int>> ldlt_;
  Eigen::VectorXd z_;
  double denominator_ = 1;
  bool ok_ = false, positive_definite_ = false;
  mutable Eigen::VectorXd b_;
};

// The trivial pair of A: lambda = 1, u = L^{1/2} 1 / ||L^{1/2} 1|| (A u = L^{-1/2} Sigma 1 = u).
Eigen::VectorXd trivial_vector(const SigmaGraph& g) {
  Eigen::VectorXd u(g.size());
  for (int i = 0; i < g.size(); ++i) u[i] = std::sqrt(g.degrees()[i]);
  return u / u.norm();
}

// When K(0) = I + W is positive definite, every eigenvalue of A but the trivial 1 is negative
// (Sylvester: A is congruent to 1 1^T - K(0)), so the count - 1 largest after it are those
// nearest 0 and shift-invert at 0 finds them; the clustered spectrum that stalls plain Lanczos
// (gaps ~1e-9 at N = 10^4) is spread out by the inversion. Empty when the route does not apply.
std::optional<EigenPairs> shift_invert(const SigmaGraph& g, int count, const EigenOptions& o) {
  const int n = g.size();
  if (count < 2 || count + 1 >= n) return std::nullopt;
  ShiftInvertOp op(g);
  op.set_shift(0);
  if (!op.ok() || !op.positive_definite()) return std::nullopt;
  const int nev = count - 1;
  const int ncv = o.ncv > 0 ? std::min(n, std::max(o.ncv, nev + 1)) : std::min(n, std::max(2 * nev + 1, nev + 20));
  Spectra::SymEigsShiftSolver<ShiftInvertOp> eigs(op, nev, ncv, 0.0);
  eigs.init();
  eigs.compute(Spectra::SortRule::LargestMagn, o.max_restarts, o.tolerance, Spectra::SortRule::LargestAlge);
  if (eigs.info() != Spectra::CompInfo::Successful) return std::nullopt;
  EigenPairs out;
  out.values.resize(count);
  out.vectors.resize(n, count);
  out.values[0] = 1;
  out.vectors.col(0) = trivial_vector(g);
  out.values.tail(nev) = eigs.eigenvalues();
  out.vectors.rightCols(nev) = eigs.eigenvectors();
  if ((out.values.tail(nev).array() >= 0).any()) return std::nullopt;  // cannot be: K(0) is PD
  out.restarts = eigs.num_iterations();
  out.products = eigs.num_operations();
  out.converged = true;
  return out;
}

void check_count(int n, int count) {
  if (count < 1 || count > n) throw std::invalid_argument("largest_eigenpairs: need 1 <= count <= N");
}

}  // namespace

EigenPairs largest_eigenpairs(const SigmaGraph& graph, int count, const EigenOptions& options) {
  const int n = graph.size();
  check_count(n, count);
  if (count == n) return full_decomposition(graph.dense_normalized(), count);
  if (options.shift_invert)
    if (auto pairs = shift_invert(graph, count, options)) return *pairs;
  NormalizedSigmaOp op(graph);
  return lanczos(op, n, count, options);
}

EigenPairs largest_eigenpairs_dense(const Eigen::MatrixXd& a, int count, const EigenOptions& options) {
  const int n = static_cast<int>(a.rows());
  check_count(n, count);
  if (count == n) return full_decomposition(a, count);
  Spectra::DenseSymMatProd<double> op(a);
  return lanczos(op, n, count, options);
}

double max_residual(const SigmaGraph& graph, const EigenPairs& pairs) {
  double worst = 0;
  Eigen::VectorXd y(graph.size());
  for (int k = 0; k < pairs.values.size(); ++k) {
    const Eigen::VectorXd u = pairs.vectors.col(k);
    graph.multiply_normalized(u.data(), y.data());
    worst = std::max(worst, (y - pairs.values[k] * u).norm());
  }
  return worst;
}

}  // namespace arsim::schedulers::spectral
