#include "schedulers/ctaap/instance.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace arsim::schedulers::ctaap {

namespace {

void check_values(const std::vector<double>& v, const char* name) {
  for (std::size_t i = 0; i < v.size(); ++i)
    if (!std::isfinite(v[i]) || v[i] < 0)
      throw std::invalid_argument(
          fmt::format("ctaap: {}[{}] = {} is not finite and >= 0", name, i, v[i]));
}

void check_matrix(const Matrix& mat, int size, const char* name) {
  if (mat.rows() != size || mat.cols() != size)
    throw std::invalid_argument(fmt::format("ctaap: {} is {}x{}, expected {}x{}", name, mat.rows(),
                                            mat.cols(), size, size));
  for (int r = 0; r < size; ++r)
    for (int c = 0; c < size; ++c)
      if (!std::isfinite(mat(r, c)) || mat(r, c) < 0)
        throw std::invalid_argument(
            fmt::format("ctaap: {}({}, {}) = {} is not finite and >= 0", name, r, c, mat(r, c)));
}

}  // namespace

void validate(const Instance& inst) {
  const int n = inst.tasks(), m = inst.clusters();
  if (static_cast<int>(inst.memory.size()) != n)
    throw std::invalid_argument("ctaap: memory has not one entry per task");
  if (static_cast<int>(inst.cluster_memory.size()) != m ||
      static_cast<int>(inst.capacity.size()) != m)
    throw std::invalid_argument("ctaap: cluster_memory or capacity has not one entry per cluster");
  check_values(inst.cpu, "cpu");
  check_values(inst.memory, "memory");
  check_values(inst.cluster_cpu, "cluster_cpu");
  check_values(inst.cluster_memory, "cluster_memory");
  for (int j = 0; j < m; ++j)
    if (inst.capacity[j] < 0)
      throw std::invalid_argument(fmt::format("ctaap: capacity[{}] = {} < 0", j, inst.capacity[j]));
  check_matrix(inst.bandwidth, n, "bandwidth");
  check_matrix(inst.cluster_bandwidth, m, "cluster_bandwidth");
  for (int i = 0; i < n; ++i)
    if (inst.bandwidth(i, i) != 0)
      throw std::invalid_argument(fmt::format("ctaap: bandwidth({0}, {0}) must be 0", i));
  if (!inst.allowed.empty() && inst.allowed.size() != static_cast<std::size_t>(n) * m)
    throw std::invalid_argument(fmt::format("ctaap: allowed has {} entries, expected 0 or {}",
                                            inst.allowed.size(), static_cast<std::size_t>(n) * m));
}

Instance make_instance(int tasks, int clusters) {
  if (tasks < 0 || clusters < 0) throw std::invalid_argument("ctaap: negative instance size");
  Instance inst;
  inst.cpu.assign(tasks, 0);
  inst.memory.assign(tasks, 0);
  inst.bandwidth = Matrix(tasks, tasks);
  inst.cluster_cpu.assign(clusters, 0);
  inst.cluster_memory.assign(clusters, 0);
  inst.capacity.assign(clusters, 0);
  inst.cluster_bandwidth = Matrix(clusters, clusters);
  return inst;
}

bool fits(const Instance& inst, int i, int j) {
  return inst.cpu[i] <= inst.cluster_cpu[j] && inst.memory[i] <= inst.cluster_memory[j] &&
         (inst.allowed.empty() ||
          inst.allowed[static_cast<std::size_t>(i) * inst.clusters() + j] != 0);
}

bool conflicts(const Instance& inst, int i, int j, int k, int l) {
  return inst.bandwidth(i, k) > inst.cluster_bandwidth(j, l) ||
         inst.bandwidth(k, i) > inst.cluster_bandwidth(l, j);
}

int allocation_size(const Allocation& a) {
  return static_cast<int>(
      std::count_if(a.begin(), a.end(), [](int j) { return j != kUnallocated; }));
}

}  // namespace arsim::schedulers::ctaap
