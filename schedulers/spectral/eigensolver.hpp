// The M largest eigenpairs of A = L^{-1/2} Sigma L^{-1/2} (SCS eq. 14–16, Table 2 step 3) by the
// implicitly restarted Lanczos method of Spectra, on the implicit operator or, as a reference, on
// the dense matrix. Spectra starts from its fixed pseudo-random vector, so results are
// deterministic.
#pragma once

#include <Eigen/Core>

#include "schedulers/spectral/sigma.hpp"

namespace arsim::schedulers::spectral {

struct EigenOptions {
  int ncv = 0;              // Krylov subspace size; 0 = min(N, max(2 count + 1, count + 20))
  int max_restarts = 1000;  // Spectra's maxit
  double tolerance = 1e-10; // Spectra's relative tolerance on each Ritz value
  // Shift-invert at 0 when it applies (eigensolver.cpp), else plain Lanczos on A.
  bool shift_invert = true;
};

struct EigenPairs {
  Eigen::VectorXd values;   // decreasing
  Eigen::MatrixXd vectors;  // N x count, orthonormal columns
  long restarts = 0;
  long products = 0;        // operator applications
  bool converged = false;   // every requested pair converged (else values/vectors hold the ones that did)
};

// The `count` largest (algebraic) eigenpairs of the implicit A; 1 <= count <= N. count == N (only
// possible for tiny N) falls back to a dense symmetric eigendecomposition.
EigenPairs largest_eigenpairs(const SigmaGraph& graph, int count, const EigenOptions& options = {});

// The same for an explicit symmetric matrix (the dense reference).
EigenPairs largest_eigenpairs_dense(const Eigen::MatrixXd& a, int count, const EigenOptions& options = {});

// max_k ||A u_k - lambda_k u_k|| over the returned pairs, with A applied implicitly: the
// certificate the tests check.
double max_residual(const SigmaGraph& graph, const EigenPairs& pairs);

}  // namespace arsim::schedulers::spectral
