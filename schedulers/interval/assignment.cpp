#include "schedulers/interval/assignment.hpp"

#include <limits>
#include <stdexcept>

namespace arsim::schedulers::interval {

std::vector<int> min_cost_assignment(const std::vector<std::vector<double>>& cost) {
  const int n = static_cast<int>(cost.size());
  for (const auto& row : cost)
    if (static_cast<int>(row.size()) != n)
      throw std::invalid_argument("min_cost_assignment: not square");
  const double inf = std::numeric_limits<double>::infinity();
  // Shortest augmenting paths with row potentials u and column potentials v (1-based, column 0 is
  // the virtual start); way[] records the alternating path to flip.
  std::vector<double> u(n + 1, 0), v(n + 1, 0);
  std::vector<int> match(n + 1, 0), way(n + 1, 0);
  for (int row = 1; row <= n; ++row) {
    match[0] = row;
    int col0 = 0;
    std::vector<double> slack(n + 1, inf);
    std::vector<char> used(n + 1, 0);
    do {
      used[col0] = 1;
      const int r = match[col0];
      double delta = inf;
      int col1 = 0;
      for (int c = 1; c <= n; ++c) {
        if (used[c]) continue;
        const double reduced = cost[r - 1][c - 1] - u[r] - v[c];
        if (reduced < slack[c]) {
          slack[c] = reduced;
          way[c] = col0;
        }
        if (slack[c] < delta) {
          delta = slack[c];
          col1 = c;
        }
      }
      for (int c = 0; c <= n; ++c) {
        if (used[c]) {
          u[match[c]] += delta;
          v[c] -= delta;
        } else {
          slack[c] -= delta;
        }
      }
      col0 = col1;
    } while (match[col0] != 0);
    do {
      const int col1 = way[col0];
      match[col0] = match[col1];
      col0 = col1;
    } while (col0 != 0);
  }
  std::vector<int> col_of(n, -1);
  for (int c = 1; c <= n; ++c) col_of[match[c] - 1] = c - 1;
  return col_of;
}

}  // namespace arsim::schedulers::interval
