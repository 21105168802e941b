#include "schedulers/ctaap/graduated.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace arsim::schedulers::ctaap {

namespace {

// F evaluated once per (request edge, cluster pair): table[j * m + l] is the n × n matrix
// F(b_ik, b̂_jl), 0 where b_ik = 0 (no edge) and on the diagonal. Floats halve the O(n² m²) memory.
using FTable = std::vector<std::vector<float>>;

FTable compatibility_table(const Instance& inst, const Compatibility& f) {
  const int n = inst.tasks(), m = inst.clusters();
  FTable table(static_cast<std::size_t>(m) * m);
  for (int j = 0; j < m; ++j)
    for (int l = 0; l < m; ++l) {
      auto& t = table[static_cast<std::size_t>(j) * m + l];
      t.assign(static_cast<std::size_t>(n) * n, 0.0f);
      for (int i = 0; i < n; ++i)
        for (int k = 0; k < n; ++k)
          if (k != i && inst.bandwidth(i, k) > 0)
            t[static_cast<std::size_t>(i) * n + k] =
                static_cast<float>(f(inst.bandwidth(i, k), inst.cluster_bandwidth(j, l)));
    }
  return table;
}

// Σ_k f_k x_k with four independent partial sums (a fixed order, so still deterministic): the
// O(n² m²) inner loop of step 1, latency-bound with a single accumulator.
double dot(const float* f, const double* x, int n) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int k = 0;
  for (; k + 4 <= n; k += 4) {
    s0 += f[k] * x[k];
    s1 += f[k + 1] * x[k + 1];
    s2 += f[k + 2] * x[k + 2];
    s3 += f[k + 3] * x[k + 3];
  }
  for (; k < n; ++k) s0 += f[k] * x[k];
  return (s0 + s1) + (s2 + s3);
}

// Q_ij = Σ_l Σ_k X_kl F(b_ik, b̂_jl), optionally divided by the degree of i (q_scale).
Matrix compute_q(const Instance& inst, const FTable& table, const Matrix& xs, QScale scale,
                 const std::vector<int>& degree) {
  const int n = inst.tasks(), m = inst.clusters();
  std::vector<std::vector<double>> column(m, std::vector<double>(n));  // X transposed
  for (int l = 0; l < m; ++l)
    for (int k = 0; k < n; ++k) column[l][k] = xs(k, l);
  Matrix q(n, m);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      double sum = 0;
      for (int l = 0; l < m; ++l)
        sum +=
            dot(table[static_cast<std::size_t>(j) * m + l].data() + static_cast<std::size_t>(i) * n,
                column[l].data(), n);
      q(i, j) = scale == QScale::Degree ? sum / std::max(1, degree[i]) : sum;
    }
  return q;
}

// X_ij ← exp(β Q_ij) on the allowed entries, 0 elsewhere; the row (slack included) rescaled by a
// common factor so nothing overflows (graduated.hpp): the row normalisation undoes it exactly.
void exponentiate(Matrix& xs, const Matrix& q, double beta, const std::vector<char>& allowed) {
  const int n = q.rows(), m = q.cols();
  for (int i = 0; i < n; ++i) {
    const double slack = xs(i, m);
    double top = slack > 0 ? std::log(slack) : -std::numeric_limits<double>::infinity();
    for (int j = 0; j < m; ++j)
      if (allowed[i * m + j]) top = std::max(top, beta * q(i, j));
    if (!std::isfinite(top)) top = 0;
    for (int j = 0; j < m; ++j)
      xs(i, j) = allowed[i * m + j] ? std::exp(beta * q(i, j) - top) : 0.0;
    xs(i, m) = slack > 0 ? std::exp(std::log(slack) - top) : 0.0;
  }
}

