#include "schedulers/spectral/kmeans.hpp"

#include <limits>
#include <numeric>
#include <stdexcept>

#include "sim/model/random.hpp"

namespace arsim::schedulers::spectral {

namespace {

struct Run {
  std::vector<int> label;
  Eigen::MatrixXd centroids;
  double inertia = 0;
  long rounds = 0;
  long reseeded = 0;
};

// Labels from the squared distances ||x||^2 - 2 x.c + ||c||^2 (one matrix product per round).
// Returns whether any label changed; fills the distance of each point to its centroid.
bool assign(const Eigen::MatrixXd& x, const Eigen::VectorXd& x_norms, const Eigen::MatrixXd& c,
            std::vector<int>& label, Eigen::VectorXd& dist) {
  const Eigen::MatrixXd cross = x * c.transpose();
  const Eigen::VectorXd c_norms = c.rowwise().squaredNorm();
  bool changed = false;
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    int best = -1;
    double best_d = std::numeric_limits<double>::infinity();
    for (Eigen::Index k = 0; k < c.rows(); ++k) {
      const double d = x_norms[i] - 2 * cross(i, k) + c_norms[k];
      if (d < best_d) {
        best_d = d;
        best = static_cast<int>(k);
      }
    }
    const double current = label[i] >= 0 ? x_norms[i] - 2 * cross(i, label[i]) + c_norms[label[i]] : best_d;
    if (label[i] >= 0 && current <= best_d) best = label[i];  // ties keep the current cluster
    changed |= best != label[i];
    label[i] = best;
    dist[i] = std::max(0.0, std::min(best_d, current));
  }
  return changed;
}

// Moves the farthest points of crowded clusters into the empty ones; returns how many moved.
long reseed_empty(std::vector<int>& label, const Eigen::VectorXd& dist, int k) {
  std::vector<int> size(k, 0);
  for (int l : label) ++size[l];
  long moved = 0;
  for (int c = 0; c < k; ++c) {
    if (size[c] > 0) continue;
    int far = -1;
    for (int i = 0; i < static_cast<int>(label.size()); ++i)
      if (size[label[i]] > 1 && (far < 0 || dist[i] > dist[far])) far = i;
    --size[label[far]];
    label[far] = c;
    size[c] = 1;
    ++moved;
  }
  return moved;
}

void update_centroids(const Eigen::MatrixXd& x, const std::vector<int>& label, Eigen::MatrixXd& c) {
  Eigen::VectorXd count = Eigen::VectorXd::Zero(c.rows());
  c.setZero();
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    c.row(label[i]) += x.row(i);
    count[label[i]] += 1;
  }
  for (Eigen::Index k = 0; k < c.rows(); ++k) c.row(k) /= count[k];  // no cluster is empty here
}

Run lloyd(const Eigen::MatrixXd& x, const Eigen::VectorXd& x_norms, const KMeansOptions& o, int restart) {
  const int n = static_cast<int>(x.rows()), k = o.clusters;
  auto rng = model::make_stream(o.seed, static_cast<std::uint64_t>(restart), "scs-kmeans");
  std::vector<int> pick(n);
  std::iota(pick.begin(), pick.end(), 0);
  Run run;
  run.centroids.resize(k, x.cols());
  for (int c = 0; c < k; ++c) {  // partial Fisher–Yates: k distinct rows (Table 2 step b)
    const int j = c + static_cast<int>(model::uniform_index(rng, static_cast<std::uint64_t>(n - c)));
    std::swap(pick[c], pick[j]);
    run.centroids.row(c) = x.row(pick[c]);
  }
  run.label.assign(n, -1);
  Eigen::VectorXd dist(n);
  for (int it = 0; it < o.max_iterations; ++it) {
    const bool changed = assign(x, x_norms, run.centroids, run.label, dist);
    ++run.rounds;
    const long moved = reseed_empty(run.label, dist, k);
    run.reseeded += moved;
    if (!changed && moved == 0) break;
    update_centroids(x, run.label, run.centroids);
  }
  update_centroids(x, run.label, run.centroids);  // the last round may have re-seeded
  run.inertia = 0;
  for (int i = 0; i < n; ++i) run.inertia += (x.row(i) - run.centroids.row(run.label[i])).squaredNorm();
  return run;
}

}  // namespace

KMeansResult kmeans(const Eigen::MatrixXd& points, const KMeansOptions& o) {
  if (o.clusters < 1 || o.clusters > points.rows() || o.restarts < 1 || o.max_iterations < 1)
    throw std::invalid_argument("kmeans: need 1 <= clusters <= N, restarts >= 1, max_iterations >= 1");
  const Eigen::VectorXd x_norms = points.rowwise().squaredNorm();
  KMeansResult best;
  best.inertia = std::numeric_limits<double>::infinity();
  long rounds = 0, reseeded = 0;
  for (int r = 0; r < o.restarts; ++r) {
    Run run = lloyd(points, x_norms, o, r);
    rounds += run.rounds;
    reseeded += run.reseeded;
    if (run.inertia < best.inertia) {
      best.label = std::move(run.label);
      best.centroids = std::move(run.centroids);
      best.inertia = run.inertia;
      best.best_restart = r;
    }
  }
  best.rounds = rounds;
  best.reseeded = reseeded;
  return best;
}

}  // namespace arsim::schedulers::spectral
