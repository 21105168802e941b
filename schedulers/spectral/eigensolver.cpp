#include "schedulers/spectral/eigensolver.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

#include <Spectra/MatOp/DenseSymMatProd.h>
#include <Spectra/SymEigsSolver.h>
#include <Eigen/Eigenvalues>

#include "schedulers/spectral/lanczos.hpp"
#include "schedulers/spectral/shift_invert.hpp"

namespace arsim::schedulers::spectral {

namespace {

// Where the shift goes above lambda_2 (estimated), as a fraction of the way to s1: far above the
// estimate's error (tolerance 1e-6 on theta, ~1e-9 of the distance), and close enough that the
// wanted eigenvalues' spacing relative to their distance from s is near its best (measured at
// N = 10^4: 470 solves from 0.1% to 2%, 524 at 5%, 845 at 100%, i.e. s1).
// K(s) is positive definite exactly above s* = -lambda_min(L^{-1/2} K L^{-1/2}) >= lambda_2
// (interlacing), so the pivots certify a shift above s*, not above lambda_2. s* sat within 0.1% of
// the way from lambda_2 to s1 in every case measured; if a factorization still fails the shift
// backs off to 20%, then to s1.
constexpr double kShiftMargins[] = {0.02, 0.2};
// But no closer than (N - l_min) / (1e8 l_min), to keep cond(K(s)) near 1e8 at most and ~8 digits
// in the solves: lambda_max(K(s)) <= 1 + max_i sum_j w_ij = N - l_min (Gershgorin) and
// lambda_min(K(s)) >= (s - s*) l_min, s* just above lambda_2. It binds only on near-degenerate
// spectra (identical tasks); at N = 10^4, B = 100 the 2% is ~50x wider.
constexpr double kMaxCondition = 1e8;
constexpr double kEstimateTolerance = 1e-6;
constexpr int kEstimateNcv = 20;

int subspace_size(int n, int k, const EigenOptions& o) {
  return o.ncv > 0 ? std::min(n, std::max(o.ncv, k + 1)) : std::min(n, std::max(2 * k + 1, k + 20));
}

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
  Spectra::SymEigsSolver<Op> eigs(op, count, subspace_size(n, count, o));
  eigs.init();
  eigs.compute(Spectra::SortRule::LargestAlge, o.max_restarts, o.tolerance,
               Spectra::SortRule::LargestAlge);
  EigenPairs out;
  out.values = eigs.eigenvalues();
  out.vectors = eigs.eigenvectors();
  out.restarts = eigs.num_iterations();
  out.products = eigs.num_operations();
  out.converged = eigs.info() == Spectra::CompInfo::Successful && out.values.size() == count;
  return out;
}

// The k most negative theta of the shift-inverted operator, as pairs of A (lambda = s + 1/theta,
// decreasing), by thick-restart Lanczos (lanczos.hpp). Empty unless all k converged.
std::optional<EigenPairs> inverted_lanczos(ShiftInvertOp& op, int k, int ncv, int max_restarts,
                                           double tol) {
  const auto apply = [&op](const double* x, double* y) { op.perform_op(x, y); };
  LanczosResult r =
      smallest_eigenpairs(apply, static_cast<int>(op.rows()), k, ncv, max_restarts, tol);
  if (!r.converged) return std::nullopt;
  if ((r.values.array() >= 0).any())
    return std::nullopt;  // cannot be: every lambda < s (Sylvester)
  EigenPairs out;
  out.values = op.shift() + r.values.array().inverse();
  out.vectors = std::move(r.vectors);
  out.restarts = r.restarts;
  out.products = r.products;
  out.shift = op.shift();
  out.converged = true;
  return out;
}

// Step 3 of eigensolver.hpp: op factored at a certified shift between lambda_2 and s1 (at s1
// when the estimate fails). Adds the estimate's cost to `cost`; false when no shift factors.
bool place_shift(ShiftInvertOp& op, const SigmaGraph& g, double s1, const EigenOptions& o,
                 EigenPairs& cost) {
  const int n = g.size();
  const int ncv = std::min(n - 1, kEstimateNcv);
  const auto lambda2 = inverted_lanczos(op, 1, ncv, o.max_restarts, kEstimateTolerance);
  if (!lambda2) return true;  // still factored at s1
  cost.restarts += lambda2->restarts;
  cost.products += lambda2->products;
  const double l_min = *std::min_element(g.degrees().begin(), g.degrees().end());
  const double floor = (n - l_min) / (kMaxCondition * l_min), lambda = lambda2->values[0];
  for (double f : kShiftMargins) {
    const double s = lambda + std::max(f * (s1 - lambda), floor);
    if (s >= s1) break;
    if (op.factor(s)) return true;
  }
  return op.factor(s1);
}

// Steps 1–3 of eigensolver.hpp. Empty when a factorization or a run fails (then plain Lanczos).
std::optional<EigenPairs> shift_invert(const SigmaGraph& g, int count, const EigenOptions& o) {
  const int n = g.size();
  ShiftInvertOp op(g);
  const double s1 = certified_shift(g);
  EigenPairs out;
  if (!op.factor(s1)) return std::nullopt;
  if (o.estimate_shift && !place_shift(op, g, s1, o, out)) return std::nullopt;
  const int k = count - 1;
  auto pairs = inverted_lanczos(op, k, subspace_size(n - 1, k, o), o.max_restarts, o.tolerance);
  if (!pairs) return std::nullopt;
  out.values.resize(count);
  out.vectors.resize(n, count);
  out.values[0] = 1;
  out.vectors.col(0) = op.trivial();
  out.values.tail(k) = pairs->values;
  // The wanted vectors are exactly orthogonal to u0; the computed ones carry a trace of it (up to
  // ~1e-9 on identical tasks, where it was the whole residual), which is removed. Their mutual
  // inner products change by the product of two traces only.
  out.vectors.rightCols(k) =
      pairs->vectors - op.trivial() * (op.trivial().transpose() * pairs->vectors);
  for (int j = 1; j < count; ++j) out.vectors.col(j).normalize();
  out.restarts += pairs->restarts;
  out.products += pairs->products;
  out.shift = pairs->shift;
  out.converged = true;
  return out;
}

void check_count(int n, int count) {
  if (count < 1 || count > n)
    throw std::invalid_argument("largest_eigenpairs: need 1 <= count <= N");
}

}  // namespace

