#include "schedulers/spectral/sigma.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "schedulers/interval/overlaps.hpp"

namespace arsim::schedulers::spectral {

SigmaGraph::SigmaGraph(const std::vector<IntervalTask>& tasks)
    : n_(static_cast<int>(tasks.size())) {
  const auto pairs = interval::overlapping_pairs(tasks);
  // CSR by counting: two entries per pair, then columns sorted per row for lookups.
  row_.assign(n_ + 1, 0);
  for (const auto& p : pairs) {
    ++row_[p.i + 1];
    ++row_[p.j + 1];
  }
  for (int i = 0; i < n_; ++i) row_[i + 1] += row_[i];
  col_.resize(row_[n_]);
  w_.resize(row_[n_]);
  std::vector<long> fill(row_.begin(), row_.end() - 1);
  for (const auto& p : pairs) {
    const double w = p.length / (tasks[p.i].duration() + tasks[p.j].duration());
    col_[fill[p.i]] = p.j;
    w_[fill[p.i]++] = w;
    col_[fill[p.j]] = p.i;
    w_[fill[p.j]++] = w;
  }
  std::vector<std::pair<int, double>> row;
  for (int i = 0; i < n_; ++i) {
    row.clear();
    for (long e = row_[i]; e < row_[i + 1]; ++e) row.push_back({col_[e], w_[e]});
    std::sort(row.begin(), row.end());
    for (long e = row_[i]; e < row_[i + 1]; ++e) std::tie(col_[e], w_[e]) = row[e - row_[i]];
  }
  // l_i = sum_{j != i} (1 - w_ij) = (N - 1) - sum_j w_ij.
  degree_.assign(n_, n_ - 1.0);
  inv_sqrt_degree_.assign(n_, 0);
  for (int i = 0; i < n_; ++i) {
    for (long e = row_[i]; e < row_[i + 1]; ++e) degree_[i] -= w_[e];
    inv_sqrt_degree_[i] = degree_[i] > 0 ? 1 / std::sqrt(degree_[i]) : 0;
  }
  scratch_.resize(n_);
  elimination_.resize(n_);
  std::iota(elimination_.begin(), elimination_.end(), 0);
  std::stable_sort(elimination_.begin(), elimination_.end(), [&](int a, int b) {
    return tasks[a].ready() + tasks[a].duration() < tasks[b].ready() + tasks[b].duration();
  });
}

double SigmaGraph::sigma(int i, int j) const {
  if (i == j) return 0;
  const int* b = neighbours_begin(i);
  const int* e = neighbours_end(i);
  const int* it = std::lower_bound(b, e, j);
  return it != e && *it == j ? 1 - w_[it - col_.data()] : 1;
}

void SigmaGraph::multiply_sigma(const double* x, double* y) const {
  double total = 0;
  for (int i = 0; i < n_; ++i) total += x[i];
  for (int i = 0; i < n_; ++i) {
    double overlap = 0;
    for (long e = row_[i]; e < row_[i + 1]; ++e) overlap += w_[e] * x[col_[e]];
    y[i] = total - x[i] - overlap;
  }
}

void SigmaGraph::multiply_normalized(const double* x, double* y) const {
  for (int i = 0; i < n_; ++i) scratch_[i] = inv_sqrt_degree_[i] * x[i];
  multiply_sigma(scratch_.data(), y);
  for (int i = 0; i < n_; ++i) y[i] *= inv_sqrt_degree_[i];
}

Eigen::MatrixXd SigmaGraph::multiply_normalized(const Eigen::MatrixXd& x) const {
  using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  const Eigen::Map<const Eigen::VectorXd> d(inv_sqrt_degree_.data(), n_);
  const RowMatrix scaled = d.asDiagonal() * x;
  const Eigen::RowVectorXd total = scaled.colwise().sum();
  RowMatrix y(n_, x.cols());
  for (int i = 0; i < n_; ++i) {
    auto row = y.row(i);
    row = total - scaled.row(i);
    for (long e = row_[i]; e < row_[i + 1]; ++e) row -= w_[e] * scaled.row(col_[e]);
    row *= d[i];
  }
  return y;
}

Eigen::MatrixXd SigmaGraph::dense_sigma() const {
  Eigen::MatrixXd s = Eigen::MatrixXd::Ones(n_, n_);
  s.diagonal().setZero();
  for (int i = 0; i < n_; ++i)
    for (long e = row_[i]; e < row_[i + 1]; ++e) s(i, col_[e]) = 1 - w_[e];
  return s;
}

Eigen::MatrixXd SigmaGraph::dense_normalized() const {
  Eigen::MatrixXd a = dense_sigma();
  const Eigen::Map<const Eigen::VectorXd> d(inv_sqrt_degree_.data(), n_);
  return d.asDiagonal() * a * d.asDiagonal();
}

}  // namespace arsim::schedulers::spectral
