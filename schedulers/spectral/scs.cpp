#include "schedulers/spectral/scs.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "schedulers/interval/baselines.hpp"
#include "schedulers/interval/execution.hpp"
#include "schedulers/spectral/refine.hpp"

namespace arsim::schedulers::spectral {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// A range within rounding of a constant (the trivial eigenvector after eq. 17 is constant up to
// ~1e-16): scaling it to [0, 1] would turn rounding noise into a feature.
bool nearly_constant(double lo, double hi) {
  return hi - lo <= 1e-9 * std::max(std::abs(lo), std::abs(hi));
}

// What the caller sees when no eigenproblem is solved: trivial clusters.
SpectralClusters trivial_clusters(int n, int resources) {
  SpectralClusters out;
  out.cluster.assign(n, 0);
  if (resources >= n) std::iota(out.cluster.begin(), out.cluster.end(), 0);
  out.clusters = std::max(1, std::min(resources, n));
  return out;
}

void record_spectrum(const SigmaGraph& g, const EigenPairs& eig, IntervalStats& st) {
  st.eigenvalues.assign(eig.values.data(), eig.values.data() + eig.values.size());
  st.values["eigen_converged"] = eig.converged ? 1 : 0;
  st.values["lanczos_restarts"] = static_cast<double>(eig.restarts);
  st.values["operator_products"] = static_cast<double>(eig.products);
  st.values["eigen_shift"] = eig.shift;
  st.values["eigen_residual"] = max_residual(g, eig);
  st.values["lambda_spread"] =
      eig.values.size() > 1 ? eig.values[1] - eig.values[eig.values.size() - 1] : 0;
  st.iterations += eig.restarts;
}

}  // namespace

RowNormalization parse_row_normalization(const std::string& name) {
  if (name == "minmax") return RowNormalization::MinMax;
  if (name == "unit") return RowNormalization::Unit;
  if (name == "column") return RowNormalization::ColumnMinMax;
  if (name == "none") return RowNormalization::None;
  throw std::invalid_argument("unknown row normalization '" + name +
                              "'; valid: minmax, column, unit, none");
}

Eigen::MatrixXd relaxed_indicators(const SigmaGraph& g, const Eigen::MatrixXd& u,
                                   RowNormalization normalize) {
  Eigen::MatrixXd e = u;
  for (int i = 0; i < g.size(); ++i) e.row(i) /= std::sqrt(g.degrees()[i]);  // eq. (17)
  if (normalize == RowNormalization::ColumnMinMax) {
    for (Eigen::Index k = 0; k < e.cols(); ++k) {
      auto col = e.col(k);
      const double lo = col.minCoeff(), hi = col.maxCoeff();
      if (!nearly_constant(lo, hi))
        col = (col.array() - lo) / (hi - lo);
      else
        col.setZero();
    }
    return e;
  }
  for (Eigen::Index i = 0; i < e.rows(); ++i) {
    auto row = e.row(i);
    if (normalize == RowNormalization::MinMax) {
      const double lo = row.minCoeff(), hi = row.maxCoeff();
      if (!nearly_constant(lo, hi))
        row = (row.array() - lo) / (hi - lo);
      else
        row.setZero();
    } else if (normalize == RowNormalization::Unit) {
      const double norm = row.norm();
      if (norm > 0) row /= norm;
    }
  }
  return e;
}

double normalized_cut(const SigmaGraph& g, const std::vector<int>& cluster, int clusters) {
  // assoc(C, V) = sum of l_i; within(C) = n_C (n_C - 1) - sum of w_ij over ordered pairs in C.
  std::vector<double> assoc(clusters, 0), within(clusters, 0), size(clusters, 0);
  for (int i = 0; i < g.size(); ++i) {
    const int c = cluster[i];
    assoc[c] += g.degrees()[i];
    size[c] += 1;
    const double* w = g.weights_begin(i);
    for (const int* j = g.neighbours_begin(i); j != g.neighbours_end(i); ++j, ++w)
      if (cluster[*j] == c) within[c] -= *w;
  }
  double q = 0;
  for (int c = 0; c < clusters; ++c)
    if (size[c] > 0 && assoc[c] > 0)
      q += (assoc[c] - (within[c] + size[c] * (size[c] - 1))) / assoc[c];
  return q;
}