EigenPairs largest_eigenpairs(const SigmaGraph& graph, int count, const EigenOptions& options) {
  const int n = graph.size();
  check_count(n, count);
  if (count + 1 >= n) return full_decomposition(graph.dense_normalized(), count);
  if (options.shift_invert) {
    if (count == 1) {  // the trivial pair alone, exactly
      EigenPairs out;
      out.values = Eigen::VectorXd::Ones(1);
      out.vectors = trivial_vector(graph);
      out.converged = true;
      return out;
    }
    if (auto pairs = shift_invert(graph, count, options)) return *pairs;
  }
  NormalizedSigmaOp op(graph);
  return lanczos(op, n, count, options);
}

EigenPairs largest_eigenpairs_dense(const Eigen::MatrixXd& a, int count,
                                    const EigenOptions& options) {
  const int n = static_cast<int>(a.rows());
  check_count(n, count);
  if (count == n) return full_decomposition(a, count);
  Spectra::DenseSymMatProd<double> op(a);
  return lanczos(op, n, count, options);
}

double max_residual(const SigmaGraph& graph, const EigenPairs& pairs) {
  if (pairs.values.size() == 0) return 0;
  const Eigen::MatrixXd r =
      graph.multiply_normalized(pairs.vectors) - pairs.vectors * pairs.values.asDiagonal();
  return r.colwise().norm().maxCoeff();
}

}  // namespace arsim::schedulers::spectral
