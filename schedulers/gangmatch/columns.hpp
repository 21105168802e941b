// Sorted columns with deletion, the building block of the gang index (index.hpp): entries (key,
// candidate) sorted by key; a candidate deleted from the pool is deleted from every column, and
// ranges then count and list only what is left: counts by a Fenwick tree, listing by
// path-compressed "next alive" links, so that a consumed pool is not scanned again and again.
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

namespace arsim::schedulers::gangmatch {

class Fenwick {
 public:
  void reset(int n, int value) {
    t_.assign(n + 1, 0);
    for (int i = 1; i <= n; ++i) {
      t_[i] += value;
      if (const int j = i + (i & -i); j <= n) t_[j] += t_[i];
    }
  }
  void add(int i, int d) {
    for (++i; i < static_cast<int>(t_.size()); i += i & -i) t_[i] += d;
  }
  int prefix(int n) const {  // sum of [0, n)
    int s = 0;
    for (; n > 0; n -= n & -n) s += t_[n];
    return s;
  }

 private:
  std::vector<int> t_;
};

// Key must be totally ordered by operator<.
template <class Key>
class Column {
 public:
  // `entries` in any order; `candidates` bounds the candidate ids.
  void build(std::vector<std::pair<Key, int>> entries, int candidates) {
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
      return a.first < b.first || (!(b.first < a.first) && a.second < b.second);
    });
    keys_.clear();
    ids_.clear();
    for (auto& [k, id] : entries) {
      keys_.push_back(std::move(k));
      ids_.push_back(id);
    }
    const int n = static_cast<int>(ids_.size());
    alive_.reset(n, 1);
    next_.resize(n + 1);
    for (int i = 0; i <= n; ++i) next_[i] = i;
    pos_.assign(candidates, -1);
    for (int i = 0; i < n; ++i) pos_[ids_[i]] = i;
  }

  int size() const { return static_cast<int>(ids_.size()); }
  const Key& key(int pos) const { return keys_[pos]; }
  int id(int pos) const { return ids_[pos]; }

  // First position whose key is not `before` the probe: keys satisfying `before(key)` must form
  // a prefix of the column.
  template <class Pred>
  int partition(Pred before) const {
    return static_cast<int>(std::partition_point(keys_.begin(), keys_.end(), before) -
                            keys_.begin());
  }

  int alive(int b, int e) const { return b >= e ? 0 : alive_.prefix(e) - alive_.prefix(b); }

  template <class F>
  void each(int b, int e, F&& f) {
    for (int i = find(b); i < e; i = find(i + 1)) f(ids_[i]);
  }

  void kill(int id) {
    if (id < 0 || id >= static_cast<int>(pos_.size())) return;
    const int p = pos_[id];
    if (p < 0) return;
    pos_[id] = -1;
    alive_.add(p, -1);
    next_[p] = p + 1;
  }

 private:
  int find(int i) {  // the first alive position >= i (size() when none)
    int r = i;
    while (next_[r] != r) r = next_[r];
    while (next_[i] != r) {
      const int n = next_[i];
      next_[i] = r;
      i = n;
    }
    return r;
  }

  std::vector<Key> keys_;
  std::vector<int> ids_;
  Fenwick alive_;
  std::vector<int> next_;
  std::vector<int> pos_;
};

}  // namespace arsim::schedulers::gangmatch
