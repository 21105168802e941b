#include "schedulers/ctaap/exact.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "schedulers/ctaap/check.hpp"

namespace arsim::schedulers::ctaap {

namespace {

class Bits {
 public:
  Bits() = default;
  explicit Bits(int size) : words_((size + 63) / 64, 0) {}
  void set(int i) { words_[i >> 6] |= std::uint64_t{1} << (i & 63); }
  void reset(int i) { words_[i >> 6] &= ~(std::uint64_t{1} << (i & 63)); }
  void clear() { std::fill(words_.begin(), words_.end(), 0); }
  bool test(int i) const { return (words_[i >> 6] >> (i & 63)) & 1; }
  bool any() const {
    return std::any_of(words_.begin(), words_.end(), [](std::uint64_t w) { return w != 0; });
  }
  int count() const {
    int c = 0;
    for (auto w : words_) c += std::popcount(w);
    return c;
  }
  int first() const {
    for (std::size_t k = 0; k < words_.size(); ++k)
      if (words_[k]) return static_cast<int>(k * 64) + std::countr_zero(words_[k]);
    return -1;
  }
  Bits& operator&=(const Bits& o) {
    for (std::size_t k = 0; k < words_.size(); ++k) words_[k] &= o.words_[k];
    return *this;
  }
  Bits& operator|=(const Bits& o) {
    for (std::size_t k = 0; k < words_.size(); ++k) words_[k] |= o.words_[k];
    return *this;
  }
  void subtract(const Bits& o) {
    for (std::size_t k = 0; k < words_.size(); ++k) words_[k] &= ~o.words_[k];
  }

 private:
  std::vector<std::uint64_t> words_;
};

// Free clusters (see exact.hpp), largest capacity first so the greedy choice keeps the most room.
std::vector<int> free_clusters(const Instance& inst) {
  const int n = inst.tasks(), m = inst.clusters();
  auto free_pair = [&](int j, int l) {
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < n; ++k)
        if (i != k && conflicts(inst, i, j, k, l)) return false;
    return true;
  };
  std::vector<int> order(m);
  for (int j = 0; j < m; ++j) order[j] = j;
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return inst.capacity[a] > inst.capacity[b]; });
  std::vector<int> chosen;
  for (int j : order) {
    if (inst.capacity[j] == 0 || !free_pair(j, j)) continue;
    if (std::all_of(chosen.begin(), chosen.end(), [&](int u) { return free_pair(j, u); }))
      chosen.push_back(j);
  }
  return chosen;
}

class Search {
 public:
  Search(const Instance& inst, const ExactOptions& o) : inst_(inst), options_(o) { build(); }

  ExactResult run() {
    start_ = std::chrono::steady_clock::now();
    if (!options_.start.empty()) {
      if (auto err = check_allocation(inst_, options_.start))
        throw std::invalid_argument("ctaap-bb: the start allocation fails the check: " + *err);
      best_ = allocation_size(options_.start);
    }
    Node root{Bits(vertices()), free_fit_, std::vector<int>(inst_.clusters(), 0), 0};
    for (int v = 0; v < vertices(); ++v) root.cand.set(v);
    dfs(root);
    ExactResult r;
    r.allocation = improved_ ? allocation_of(best_chosen_) : options_.start;
    r.optimal = !stopped_;
    r.bound = stopped_ ? std::max(best_, open_bound_) : best_;
    r.nodes = nodes_;
    r.free_clusters = static_cast<int>(free_.size());
    r.seconds = elapsed();
    if (auto err = check_allocation(inst_, r.allocation))
      throw std::logic_error("ctaap-bb: allocation fails the check: " + *err);
    if (allocation_size(r.allocation) != best_)
      throw std::logic_error("ctaap-bb: rebuilt allocation differs in size from the search's");
    return r;
  }

 private:
  struct Node {
    Bits cand;                    // C vertices compatible with every chosen one, room left
    std::vector<Bits> free_cand;  // per free cluster: tasks that may still go there
    std::vector<int> used;        // vertices taken per cluster
    int size;
  };

