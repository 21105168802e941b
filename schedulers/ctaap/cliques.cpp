#include "schedulers/ctaap/cliques.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace arsim::schedulers::ctaap {

namespace {

using Words = std::vector<std::uint64_t>;

int popcount_and(const std::uint64_t* a, const std::uint64_t* b, int words) {
  int c = 0;
  for (int w = 0; w < words; ++w) c += std::popcount(a[w] & b[w]);
  return c;
}

}  // namespace

ConflictGraph::ConflictGraph(int vertices)
    : n_(vertices), words_((vertices + 63) / 64), bits_(static_cast<std::size_t>(n_) * words_, 0) {}

void ConflictGraph::add_edge(int u, int v) {
  if (u == v || u < 0 || v < 0 || u >= n_ || v >= n_)
    throw std::invalid_argument("ConflictGraph: bad edge");
  bits_[static_cast<std::size_t>(u) * words_ + v / 64] |= std::uint64_t{1} << (v % 64);
  bits_[static_cast<std::size_t>(v) * words_ + u / 64] |= std::uint64_t{1} << (u % 64);
}

std::vector<std::vector<int>> ConflictGraph::clique_cover() const {
  Words uncovered = bits_;  // edges still to cover, as adjacency rows
  auto row = [&](const Words& w, int v) { return w.data() + static_cast<std::size_t>(v) * words_; };
  std::vector<std::vector<int>> cliques;
  Words cand(words_);
  for (int u = 0; u < n_; ++u) {
    for (int v = u + 1; v < n_; ++v) {
      if (!((row(uncovered, u)[v / 64] >> (v % 64)) & 1)) continue;
      std::vector<int> clique{u, v};
      for (int w = 0; w < words_; ++w) cand[w] = row(bits_, u)[w] & row(bits_, v)[w];
      for (;;) {  // add the candidate with the most candidate neighbours
        int best = -1, best_degree = -1;
        for (int w = 0; w < words_; ++w)
          for (std::uint64_t b = cand[w]; b; b &= b - 1) {
            const int x = w * 64 + std::countr_zero(b);
            const int d = popcount_and(row(bits_, x), cand.data(), words_);
            if (d > best_degree) best = x, best_degree = d;
          }
        if (best < 0) break;
        clique.push_back(best);
        for (int w = 0; w < words_; ++w) cand[w] &= row(bits_, best)[w];
      }
      for (int a : clique)
        for (int b : clique)
          if (a != b)
            uncovered[static_cast<std::size_t>(a) * words_ + b / 64] &=
                ~(std::uint64_t{1} << (b % 64));
      std::sort(clique.begin(), clique.end());
      cliques.push_back(std::move(clique));
    }
  }
  return cliques;
}

}  // namespace arsim::schedulers::ctaap
