#include "sim/kinds/interval/output/audit_summary.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "base/numbers.hpp"

namespace arsim::kinds::interval {

namespace {

constexpr long kRun = -1;  // the bucket "all"

bool close(double a, double b) {
  return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

// The most intervals [submit, submit + duration) holding one instant, ends before starts at equal
// times; empty intervals hold none.
int most_overlapping(const std::vector<const AuditedTask*>& tasks) {
  std::vector<std::pair<double, int>> edges;  // (time, -1 end | +1 start): ends sort first
  for (const auto* t : tasks)
    if (t->duration > 0) {
      edges.emplace_back(t->submit, 1);
      edges.emplace_back(t->submit + t->duration, -1);
    }
  std::sort(edges.begin(), edges.end());
  int now = 0, most = 0;
  for (const auto& e : edges) most = std::max(most, now += e.second);
  return most;
}

// The figures of a set of tasks measured over `spanned` periods of T on M resources (beta given).
std::map<std::string, double> figures(const std::vector<const AuditedTask*>& tasks, double m,
                                      double period, double spanned, double beta) {
  const double n = static_cast<double>(tasks.size());
  double work = 0, deviation = 0;
  for (const auto* t : tasks) work += t->duration, deviation += std::abs(t->start - t->submit);
  const double g = n > 0 ? work / n / period : 0, load = n * g / spanned;
  return {{"time_deviation", n > 0 ? deviation / (n * period) : 0},
          {"tasks", n},
          {"g", g},
          {"B", load},
          {"beta", beta},
          {"rho", load / m},
          {"rho_max", beta > 0 ? load / beta : 0},
          {"G", n / (m * spanned)},
          {"theta", n > 0 ? m * spanned / n : 0}};
}

// Every figure summary.csv must hold: bucket (kRun or k) -> metric -> value.
std::map<long, std::map<std::string, double>> expected(const std::vector<AuditedTask>& tasks,
                                                       int resources, double period) {
  std::map<long, std::vector<const AuditedTask*>> members;
  std::vector<const AuditedTask*> all;
  for (const auto& t : tasks) members[t.period].push_back(&t), all.push_back(&t);
  std::map<long, std::map<std::string, double>> out;
  const double m = resources;
  int beta = 0;
  for (const auto& [k, own] : members) {
    const int beta_k = most_overlapping(own);
    beta = std::max(beta, beta_k);
    out[k] = figures(own, m, period, 1, beta_k);
  }
  const double spanned =
      members.empty() ? 1
                      : static_cast<double>(members.rbegin()->first - members.begin()->first + 1);
  out[kRun] = figures(all, m, period, spanned, beta);
  out[kRun]["resources"] = m;
  out[kRun]["periods"] = spanned;
  return out;
}

}  // namespace

void check_summary(const metrics::CsvTable& t, const std::vector<AuditedTask>& tasks, int resources,
                   double period, std::vector<std::string>& out) {
  const auto want = expected(tasks, resources, period);
  std::set<std::pair<long, std::string>> seen;
  const auto metric = t.column("metric"), bucket = t.column("bucket_end"),
             value = t.column("value"), user = t.column("user"), resource = t.column("resource");
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const auto& row = t.rows[r];
    const std::string at = t.where(r);
    if (row[user] != "all" || !row[resource].empty())
      out.push_back(fmt::format("{}: expected user 'all' and no resource", at));
    long k = kRun;
    if (row[bucket] != "all") {
      const auto end = base::parse_double(row[bucket]);
      const double ends = end ? *end / period : NAN;  // k + 1
      k = std::abs(ends) < 1e15 ? std::lround(ends) - 1 : kRun - 1;
      if (!end || k < 0 || !want.count(k) || !close(*end, static_cast<double>(k + 1) * period)) {
        out.push_back(
            fmt::format("{}: bucket_end '{}' ends no period of T holding tasks", at, row[bucket]));
        continue;
      }
    }
    const auto& figures = want.at(k);
    const auto it = figures.find(row[metric]);
    if (it == figures.end() || !seen.emplace(k, row[metric]).second) {
      out.push_back(
          fmt::format("{}: metric '{}' unknown or repeated in its bucket", at, row[metric]));
      continue;
    }
    const auto v = base::parse_double(row[value]);
    if (!v || !close(*v, it->second))
      out.push_back(fmt::format("{}: {} is '{}', recomputed from jobs.csv {}", at, row[metric],
                                row[value], it->second));
  }
  for (const auto& [k, figures] : want)
    for (const auto& [name, v] : figures)
      if (!seen.count({k, name}))
        out.push_back(fmt::format("{}: no row of {} for {}", t.source, name,
                                  k == kRun
                                      ? std::string("the run")
                                      : fmt::format("the period ending {}", (k + 1) * period)));
}

}  // namespace arsim::kinds::interval
