#include "schedulers/ctaap/solver.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/ctaap/check.hpp"
#include "schedulers/ctaap/matching.hpp"

namespace arsim::schedulers::ctaap {

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The allocation Algorithm 3 removes: most violations, then smallest weight, then lowest task.
int worst_task(const Allocation& a, const std::vector<int>& cost, const Matrix& weights) {
  int worst = -1;
  for (int i = 0; i < static_cast<int>(a.size()); ++i) {
    if (cost[i] == 0) continue;
    if (worst < 0 || cost[i] > cost[worst] ||
        (cost[i] == cost[worst] && weights(i, a[i]) < weights(worst, a[worst])))
      worst = i;
  }
  return worst;
}

}  // namespace

std::vector<int> violation_counts(const Instance& inst, const Allocation& a) {
  const int n = inst.tasks();
  std::vector<int> cost(n, 0);
  std::vector<int> allocated;
  for (int i = 0; i < n; ++i)
    if (a[i] != kUnallocated) allocated.push_back(i);
  for (std::size_t p = 0; p < allocated.size(); ++p)
    for (std::size_t q = p + 1; q < allocated.size(); ++q) {
      const int i = allocated[p], k = allocated[q], j = a[i], l = a[k];
      const int v = (inst.bandwidth(i, k) > inst.cluster_bandwidth(j, l)) +
                    (inst.bandwidth(k, i) > inst.cluster_bandwidth(l, j));
      cost[i] += v;
      cost[k] += v;
    }
  return cost;
}

SolverResult match_and_clean(const Instance& inst, const Matrix& weights, double size_bonus) {
  const int n = inst.tasks(), m = inst.clusters();
  SolverResult r;
  r.weights = weights;
  std::vector<char> forbidden(static_cast<std::size_t>(n) * m, 0);
  for (;;) {
    auto start = std::chrono::steady_clock::now();
    r.allocation = max_weight_matching(inst, weights, forbidden, size_bonus);
    r.matching_seconds += seconds_since(start);
    if (++r.rounds == 1) r.initial_size = allocation_size(r.allocation);
    start = std::chrono::steady_clock::now();
    const std::vector<int> cost = violation_counts(inst, r.allocation);
    const int worst = worst_task(r.allocation, cost, weights);
    r.cleanup_seconds += seconds_since(start);
    if (worst < 0) break;
    forbidden[static_cast<std::size_t>(worst) * m + r.allocation[worst]] = 1;
    ++r.removed;
  }
  if (auto err = check_allocation(inst, r.allocation))
    throw std::logic_error("ctaap-solver returned an infeasible allocation: " + *err);
  return r;
}

int fill_allocation(const Instance& inst, const Matrix& weights, Allocation& a) {
  const int n = inst.tasks(), m = inst.clusters();
  std::vector<int> load(m, 0), order;
  for (int i = 0; i < n; ++i)
    if (a[i] == kUnallocated)
      order.push_back(i);
    else
      ++load[a[i]];
  auto top = [&](int i) { return *std::max_element(weights.row(i), weights.row(i) + m); };
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return top(x) > top(y); });
  int added = 0;
  for (int i : order) {
    int best = -1;
    for (int j = 0; j < m; ++j) {
      if (load[j] >= inst.capacity[j] || !fits(inst, i, j)) continue;
      if (best >= 0 && weights(i, j) <= weights(i, best)) continue;
      bool ok = true;
      for (int k = 0; k < n && ok; ++k)
        ok = k == i || a[k] == kUnallocated || !conflicts(inst, i, j, k, a[k]);
      if (ok) best = j;
    }
    if (best < 0) continue;
    a[i] = best;
    ++load[best];
    ++added;
  }
  return added;
}

SolverResult solve(const Instance& inst, const SolverOptions& options) {
  validate(inst);
  validate(options.graduated);
  const auto start = std::chrono::steady_clock::now();
  GraduatedStats gstats;
  Matrix weights = graduated_assignment(inst, options.graduated, &gstats);
  const double step1 = seconds_since(start);
  SolverResult r = match_and_clean(inst, weights, options.size_bonus);
  if (options.fill) {
    r.filled = fill_allocation(inst, weights, r.allocation);
    if (auto err = check_allocation(inst, r.allocation))
      throw std::logic_error("ctaap-solver: the fill step made the allocation infeasible: " + *err);
  }
  r.graduated = gstats;
  r.step1_seconds = step1;
  return r;
}

}  // namespace arsim::schedulers::ctaap
