#include "schedulers/spectral/kmeans.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "model/random.hpp"

namespace arsim::schedulers::spectral {

namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kBlock = 2048;  // points per matrix product in the first round

// One restart: centroids, labels and Elkan's bounds (kmeans.hpp). Lower bounds are stored as
// l(i, j) + drift_j at the time of storing, drift_j the distance centroid j has moved in all, so
// that a round's movement costs O(k), not O(N k): the bound in force is stored - drift_j.
struct Lloyd {
  // Buffers are allocated once and reused by every restart (reset).
  Lloyd(const RowMatrix& points, const Eigen::VectorXd& norms, int clusters)
      : x(points),
        x_norms(norms),
        k(clusters),
        label(points.rows()),
        size(clusters),
        upper(points.rows()),
        lower(points.rows(), clusters),
        drift(clusters),
        gap(clusters, clusters),
        half_gap(clusters),
        by_gap(static_cast<std::size_t>(clusters) * (clusters - 1)),
        dirty(clusters),
        cross(clusters, std::min<Eigen::Index>(kBlock, points.rows())) {}

  void reset() {
    std::fill(label.begin(), label.end(), -1);
    std::fill(size.begin(), size.end(), 0);
    std::fill(upper.begin(), upper.end(), kInf);
    std::fill(dirty.begin(), dirty.end(), 1);
    drift.setZero();
    gap.setConstant(kInf);  // every pair is measured after the first round
    for (int a = 0; a < k; ++a)
      for (int b = 0, t = 0; b < k; ++b)
        if (b != a) by_gap[static_cast<std::size_t>(a) * (k - 1) + t++] = b;
    rounds = reseeded = 0;
  }

  void move(int i, int to) {
    dirty[label[i]] = dirty[to] = 1;
    --size[label[i]];
    ++size[to];
    label[i] = to;
  }

  const RowMatrix& x;
  const Eigen::VectorXd& x_norms;  // squared
  int k;
  RowMatrix c;
  std::vector<int> label, size;
  std::vector<double> upper;  // >= distance to own centroid
  RowMatrix lower;            // lower(i, j) - drift[j] <= distance from point i to centroid j
  Eigen::VectorXd drift;
  Eigen::MatrixXd gap;       // distances between centroids
  Eigen::VectorXd half_gap;  // half the distance from each centroid to its nearest other
  std::vector<int> by_gap;   // row a: the other centroids by increasing gap(a, .)
  std::vector<char> dirty;   // clusters whose members changed since the last centroid update
  Eigen::MatrixXd cross;     // k x kBlock products of the first round
  long rounds = 0, reseeded = 0;

