#include "schedulers/ctaap/matching.hpp"

#include <limits>
#include <stdexcept>

namespace arsim::schedulers::ctaap {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kTol = 1e-12;

// The b-matching under construction and the contracted residual graph of matching.hpp.
class ClusterSsp {
 public:
  ClusterSsp(const Instance& inst, const Matrix& w, const std::vector<char>& edge)
      : inst_(inst),
        w_(w),
        edge_(edge),
        n_(inst.tasks()),
        m_(inst.clusters()),
        assign_(n_, kUnallocated),
        load_(m_, 0) {}

  // One shortest augmenting path; false when none has cost <= 0.
  bool augment() {
    std::vector<double> dist(m_, kInf), move(static_cast<std::size_t>(m_) * m_, kInf);
    std::vector<int> via(m_, -1), mover(static_cast<std::size_t>(m_) * m_, -1), pred(m_, -1);
    for (int i = 0; i < n_; ++i) {  // entering tasks and moves, cheapest first, ties to lower i
      const int from = assign_[i];
      for (int j = 0; j < m_; ++j) {
        if (j == from || !has_edge(i, j)) continue;
        if (from == kUnallocated) {
          if (-w_(i, j) < dist[j] - kTol) dist[j] = -w_(i, j), via[j] = i;
        } else {
          const std::size_t e = static_cast<std::size_t>(from) * m_ + j;
          const double c = w_(i, from) - w_(i, j);
          if (c < move[e] - kTol) move[e] = c, mover[e] = i;
        }
      }
    }
    for (int round = 1; round < m_; ++round) {  // Bellman-Ford over the m clusters
      bool changed = false;
      for (int l = 0; l < m_; ++l) {
        if (dist[l] == kInf) continue;
        for (int j = 0; j < m_; ++j) {
          const std::size_t e = static_cast<std::size_t>(l) * m_ + j;
          if (mover[e] >= 0 && dist[l] + move[e] < dist[j] - kTol)
            dist[j] = dist[l] + move[e], pred[j] = l, changed = true;
        }
      }
      if (!changed) break;
    }
    int target = -1;
    for (int j = 0; j < m_; ++j)
      if (load_[j] < inst_.capacity[j] && dist[j] < kInf &&
          (target < 0 || dist[j] < dist[target] - kTol))
        target = j;
    if (target < 0 || dist[target] > kTol) return false;
    apply_path(target, pred, via, mover);
    return true;
  }

  const Allocation& allocation() const { return assign_; }

 private:
  bool has_edge(int i, int j) const { return edge_[static_cast<std::size_t>(i) * m_ + j] != 0; }

  // Walks the path back from the cluster with the free slot: each step moves a matched task one
  // cluster on, the first step brings an unmatched task in.
  void apply_path(int target, const std::vector<int>& pred, const std::vector<int>& via,
                  const std::vector<int>& mover) {
    ++load_[target];
    int j = target;
    for (int steps = 0; pred[j] >= 0; ++steps) {
      if (steps > m_) throw std::logic_error("ctaap matching: cyclic augmenting path");
      const int l = pred[j], k = mover[static_cast<std::size_t>(l) * m_ + j];
      assign_[k] = j;
      j = l;
    }
    assign_[via[j]] = j;
  }

  const Instance& inst_;
  const Matrix& w_;
  const std::vector<char>& edge_;
  int n_, m_;
  Allocation assign_;
  std::vector<int> load_;
};

}  // namespace

Allocation max_weight_matching(const Instance& inst, const Matrix& weights,
                               const std::vector<char>& forbidden, double size_bonus,
                               MatchingStats* stats) {
  const int n = inst.tasks(), m = inst.clusters();
  if (weights.rows() != n || weights.cols() != m)
    throw std::invalid_argument("ctaap matching: weights are not n x m");
  if (!forbidden.empty() && forbidden.size() != static_cast<std::size_t>(n) * m)
    throw std::invalid_argument("ctaap matching: forbidden mask is not n x m");
  if (!(size_bonus >= 0)) throw std::invalid_argument("ctaap matching: size_bonus < 0");
  Matrix w(n, m);
  std::vector<char> edge(static_cast<std::size_t>(n) * m, 0);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      const std::size_t e = static_cast<std::size_t>(i) * m + j;
      w(i, j) = weights(i, j) + size_bonus;
      edge[e] = fits(inst, i, j) && inst.capacity[j] > 0 && w(i, j) >= 0 &&
                (forbidden.empty() || !forbidden[e]);
    }
  ClusterSsp ssp(inst, w, edge);
  int augmentations = 0;
  while (ssp.augment()) ++augmentations;
  if (stats) stats->augmentations = augmentations;
  return ssp.allocation();
}

}  // namespace arsim::schedulers::ctaap