  int vertices() const { return static_cast<int>(task_.size()); }
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  void build() {
    const int n = inst_.tasks(), m = inst_.clusters();
    free_ = free_clusters(inst_);
    std::vector<bool> is_free(m, false);
    for (int u : free_) is_free[u] = true;
    for (int j = 0; j < m; ++j)
      for (int i = 0; i < n && !is_free[j] && inst_.capacity[j] > 0; ++i)
        if (fits(inst_, i, j)) task_.push_back(i), cluster_.push_back(j);
    const int v_count = vertices();
    column_.assign(m, Bits(v_count));
    adj_.assign(v_count, Bits(v_count));
    for (int v = 0; v < v_count; ++v) {
      column_[cluster_[v]].set(v);
      for (int w = 0; w < v_count; ++w)
        if (task_[v] != task_[w] && !conflicts(inst_, task_[v], cluster_[v], task_[w], cluster_[w]))
          adj_[v].set(w);
    }
    for (int u : free_) {
      Bits fit(n);
      for (int i = 0; i < n; ++i)
        if (fits(inst_, i, u)) fit.set(i);
      free_fit_.push_back(fit);
    }
    keep_.assign(v_count, {});
    std::vector<int> kept(v_count, 0);
    for (int v = 0; v < v_count; ++v)
      for (std::size_t f = 0; f < free_.size(); ++f) {
        Bits keep(n);
        for (int i = 0; i < n; ++i)
          if (i != task_[v] && !conflicts(inst_, task_[v], cluster_[v], i, free_[f])) keep.set(i);
        keep &= free_fit_[f];
        kept[v] += keep.count();
        keep_[v].push_back(std::move(keep));
      }
    // Branch first on the vertices that leave the free clusters the fewest tasks: their subtrees
    // are cut soonest, and once they are excluded the rest of the search runs without them.
    order_.resize(v_count);
    for (int v = 0; v < v_count; ++v) order_[v] = v;
    std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) { return kept[a] < kept[b]; });
  }

  // The size of a maximum b-matching of the candidate tasks into the free clusters. By max-flow
  // min-cut it is min over W ⊆ U of (Σ_{u∈W} cap_u + #tasks with a candidate cluster outside W).
  int matching_size(const std::vector<Bits>& free_cand) const {
    const int f = static_cast<int>(free_.size());
    if (f == 0) return 0;
    int best = inst_.tasks() + 1;
    Bits outside(inst_.tasks());
    for (unsigned w = 0; w < (1u << f); ++w) {
      int value = 0;
      outside.clear();
      for (int k = 0; k < f; ++k) {
        if (w >> k & 1)
          value += inst_.capacity[free_[k]];
        else
          outside |= free_cand[k];
      }
      best = std::min(best, value + outside.count());
    }
    return best;
  }

  // Σ over clusters of min(room left, colours of a greedy colouring of the cluster's candidates
  // into classes of mutually conflicting vertices).
  int colour_bound(const Bits& cand, const std::vector<int>& used) const {
    int total = 0;
    for (int j = 0; j < inst_.clusters(); ++j) {
      const int room = inst_.capacity[j] - used[j];
      if (room <= 0) continue;
      Bits left = cand;
      left &= column_[j];
      int colours = 0;
      while (colours < room && left.any()) {
        ++colours;
        Bits in_class = left;
        for (int v = in_class.first(); v >= 0; v = in_class.first()) {
          left.reset(v);
          in_class.reset(v);
          in_class.subtract(adj_[v]);
        }
      }
      total += colours;
    }
    return total;
  }

  Node include(const Node& node, int v) const {
    Node child{node.cand, {}, node.used, node.size + 1};
    child.cand &= adj_[v];
    if (++child.used[cluster_[v]] >= inst_.capacity[cluster_[v]])
      child.cand.subtract(column_[cluster_[v]]);
    for (std::size_t f = 0; f < free_.size(); ++f) {
      child.free_cand.push_back(node.free_cand[f]);
      child.free_cand.back() &= keep_[v][f];
    }
    return child;
  }

  void dfs(Node& node) {
    if ((++nodes_ & 1023) == 0 && options_.time_limit > 0 && elapsed() > options_.time_limit)
      stopped_ = true;
    const int flow = matching_size(node.free_cand);
    if (node.size + flow > best_)
      best_ = node.size + flow, best_chosen_ = chosen_, improved_ = true;
    for (int v : order_) {
      if (!node.cand.test(v)) continue;
      const int bound = node.size + flow + colour_bound(node.cand, node.used);
      if (stopped_) open_bound_ = std::max(open_bound_, bound);
      if (stopped_ || bound <= best_) return;
      Node child = include(node, v);
      chosen_.push_back(v);
      dfs(child);
      chosen_.pop_back();
      node.cand.reset(v);
    }
  }

  // The chosen vertices plus a maximum b-matching of the remaining tasks into the free clusters
  // (augmenting paths).
  Allocation allocation_of(const std::vector<int>& chosen) const {
    const int n = inst_.tasks();
    Allocation a(n, kUnallocated);
    std::vector<Bits> cand = free_fit_;
    for (int v : chosen) {
      a[task_[v]] = cluster_[v];
      for (std::size_t f = 0; f < free_.size(); ++f) cand[f] &= keep_[v][f];
    }
    std::vector<std::vector<int>> members(free_.size());
    for (int i = 0; i < n; ++i) {
      if (a[i] != kUnallocated) continue;
      std::vector<bool> seen(free_.size(), false);
      augment(i, cand, members, seen, a);
    }
    return a;
  }

  bool augment(int i, const std::vector<Bits>& cand, std::vector<std::vector<int>>& members,
               std::vector<bool>& seen, Allocation& a) const {
    for (std::size_t f = 0; f < free_.size(); ++f) {
      if (seen[f] || !cand[f].test(i)) continue;
      seen[f] = true;
      auto& in = members[f];
      if (static_cast<int>(in.size()) < inst_.capacity[free_[f]]) {
        in.push_back(i), a[i] = free_[f];
        return true;
      }
      for (int& k : in)
        if (augment(k, cand, members, seen, a)) {
          k = i, a[i] = free_[f];
          return true;
        }
    }
    return false;
  }

  const Instance& inst_;
  ExactOptions options_;
  std::vector<int> free_;                // U, cluster ids
  std::vector<Bits> free_fit_;           // per free cluster: tasks that fit it
  std::vector<int> task_, cluster_;      // the C vertices
  std::vector<Bits> column_;             // per cluster: its C vertices
  std::vector<Bits> adj_;                // compatibility between C vertices
  std::vector<std::vector<Bits>> keep_;  // [v][f]: tasks that may go to free cluster f beside v
  std::vector<int> order_;               // branching order of the C vertices
  std::vector<int> chosen_, best_chosen_;
  int best_ = -1;
  int open_bound_ = 0;  // the largest bound of a node left open when the time limit stopped us
  long nodes_ = 0;
  bool stopped_ = false;
  bool improved_ = false;  // best_chosen_ holds the best allocation (else options_.start does)
  std::chrono::steady_clock::time_point start_;
};

}  // namespace

ExactResult solve_exact(const Instance& inst, const ExactOptions& options) {
  validate(inst);
  return Search(inst, options).run();
}

}  // namespace arsim::schedulers::ctaap