  double distance(int i, int j) const { return (x.row(i) - c.row(j)).norm(); }
  void set_lower(int i, int j, double d) { lower(i, j) = d + drift[j]; }
};

// First assignment: squared distances ||x||^2 - 2 x.c + ||c||^2 from matrix products (Lloyd's
// plain version) over blocks of points, first index on ties. The product's rounding is within
// eta = 2 (dim + 3) eps (||x||^2 + max ||c||^2), which the lower bounds give away; the upper
// bound is computed directly.
void assign_all(Lloyd& s) {
  const Eigen::VectorXd c_norms = s.c.rowwise().squaredNorm();
  const double eta =
      2 * (static_cast<double>(s.x.cols()) + 3) * std::numeric_limits<double>::epsilon();
  const double c_norm_max = c_norms.maxCoeff();
  const int n = static_cast<int>(s.x.rows());
  Eigen::VectorXd d(s.k);
  for (int first = 0; first < n; first += kBlock) {
    const int rows = std::min(kBlock, n - first);
    s.cross.leftCols(rows).noalias() = s.c * s.x.middleRows(first, rows).transpose();  // k x rows
    for (int t = 0; t < rows; ++t) {
      const int i = first + t;
      d = s.x_norms[i] - 2 * s.cross.col(t).array() + c_norms.array();
      Eigen::Index best = 0;
      d.minCoeff(&best);
      s.label[i] = static_cast<int>(best);
      ++s.size[best];
      s.upper[i] = s.distance(i, static_cast<int>(best));
      const double slack = eta * (s.x_norms[i] + c_norm_max);
      for (int j = 0; j < s.k; ++j) s.set_lower(i, j, std::sqrt(std::max(0.0, d[j] - slack)));
    }
  }
}

// Could centroid j, at least `bound` away, take point i from its current best a? Ties go to the
// cluster the point had (a0), else to the lowest index, as in the plain round.
inline bool may_win(double bound, double best, int j, int a, int a0) {
  return bound < best || (bound == best && a != a0 && j < a);
}

// Elkan's round: centroid j is skipped for point i when the bounds show it no nearer than the
// current one (lower(i, j), or gap(a0, j) - distance to a0 by the triangle inequality). The other
// centroids are visited by increasing gap from a0, so the scan stops at the first with
// gap / 2 >= distance to a0. The distance to a0 is tightened once, before any exact evaluation.
// Same labels as the plain round up to rounding-level ties.
bool assign_bounded(Lloyd& s) {
  bool changed = false;
  for (int i = 0; i < static_cast<int>(s.label.size()); ++i) {
    const int a0 = s.label[i];
    if (s.upper[i] <= s.half_gap[a0]) continue;
    int a = a0;
    double to_a0 = s.upper[i], best = to_a0;
    bool stale = true;
    for (const int *j = s.by_gap.data() + a0 * (s.k - 1), *end = j + (s.k - 1); j != end; ++j) {
      const double half = s.gap(a0, *j) / 2;
      if (half >= to_a0) break;
      if (!may_win(s.lower(i, *j) - s.drift[*j], best, *j, a, a0)) continue;
      if (stale) {
        best = to_a0 = s.distance(i, a0);
        s.set_lower(i, a0, to_a0);
        stale = false;
        if (half >= to_a0) break;
        if (!may_win(s.lower(i, *j) - s.drift[*j], best, *j, a, a0)) continue;
      }
      const double d = s.distance(i, *j);
      s.set_lower(i, *j, d);
      if (may_win(d, best, *j, a, a0)) {
        a = *j;
        best = d;
      }
    }
    s.upper[i] = best;
    if (a != a0) {
      changed = true;
      s.move(i, a);
    }
  }
  return changed;
}

// Moves the farthest points of crowded clusters into the empty ones; returns how many moved.
long reseed_empty(Lloyd& s) {
  if (std::find(s.size.begin(), s.size.end(), 0) == s.size.end()) return 0;
  const int n = static_cast<int>(s.label.size());
  std::vector<double> dist(n);
  for (int i = 0; i < n; ++i) dist[i] = (s.x.row(i) - s.c.row(s.label[i])).squaredNorm();
  long moved = 0;
  for (int c = 0; c < s.k; ++c) {
    if (s.size[c] > 0) continue;
    int far = -1;
    for (int i = 0; i < n; ++i)
      if (s.size[s.label[i]] > 1 && (far < 0 || dist[i] > dist[far])) far = i;
    s.move(far, c);
    s.upper[far] = kInf;  // recomputed next round; its lower bounds stay valid
    ++moved;
  }
  return moved;
}

// Centroids of the clusters whose members changed, as the means of their points in index order
// (the others would come out bit for bit the same); returns how far each moved.
Eigen::VectorXd update_centroids(Lloyd& s) {
  Eigen::VectorXd delta = Eigen::VectorXd::Zero(s.k);
  if (std::find(s.dirty.begin(), s.dirty.end(), 1) == s.dirty.end()) return delta;
  const RowMatrix old = s.c;
  for (int j = 0; j < s.k; ++j)
    if (s.dirty[j]) s.c.row(j).setZero();
  for (Eigen::Index i = 0; i < s.x.rows(); ++i)
    if (s.dirty[s.label[i]]) s.c.row(s.label[i]) += s.x.row(i);
  for (int j = 0; j < s.k; ++j) {
    if (!s.dirty[j]) continue;
    s.c.row(j) /= static_cast<double>(s.size[j]);
    delta[j] = (s.c.row(j) - old.row(j)).norm();
    s.dirty[j] = 0;
  }
  return delta;
}

// Bounds after the centroids moved by `delta` (triangle inequality), and the gaps of the pairs
// that moved; each row of by_gap is re-sorted from its previous order (insertion sort: few
// inversions once the clustering settles).
void refresh_bounds(Lloyd& s, const Eigen::VectorXd& delta) {
  s.drift += delta;
  for (std::size_t i = 0; i < s.label.size(); ++i) s.upper[i] += delta[s.label[i]];
  for (int a = 0; a < s.k; ++a) {
    s.gap(a, a) = 0;
    for (int b = a + 1; b < s.k; ++b)
      if (delta[a] > 0 || delta[b] > 0 || s.gap(a, b) == kInf)
        s.gap(a, b) = s.gap(b, a) = (s.c.row(a) - s.c.row(b)).norm();
  }
  for (int a = 0; a < s.k; ++a) {
    int* row = s.by_gap.data() + static_cast<std::size_t>(a) * (s.k - 1);
    const auto before = [&](int p, int q) {
      return s.gap(a, p) < s.gap(a, q) || (s.gap(a, p) == s.gap(a, q) && p < q);
    };
    for (int t = 1; t < s.k - 1; ++t)
      for (int u = t; u > 0 && before(row[u], row[u - 1]); --u) std::swap(row[u], row[u - 1]);
    s.half_gap[a] = s.k > 1 ? s.gap(a, row[0]) / 2 : kInf;
  }
}

// Table 2 step b: k distinct rows by a partial Fisher–Yates draw from the restart's stream.
void seed_centroids(Lloyd& s, std::uint64_t seed, int restart) {
  const int n = static_cast<int>(s.x.rows());
  auto rng = model::make_stream(seed, static_cast<std::uint64_t>(restart), "scs-kmeans");
  std::vector<int> pick(n);
  std::iota(pick.begin(), pick.end(), 0);
  s.c.resize(s.k, s.x.cols());
  for (int c = 0; c < s.k; ++c) {
    const int j =
        c + static_cast<int>(model::uniform_index(rng, static_cast<std::uint64_t>(n - c)));
    std::swap(pick[c], pick[j]);
    s.c.row(c) = s.x.row(pick[c]);
  }
}

void lloyd(Lloyd& s, const KMeansOptions& o, int restart) {
  s.reset();
  seed_centroids(s, o.seed, restart);
  for (int it = 0; it < o.max_iterations; ++it) {
    bool changed = true;
    if (it == 0)
      assign_all(s);
    else
      changed = assign_bounded(s);
    ++s.rounds;
    const long moved = reseed_empty(s);
    s.reseeded += moved;
    if (!changed && moved == 0) break;
    refresh_bounds(s, update_centroids(s));
  }
  update_centroids(s);  // the last round may have re-seeded
}

}  // namespace

KMeansResult kmeans(const Eigen::MatrixXd& points, const KMeansOptions& o) {
  if (o.clusters < 1 || o.clusters > points.rows() || o.restarts < 1 || o.max_iterations < 1)
    throw std::invalid_argument(
        "kmeans: need 1 <= clusters <= N, restarts >= 1, max_iterations >= 1");
  const RowMatrix x = points;  // one point per contiguous row
  const Eigen::VectorXd x_norms = x.rowwise().squaredNorm();
  KMeansResult best;
  best.inertia = kInf;
  Lloyd run(x, x_norms, o.clusters);
  for (int r = 0; r < o.restarts; ++r) {
    lloyd(run, o, r);
    best.rounds += run.rounds;
    best.reseeded += run.reseeded;
    double inertia = 0;
    for (Eigen::Index i = 0; i < x.rows(); ++i)
      inertia += (x.row(i) - run.c.row(run.label[i])).squaredNorm();
    if (inertia < best.inertia) {
      best.label = run.label;
      best.centroids = run.c;
      best.inertia = inertia;
      best.best_restart = r;
    }
  }
  return best;
}

}  // namespace arsim::schedulers::spectral