SpectralClusters spectral_clusters(const std::vector<IntervalTask>& tasks, int resources,
                                   const ScsOptions& o) {
  const int n = static_cast<int>(tasks.size());
  if (n <= 1 || resources <= 1 || resources >= n) return trivial_clusters(n, resources);
  SpectralClusters out;
  IntervalStats& st = out.stats;
  const SigmaGraph g(tasks);
  st.values["overlapping_pairs"] = static_cast<double>(g.pair_count());
  // Step 3: the M largest eigenpairs (M + 1 when the trivial one is dropped).
  auto t0 = Clock::now();
  const int wanted = std::min(n, resources + (o.deflate ? 1 : 0));
  const EigenPairs eig = o.dense ? largest_eigenpairs_dense(g.dense_normalized(), wanted, o.eigen)
                                 : largest_eigenpairs(g, wanted, o.eigen);
  st.values["eigen_seconds"] = seconds_since(t0);
  record_spectrum(g, eig, st);
  if (eig.values.size() < 1)
    throw std::runtime_error("scs: the eigensolver returned no converged pair");
  const int first = o.deflate ? 1 : 0;
  const int dims = std::max<int>(1, static_cast<int>(eig.vectors.cols()) - first);
  // Steps 4–5: relaxed indicators, then k-means rounding.
  t0 = Clock::now();
  Eigen::MatrixXd u = eig.vectors.middleCols(first, dims);
  for (Eigen::Index k = 0; k < u.cols(); ++k) {  // canonical signs
    Eigen::Index at = 0;
    u.col(k).cwiseAbs().maxCoeff(&at);
    if (u(at, k) < 0) u.col(k) = -u.col(k);
  }
  const Eigen::MatrixXd e = relaxed_indicators(g, u, o.normalize);
  const KMeansResult km = kmeans(e, {resources, o.restarts, o.kmeans_iterations, o.seed});
  st.values["kmeans_seconds"] = seconds_since(t0);
  st.values["kmeans_inertia"] = km.inertia;
  st.values["kmeans_rounds"] = static_cast<double>(km.rounds);
  st.values["kmeans_reseeded"] = static_cast<double>(km.reseeded);
  st.iterations += km.rounds;
  out.cluster = km.label;
  out.clusters = resources;
  st.cluster_sizes = interval::cluster_sizes(out.cluster, resources);
  st.values["largest_cluster"] =
      *std::max_element(st.cluster_sizes.begin(), st.cluster_sizes.end());
  const int nonempty = static_cast<int>(
      std::count_if(st.cluster_sizes.begin(), st.cluster_sizes.end(), [](int s) { return s > 0; }));
  st.values["q"] = normalized_cut(g, out.cluster, resources);
  const int k = std::min<int>(nonempty, static_cast<int>(eig.values.size()));
  st.values["q_bound"] = k - eig.values.head(k).sum();  // eq. (15) for k clusters
  return out;
}

std::vector<int> ScsScheduler::initial_assignment(const IntervalProblem& p,
                                                  IntervalStats& stats) const {
  if (options_.init == "round-robin") {
    std::vector<int> resource(p.size());
    const std::vector<int> order = interval::service_order(p);
    for (int k = 0; k < p.size(); ++k) resource[order[k]] = k % p.resources;
    return resource;
  }
  if (options_.init == "est-ect") {
    IntervalStats ignored;
    return interval::EctScheduler(interval::QueueOrder::EarliestStart)
        .schedule(p, ignored)
        .resource;
  }
  SpectralClusters sc = spectral_clusters(p.tasks, p.resources, options_);
  stats = std::move(sc.stats);
  if (stats.cluster_sizes.empty())
    stats.cluster_sizes = interval::cluster_sizes(sc.cluster, sc.clusters);
  return interval::map_clusters_to_resources(p, sc.cluster, sc.clusters);
}

IntervalSchedule ScsScheduler::schedule(const IntervalProblem& p, IntervalStats& stats) {
  const auto t0 = Clock::now();
  IntervalSchedule s;
  s.resource = initial_assignment(p, stats);
  if (options_.refine_sweeps > 0) {
    const auto t1 = Clock::now();
    const RefineResult rr = refine_assignment(p, s.resource, options_.refine_sweeps);
    stats.values["refine_seconds"] = seconds_since(t1);
    stats.values["refine_before"] = rr.before;
    stats.values["refine_after"] = rr.after;
    stats.values["refine_moves"] = static_cast<double>(rr.moves);
    stats.values["refine_sweeps"] = rr.sweeps;
    stats.iterations += rr.moves;
    const auto sizes = interval::cluster_sizes(s.resource, p.resources);
    stats.values["refined_largest"] = *std::max_element(sizes.begin(), sizes.end());
  }
  s.start = interval::execute_in_request_order(p, s.resource);
  stats.solve_seconds = seconds_since(t0);
  return s;
}

}  // namespace arsim::schedulers::spectral
