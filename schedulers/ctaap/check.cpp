#include "schedulers/ctaap/check.hpp"

#include <stdexcept>
#include <vector>

#include <fmt/format.h>

namespace arsim::schedulers::ctaap {

namespace {

// Eq. (4) over every ordered pair of distinct allocated tasks.
std::optional<std::string> check_edges(const Instance& inst, const std::vector<int>& where) {
  const int n = inst.tasks();
  for (int i = 0; i < n; ++i) {
    if (where[i] < 0) continue;
    for (int k = 0; k < n; ++k) {
      if (k == i || where[k] < 0) continue;
      const double need = inst.bandwidth(i, k), have = inst.cluster_bandwidth(where[i], where[k]);
      if (need > have)
        return fmt::format(
            "eq. (4): tasks {} and {} need {} between clusters {} and {}, which carry {}", i, k,
            need, where[i], where[k], have);
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> check_matrix(const Instance& inst, const Matrix& x) {
  const int n = inst.tasks(), m = inst.clusters();
  if (x.rows() != n || x.cols() != m)
    return fmt::format("X is {}x{}, expected {}x{}", x.rows(), x.cols(), n, m);
  if (!inst.allowed.empty() && inst.allowed.size() != static_cast<std::size_t>(n) * m)
    return fmt::format("allowed has {} entries, expected {}", inst.allowed.size(), n * m);
  std::vector<int> where(n, -1), load(m, 0);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      if (x(i, j) != 0 && x(i, j) != 1)
        return fmt::format("eq. (5): x({}, {}) = {} is not 0 or 1", i, j, x(i, j));
      if (x(i, j) == 0) continue;
      if (where[i] >= 0)
        return fmt::format("eq. (1): task {} on clusters {} and {}", i, where[i], j);
      where[i] = j;
      ++load[j];
      if (inst.cpu[i] > inst.cluster_cpu[j] || inst.memory[i] > inst.cluster_memory[j])
        return fmt::format(
            "eq. (3): task {} (cpu {}, memory {}) does not fit cluster {} (cpu {}, "
            "memory {})",
            i, inst.cpu[i], inst.memory[i], j, inst.cluster_cpu[j], inst.cluster_memory[j]);
      if (!inst.allowed.empty() && inst.allowed[static_cast<std::size_t>(i) * m + j] == 0)
        return fmt::format("eq. (3): task {} is not allowed on cluster {}", i, j);
    }
  for (int j = 0; j < m; ++j)
    if (load[j] > inst.capacity[j])
      return fmt::format("eq. (2): cluster {} holds {} tasks, capacity {}", j, load[j],
                         inst.capacity[j]);
  return check_edges(inst, where);
}

Matrix to_matrix(const Instance& inst, const Allocation& a) {
  if (static_cast<int>(a.size()) != inst.tasks())
    throw std::invalid_argument(
        fmt::format("allocation has {} entries for {} tasks", a.size(), inst.tasks()));
  Matrix x(inst.tasks(), inst.clusters());
  for (int i = 0; i < inst.tasks(); ++i) {
    if (a[i] == kUnallocated) continue;
    if (a[i] < 0 || a[i] >= inst.clusters())
      throw std::invalid_argument(fmt::format("task {} on unknown cluster {}", i, a[i]));
    x(i, a[i]) = 1;
  }
  return x;
}

std::optional<std::string> check_allocation(const Instance& inst, const Allocation& a) {
  try {
    return check_matrix(inst, to_matrix(inst, a));
  } catch (const std::invalid_argument& e) {
    return std::string(e.what());
  }
}

}  // namespace arsim::schedulers::ctaap
