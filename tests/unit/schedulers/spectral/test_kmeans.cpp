// k-means with Elkan's bounds against a plain Lloyd written straight from kmeans.hpp: the same
// labels, rounds, re-seeds and chosen restart, ties included; and determinism for a seed.
#include <gtest/gtest.h>

#include <limits>
#include <numeric>
#include <random>

#include "model/random.hpp"
#include "schedulers/spectral/kmeans.hpp"

using namespace arsim;
using namespace arsim::schedulers::spectral;

namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Every distance computed, ties to the current cluster, else the lowest index; empty clusters take
// the farthest point of a cluster of two or more; the restart of least inertia wins.
KMeansResult plain_lloyd(const Eigen::MatrixXd& points, const KMeansOptions& o) {
  const RowMatrix x = points;
  const int n = static_cast<int>(x.rows()), k = o.clusters;
  KMeansResult best;
  best.inertia = std::numeric_limits<double>::infinity();
  for (int r = 0; r < o.restarts; ++r) {
    auto rng = model::make_stream(o.seed, static_cast<std::uint64_t>(r), "scs-kmeans");
    std::vector<int> pick(n), label(n, -1);
    std::iota(pick.begin(), pick.end(), 0);
    RowMatrix c(k, x.cols());
    for (int j = 0; j < k; ++j) {
      const auto draw = model::uniform_index(rng, static_cast<std::uint64_t>(n - j));
      std::swap(pick[j], pick[j + static_cast<int>(draw)]);
      c.row(j) = x.row(pick[j]);
    }
    auto update = [&] {
      std::vector<int> size(k, 0);
      c.setZero();
      for (int i = 0; i < n; ++i) {
        c.row(label[i]) += x.row(i);
        ++size[label[i]];
      }
      for (int j = 0; j < k; ++j) c.row(j) /= static_cast<double>(size[j]);
    };
    for (int it = 0; it < o.max_iterations; ++it) {
      bool changed = false;
      std::vector<double> dist(n);
      for (int i = 0; i < n; ++i) {
        int a = 0;
        for (int j = 1; j < k; ++j)
          if ((x.row(i) - c.row(j)).norm() < (x.row(i) - c.row(a)).norm()) a = j;
        const double to_a = (x.row(i) - c.row(a)).norm();
        if (label[i] >= 0 && (x.row(i) - c.row(label[i])).norm() <= to_a) a = label[i];
        changed |= a != label[i];
        label[i] = a;
        dist[i] = (x.row(i) - c.row(a)).squaredNorm();
      }
      ++best.rounds;
      std::vector<int> size(k, 0);
      for (int l : label) ++size[l];
      long moved = 0;
      for (int j = 0; j < k; ++j) {
        if (size[j] > 0) continue;
        int far = -1;
        for (int i = 0; i < n; ++i)
          if (size[label[i]] > 1 && (far < 0 || dist[i] > dist[far])) far = i;
        --size[label[far]];
        label[far] = j;
        size[j] = 1;
        ++moved;
      }
      best.reseeded += moved;
      if (!changed && moved == 0) break;
      update();
    }
    update();
    double inertia = 0;
    for (int i = 0; i < n; ++i) inertia += (x.row(i) - c.row(label[i])).squaredNorm();
    if (inertia < best.inertia) {
      best.label = label;
      best.centroids = c;
      best.inertia = inertia;
      best.best_restart = r;
    }
  }
  return best;
}

void expect_same(const KMeansResult& a, const KMeansResult& b, const std::string& what) {
  EXPECT_EQ(a.label, b.label) << what;
  EXPECT_EQ(a.rounds, b.rounds) << what;
  EXPECT_EQ(a.reseeded, b.reseeded) << what;
  EXPECT_EQ(a.best_restart, b.best_restart) << what;
  EXPECT_NEAR(a.inertia, b.inertia, 1e-12 * std::max(1.0, b.inertia)) << what;
}

}  // namespace

TEST(KMeans, BoundsGiveThePlainLloydResult) {
  std::mt19937_64 rng(11);
  std::normal_distribution<double> noise(0, 1);
  for (int dim : {1, 3, 20}) {
    for (int k : {1, 4, 15}) {
      Eigen::MatrixXd x(400, dim);  // blobs of different spread around k / 2 + 1 centres
      for (Eigen::Index i = 0; i < x.rows(); ++i)
        for (int t = 0; t < dim; ++t)
          x(i, t) = 5.0 * ((i % (k / 2 + 1)) == t % 3) + noise(rng) * (1 + i % 3);
      const KMeansOptions o{k, 4, 100, 5};
      expect_same(kmeans(x, o), plain_lloyd(x, o),
                  "dim " + std::to_string(dim) + " k " + std::to_string(k));
    }
  }
}

// Small integers: every point has exact duplicates and many distances tie exactly.
TEST(KMeans, BoundsKeepTheTieRules) {
  std::mt19937_64 rng(12);
  std::uniform_int_distribution<int> coordinate(0, 3);
  Eigen::MatrixXd x(300, 2);
  for (Eigen::Index i = 0; i < x.rows(); ++i) x.row(i) << coordinate(rng), coordinate(rng);
  for (int k : {2, 7, 16, 25}) {
    const KMeansOptions o{k, 5, 100, 3};
    expect_same(kmeans(x, o), plain_lloyd(x, o), "k " + std::to_string(k));
  }
}

TEST(KMeans, DeterministicForASeed) {
  std::mt19937_64 rng(13);
  std::uniform_real_distribution<double> u(0, 1);
  Eigen::MatrixXd x(500, 10);
  for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = u(rng);
  const KMeansResult a = kmeans(x, {12, 6, 100, 9}), b = kmeans(x, {12, 6, 100, 9});
  EXPECT_EQ(a.label, b.label);
  EXPECT_EQ(a.centroids, b.centroids);
  EXPECT_EQ(a.inertia, b.inertia);
  const KMeansResult c = kmeans(x, {12, 6, 100, 10});
  EXPECT_NE(a.label, c.label);  // another seed, other starts
}
