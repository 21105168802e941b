// The clustered topology-aware co-allocation problem, CTAAP (Kravtsov, Swain, Dubin, Schuster,
// Wolfson; §3.2): a labelled request graph G_R of n tasks is mapped onto an offer graph of m
// clusters of identical machines.
//
//   request: c_i (minimal CPU), m_i (minimal memory) per task, b_ik (bandwidth between tasks i,
//            k; 0 = no edge; b_ii = 0);
//   offer:   ĉ_j, m̂_j (the identical machines of cluster j), cap_j (free machines), b̂_jl (what the
//            network carries between clusters j and l, self-loops b̂_jj inside a cluster).
//
// An allocation puts each task on at most one cluster (eq. 1), at most cap_j tasks on cluster j
// (eq. 2), only where the machine is large enough (eq. 3), and every pair of allocated tasks only
// where the clusters' link carries their bandwidth: x_ij b_ik x_kl <= b̂_jl (eq. 4); x is 0-1
// (eq. 5). The objective is the allocation size Σ x_ij (system utilisation, §3.2).
#pragma once

#include <vector>

namespace arsim::schedulers::ctaap {

// A dense row-major matrix of doubles.
class Matrix {
 public:
  Matrix() = default;
  Matrix(int rows, int cols, double value = 0)
      : rows_(rows), cols_(cols), data_(static_cast<std::size_t>(rows) * cols, value) {}

  double& operator()(int r, int c) { return data_[static_cast<std::size_t>(r) * cols_ + c]; }
  double operator()(int r, int c) const { return data_[static_cast<std::size_t>(r) * cols_ + c]; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  const double* row(int r) const { return data_.data() + static_cast<std::size_t>(r) * cols_; }

 private:
  int rows_ = 0;
  int cols_ = 0;
  std::vector<double> data_;
};

struct Instance {
  // Request graph (n tasks).
  std::vector<double> cpu;     // c_i
  std::vector<double> memory;  // m_i
  Matrix bandwidth;            // B, n × n
  // Offer graph (m clusters).
  std::vector<double> cluster_cpu;     // ĉ_j
  std::vector<double> cluster_memory;  // m̂_j
  std::vector<int> capacity;           // cap_j
  Matrix cluster_bandwidth;            // B̂, m × m, diagonal = inside the cluster
  // Not in the paper: empty (every task may take every cluster), or n × m row-major with 0 where
  // task i may not take cluster j, read as part of eq. (3). The simulator's instance bars a task
  // from the clusters too narrow for its pairs with components pinned elsewhere (site_problem.hpp).
  std::vector<char> allowed;

  int tasks() const { return static_cast<int>(cpu.size()); }
  int clusters() const { return static_cast<int>(cluster_cpu.size()); }
};

// Per task the cluster it is allocated to, or kUnallocated.
using Allocation = std::vector<int>;
inline constexpr int kUnallocated = -1;

// Throws std::invalid_argument naming the first inconsistent field (sizes, negative or non-finite
// values, b_ii != 0, `allowed` neither empty nor n × m).
void validate(const Instance& inst);

// An empty instance of n tasks and m clusters (all values 0), for building by hand.
Instance make_instance(int tasks, int clusters);

// Eq. (3): task i's machine requirements fit cluster j's machines, and `allowed` lets it go there.
bool fits(const Instance& inst, int i, int j);

// Eq. (4) for the pair (task i on cluster j, task k on cluster l), i != k, read in both
// directions (B and B̂ need not be symmetric): true when b_ik > b̂_jl or b_ki > b̂_lj.
bool conflicts(const Instance& inst, int i, int j, int k, int l);

// Number of allocated tasks (the objective Σ x_ij).
int allocation_size(const Allocation& a);

}  // namespace arsim::schedulers::ctaap
