// Small random CTAAP instances for the property tests: every size, capacity, fit and bandwidth
// pattern the solvers must handle (zero capacities, tasks that fit nowhere, sparse and asymmetric
// request graphs, zero offered bandwidth).
#pragma once

#include <functional>
#include <random>

#include "model/random.hpp"
#include "schedulers/ctaap/check.hpp"
#include "schedulers/ctaap/instance.hpp"

namespace arsim::test {

inline int draw(std::mt19937_64& rng, int lo, int hi) {
  return lo + static_cast<int>(model::uniform_index(rng, static_cast<std::uint64_t>(hi - lo + 1)));
}

inline schedulers::ctaap::Instance random_small_instance(std::mt19937_64& rng, int max_tasks,
                                                         int max_clusters) {
  const int n = draw(rng, 1, max_tasks), m = draw(rng, 1, max_clusters);
  auto inst = schedulers::ctaap::make_instance(n, m);
  const int levels = draw(rng, 2, 10);  // few distinct values give ties and exact equalities
  const double density = draw(rng, 0, 10) / 10.0;
  const bool asymmetric = draw(rng, 0, 4) == 0;
  for (int i = 0; i < n; ++i) {
    inst.cpu[i] = draw(rng, 1, levels);
    inst.memory[i] = draw(rng, 0, 2) == 0 ? draw(rng, 1, levels) : 0;
  }
  for (int i = 0; i < n; ++i)
    for (int k = i + 1; k < n; ++k)
      if (model::uniform01(rng) < density) {
        inst.bandwidth(i, k) = draw(rng, 1, levels);
        inst.bandwidth(k, i) = asymmetric ? draw(rng, 0, levels) : inst.bandwidth(i, k);
      }
  for (int j = 0; j < m; ++j) {
    inst.cluster_cpu[j] = draw(rng, 0, levels + 1);
    inst.cluster_memory[j] = draw(rng, 0, levels + 1);
    inst.capacity[j] = draw(rng, 0, 4);
  }
  for (int j = 0; j < m; ++j)
    for (int l = j; l < m; ++l) {
      inst.cluster_bandwidth(j, l) = draw(rng, 0, levels + 1);
      inst.cluster_bandwidth(l, j) =
          asymmetric ? draw(rng, 0, levels + 1) : inst.cluster_bandwidth(j, l);
    }
  return inst;
}

// The optimum by enumerating every allocation ((m+1)^n of them; keep n and m tiny).
inline int brute_force_optimum(const schedulers::ctaap::Instance& inst) {
  const int n = inst.tasks(), m = inst.clusters();
  schedulers::ctaap::Allocation a(n, schedulers::ctaap::kUnallocated);
  int best = 0;
  std::function<void(int, int)> rec = [&](int i, int size) {
    if (size + (n - i) <= best) return;
    if (i == n) {
      if (!schedulers::ctaap::check_allocation(inst, a)) best = size;
      return;
    }
    for (int j = 0; j < m; ++j) {
      a[i] = j;
      if (!schedulers::ctaap::check_allocation(inst, a)) rec(i + 1, size + 1);
    }
    a[i] = schedulers::ctaap::kUnallocated;
    rec(i + 1, size);
  };
  rec(0, 0);
  return best;
}

}  // namespace arsim::test