// One sweep: rows 1..n across all m+1 columns, then columns 1..m with the capacity-aware divisor
// (graduated.hpp: which entries the cap_j − 1 largest are taken from depends on `literal`).
void normalise(Matrix& xs, const std::vector<int>& capacity, bool literal,
               std::vector<double>& scratch) {
  const int n = xs.rows() - 1, m = xs.cols() - 1;
  for (int i = 0; i < n; ++i) {
    double sum = 0;
    for (int j = 0; j <= m; ++j) sum += xs(i, j);
    if (sum > 0)
      for (int j = 0; j <= m; ++j) xs(i, j) /= sum;
  }
  for (int j = 0; j < m; ++j) {
    // The divisor: all entries but the cap_j − 1 largest, of the n+1 (literal) or of the n task
    // entries with the slack entry always kept.
    const int pool = literal ? n + 1 : n;
    const int drop = std::clamp(capacity[j] - 1, 0, literal ? n : pool);
    scratch.resize(pool);
    for (int i = 0; i < pool; ++i) scratch[i] = xs(i, j);
    const int keep = pool - drop;
    if (keep > 0 && keep < pool)
      std::nth_element(scratch.begin(), scratch.begin() + (keep - 1), scratch.end());
    double divisor = literal ? 0 : xs(n, j);
    for (int i = 0; i < keep; ++i) divisor += scratch[i];
    for (int i = 0; i <= n; ++i)
      xs(i, j) = divisor > 0 ? std::min(1.0, xs(i, j) / divisor) : (xs(i, j) > 0 ? 1.0 : 0.0);
  }
}

double max_change(const Matrix& a, const Matrix& b, int rows, int cols) {
  double d = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) d = std::max(d, std::abs(a(r, c) - b(r, c)));
  return d;
}

}  // namespace

Compatibility compatibility_by_name(const std::string& name) {
  if (name == "binary") return [](double b, double bo) { return b <= bo ? 1.0 : 0.0; };
  if (name == "signed") return [](double b, double bo) { return b <= bo ? 1.0 : -1.0; };
  if (name == "ratio") return [](double b, double bo) { return b <= bo ? 1.0 : bo / b; };
  throw std::invalid_argument(fmt::format("unknown compatibility '{}'; valid: {}", name,
                                          fmt::join(compatibility_names(), ", ")));
}

std::vector<std::string> compatibility_names() {
  return {"binary", "signed", "ratio"};
}

QScale parse_q_scale(const std::string& name) {
  if (name == "none") return QScale::None;
  if (name == "degree") return QScale::Degree;
  throw std::invalid_argument("unknown q_scale '" + name + "'; valid: none, degree");
}

void validate(const GraduatedOptions& o) {
  if (!(o.beta0 > 0) || !(o.beta_f >= o.beta0) || !(o.beta_r > 1) || o.i0 < 1 || o.i1 < 1 ||
      !(o.tolerance > 0) || !(o.epsilon >= 0) || !o.compatibility)
    throw std::invalid_argument(
        "ctaap: graduated assignment needs β0 > 0, βf >= β0, βr > 1, "
        "I0 >= 1, I1 >= 1, tolerance > 0, ε >= 0 and a compatibility F");
}

Matrix graduated_assignment(const Instance& inst, const GraduatedOptions& options,
                            GraduatedStats* stats) {
  validate(inst);
  validate(options);
  const int n = inst.tasks(), m = inst.clusters();
  GraduatedStats local;
  std::vector<char> allowed(static_cast<std::size_t>(n) * m);
  std::vector<int> degree(n, 0);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < m; ++j) allowed[i * m + j] = fits(inst, i, j) && inst.capacity[j] > 0;
    for (int k = 0; k < n; ++k) degree[i] += k != i && inst.bandwidth(i, k) > 0;
  }
  const FTable table = compatibility_table(inst, options.compatibility);
  Matrix xs(n + 1, m + 1, 1.0 + options.epsilon);  // X̃ with the slack row n and column m
  std::vector<double> scratch;
  for (double beta = options.beta0; beta <= options.beta_f * (1 + 1e-12); beta *= options.beta_r) {
    ++local.beta_steps;
    for (int it0 = 0; it0 < options.i0; ++it0) {
      const Matrix before = xs;
      const Matrix q = compute_q(inst, table, xs, options.q_scale, degree);
      ++local.iterations;
      exponentiate(xs, q, beta, allowed);
      for (int it1 = 0; it1 < options.i1; ++it1) {
        const Matrix sweep_start = xs;
        normalise(xs, inst.capacity, options.literal_columns, scratch);
        ++local.sweeps;
        if (max_change(xs, sweep_start, n + 1, m + 1) < options.tolerance) break;
      }
      if (max_change(xs, before, n, m) < options.tolerance) break;
    }
  }
  if (stats) *stats = local;
  Matrix x(n, m);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) x(i, j) = xs(i, j);
  return x;
}

}  // namespace arsim::schedulers::ctaap
