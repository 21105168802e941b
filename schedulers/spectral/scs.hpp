// SCS: Spectral Clustering Scheduling (Doulamis, Kokkinos, Varvarigos, IEEE TC 2013), as the paper
// states it (Table 2):
//  1–2. sigma_ij of eq. (2), L = diag(l_i) (sigma.hpp: implicit, never dense);
//  3.   U = the eigenvectors of the M largest eigenvalues of L^{-1/2} Sigma L^{-1/2} (Lanczos);
//  4.   E_R = L^{-1/2} U (eq. 17);
//  5.   E_R scaled into [0, 1], then k-means with restarts (kmeans.hpp); cluster r -> resource
//       (execution.hpp), tasks shifted in request order (§2.2).
// Step 5 says "normalize the rows of E_R so as to lie in the interval [0, 1]". Read per row (each
// row min–max scaled), a row of M = 2 entries always becomes (0, 1) or (1, 0): all magnitude is
// lost and even two pairs of overlapping tasks on two resources are not split. We read it as
// putting the rows, as points, in [0, 1]^M: each column min–max scaled (a constant column, such
// as the trivial eigenvector after eq. 17, becomes 0). `normalize` = "minmax" gives the per-row
// reading, "unit" the unit rows of Ng–Jordan–Weiss, "none" the raw E_R. Eigenvector signs are
// arbitrary, so each is fixed to make its largest entry (first on ties) positive: the per-row
// reading would otherwise depend on the solver's signs.
// What it does, measured (the trap): at low granularity almost every pair does not overlap, the
// non-trivial eigenvalues of A lie within ~1e-5 (N = 500) to ~1e-7 (N = 10^4) of each other, and
// k-means puts most tasks in one cluster (483 of 500 at N = 500, M = 10, g = 0.02, rho = 1), whose
// resource then shifts them by periods: D ~ 200x that of earliest-start earliest-completion. With
// M resources the rounding sees only M - 1 non-trivial eigenvectors, too few to encode a
// time-local colouring of N >> M tasks. "scs-ls" (refine.hpp) is the repair we offer.
// Step 3 returns the trivial pair exactly and finds the other M - 1 by Lanczos on (A - s I)^{-1}
// with s just above lambda_2 (eigensolver.hpp, shift_invert.hpp): the same eigenpairs as plain
// Lanczos, ~24x fewer operator applications on this clustered spectrum. k-means skips distances
// with Elkan's bounds, same labels (kmeans.hpp).
//
// Corners: no tasks; M = 1 or N = 1 (one cluster); M >= N (one task per resource: the normalized
// cut is 0 and eq. (14) needs M < N); tasks that overlap nothing or all overlap alike give a
// degenerate spectrum, which Lanczos still handles (any basis of the eigenspace is an optimum).
//
// Options beyond the paper, off by default: `deflate` drops the trivial eigenvector (eigenvalue 1,
// constant after eq. 17) and uses eigenvectors 2..M+1; `dense` uses the dense matrix (the O(N^2)
// reference); `refine_sweeps` > 0 adds the local search of refine.hpp ("scs-ls").
//
// Stats: eigenvalues (the M largest), cluster_sizes, and values: q (the normalized cut
// sum_r cut/assoc of eq. 11 for the assignment), q_bound (k - sum of the k largest eigenvalues,
// eq. 15, k = nonempty clusters), eigen_residual (max ||A u - lambda u||), eigen_converged,
// lanczos_restarts, operator_products, eigen_shift (s; 0 off the shift-invert route),
// overlapping_pairs, kmeans_inertia, kmeans_rounds, kmeans_reseeded, largest_cluster,
// eigen_seconds, kmeans_seconds, lambda_spread (lambda_2 - lambda_M: how far the non-trivial
// eigenvalues are from degenerate).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "schedulers/interval_scheduler.hpp"
#include "schedulers/spectral/eigensolver.hpp"
#include "schedulers/spectral/kmeans.hpp"
#include "schedulers/spectral/sigma.hpp"

namespace arsim::schedulers::spectral {

enum class RowNormalization { MinMax, ColumnMinMax, Unit, None };

struct ScsOptions {
  int restarts = 10;            // Table 2 "MaxIterations": k-means restarts
  int kmeans_iterations = 100;  // Lloyd rounds per restart
  std::uint64_t seed = 1;
  RowNormalization normalize = RowNormalization::ColumnMinMax;
  bool deflate = false;
  bool dense = false;
  int refine_sweeps = 0;  // > 0: local search on the deviation after rounding (refine.hpp)
  // Start of the local search, for the ablation "does the spectral part help?": "spectral" (steps
  // 1–5), "round-robin" (task k of the service order on resource k mod M) or "est-ect" (the
  // earliest-start, earliest-completion baseline's assignment). Only "spectral" solves the
  // eigenproblem.
  std::string init = "spectral";
  EigenOptions eigen;
};

struct SpectralClusters {
  std::vector<int> cluster;  // per task, 0..clusters-1
  int clusters = 0;
  IntervalStats stats;  // everything but solve_seconds
};

// Steps 1–5 on the tasks' requested intervals: the clusters, before any resource mapping.
SpectralClusters spectral_clusters(const std::vector<IntervalTask>& tasks, int resources,
                                   const ScsOptions& options);

// The normalized cut of eq. (11): sum over nonempty clusters of cut(C_r) / assoc(C_r, V).
double normalized_cut(const SigmaGraph& graph, const std::vector<int>& cluster, int clusters);

// E_R = L^{-1/2} U (eq. 17), rows normalised as asked.
Eigen::MatrixXd relaxed_indicators(const SigmaGraph& graph, const Eigen::MatrixXd& u,
                                   RowNormalization normalize);

class ScsScheduler : public IntervalScheduler {
 public:
  explicit ScsScheduler(ScsOptions options) : options_(options) {}
  IntervalSchedule schedule(const IntervalProblem& problem, IntervalStats& stats) override;

 private:
  std::vector<int> initial_assignment(const IntervalProblem& problem, IntervalStats& stats) const;
  ScsOptions options_;
};

RowNormalization parse_row_normalization(const std::string& name);

}  // namespace arsim::schedulers::spectral
