// The M largest eigenpairs of A = L^{-1/2} Sigma L^{-1/2} (SCS eq. 14–16, Table 2 step 3). All
// routes are deterministic (fixed start vectors).
//
// The default route (shift_invert.hpp has the facts and proofs):
//  1. The largest pair is known exactly: lambda_1 = 1, u0 = L^{1/2} 1 / ||.|| (eq. 16). It is
//     returned as is and the other M - 1 are sought in the complement of u0 (deflation).
//  2. They are the non-trivial eigenvalues nearest below the certified shift s1 = -(1 - 1e-3) /
//     (2 l_max), where they crowd (relative spread ~1e-3 at N = 10^4), so Lanczos (thick restart,
//     lanczos.hpp) runs on the shift-inverted operator (A - s I)^{-1}: one fill-free sparse LDL^T
//     of I + W + s L per shift.
//  3. The shift is brought to just above lambda_2: a short Lanczos run at s1 for lambda_2 alone
//     (~20 solves), then s = lambda_2 + 2% of (s1 - lambda_2), kept only if the LDL^T pivots are
//     positive (Sylvester: then s > lambda_2); else 20%, else s1. The spacing of the wanted
//     eigenvalues relative to their distance from s sets the convergence: measured at N = 10^4,
//     M = 100, ~480 solves at s against 845 at s1 and 12,289 at s = 0 (the previous route).
// Residuals: Lanczos stops when every Ritz pair of the inverse has ||Op u - theta u|| <= tol
// |theta| (theta = 1/(lambda - s)), so ||A u - lambda u|| <= tol ||A - s I|| ~ tol at worst;
// measured ~1e-13 at tol = 1e-10, against the 1e-9 the tests certify with max_residual.
//
// The references: plain Lanczos on A (shift_invert = false) and the dense matrix, both by
// Spectra's implicitly restarted Lanczos.
#pragma once

#include <Eigen/Core>

#include "schedulers/spectral/sigma.hpp"

namespace arsim::schedulers::spectral {

struct EigenOptions {
  // Krylov subspace size for the k pairs Lanczos seeks (count, or count - 1 when deflated);
  // 0 = max(2 k + 1, k + 20), at most N (N - 1 deflated).
  int ncv = 0;
  int max_restarts = 1000;  // Lanczos restarts at most
  double tolerance =
      1e-10;  // relative tolerance on each Ritz value of the operator Lanczos runs on
  // Deflated shift-invert Lanczos (above); false: plain Lanczos on A (the reference; slow on the
  // clustered spectrum).
  bool shift_invert = true;
  // Step 3 above; false keeps the certified shift s1.
  bool estimate_shift = true;
};

struct EigenPairs {
  Eigen::VectorXd values;   // decreasing
  Eigen::MatrixXd vectors;  // N x count, orthonormal columns
  long restarts = 0;
  long products = 0;  // operator applications (all Lanczos runs)
  double shift = 0;   // the shift s of the shift-invert route, 0 otherwise
  bool converged =
      false;  // every requested pair converged (else values/vectors hold the ones that did)
};

// The `count` largest (algebraic) eigenpairs of the implicit A; 1 <= count <= N. count >= N - 1
// (only sensible for tiny N) falls back to a dense symmetric eigendecomposition.
EigenPairs largest_eigenpairs(const SigmaGraph& graph, int count, const EigenOptions& options = {});

// The same for an explicit symmetric matrix (the dense reference).
EigenPairs largest_eigenpairs_dense(const Eigen::MatrixXd& a, int count,
                                    const EigenOptions& options = {});

// max_k ||A u_k - lambda_k u_k|| over the returned pairs, with A applied implicitly: the
// certificate the tests check.
double max_residual(const SigmaGraph& graph, const EigenPairs& pairs);

}  // namespace arsim::schedulers::spectral
