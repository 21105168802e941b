// A greedy edge clique cover of a conflict graph, for the "clique" linearisation of eq. (4)
// (ip.hpp). Vertices are the variables x_ij, edges join two variables that cannot both be 1
// (same task, eq. 1, or a pair violating eq. 4). For every edge not yet covered, a maximal clique
// through it is grown greedily (candidates adjacent to all members, the one with the most
// candidate neighbours first, ties to the lowest index); its edges are then covered. Each clique
// K gives the valid inequality Σ_{v∈K} x_v <= 1, which implies the pairwise rows of its edges and
// has a tighter LP relaxation (the standard clique formulation of independent set).
//
// Complexity: O(|E| · |V|² / 64) in the worst case with 64-bit words; bitsets keep it fast for
// the n·m <= a few thousand variables of the paper's sizes.
#pragma once

#include <cstdint>
#include <vector>

namespace arsim::schedulers::ctaap {

class ConflictGraph {
 public:
  explicit ConflictGraph(int vertices);
  void add_edge(int u, int v);
  int vertices() const { return n_; }
  // Cliques (vertex lists, ascending, size >= 2) covering every edge.
  std::vector<std::vector<int>> clique_cover() const;

 private:
  int n_;
  int words_;
  std::vector<std::uint64_t> bits_;  // n_ rows of words_ words
};

}  // namespace arsim::schedulers::ctaap
