#include "sim/engine/aggregate.hpp"

#include <cmath>
#include <map>
#include <tuple>

#include "base/numbers.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::engine {

namespace {

std::string point_label(const scenario::RunSpec& spec) {
  std::string out;
  for (const auto& [k, v] : spec.point) out += (out.empty() ? "" : ";") + k + "=" + v;
  return out.empty() ? "all" : out;
}

// A value of a summary.csv, which arsim wrote; anything else there means the file was changed.
double number(const metrics::CsvTable& t, const std::string& text) {
  if (const auto v = base::parse_double(text)) return *v;
  throw std::runtime_error(t.source + ": value '" + text + "' is not a number");
}

using Key = std::tuple<std::string, std::string, std::string, std::string, std::string>;

struct Series {
  std::vector<double> values;
};

double lookup(const metrics::CsvTable& t, const std::string& metric, const std::string& user,
              const std::string& bucket) {
  const auto m = t.column("metric"), u = t.column("user"), b = t.column("bucket_end"),
             v = t.column("value");
  for (const auto& row : t.rows)
    if (row[m] == metric && row[u] == user && row[b] == bucket && !row[v].empty())
      return number(t, row[v]);
  return std::nan("");
}

}  // namespace

double t_quantile_95(int df) {
  static const double table[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
                                 2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
                                 2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
                                 2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
  if (df < 1) return std::nan("");
  return df <= 30 ? table[df - 1] : 1.96;
}

void write_aggregates(const std::string& out, const std::vector<scenario::RunSpec>& specs,
                      const std::vector<std::string>& metrics) {
  std::vector<std::string> sweep_header{"run", "point", "seed", "run_index"};
  for (const auto& [k, v] : specs.front().point) sweep_header.push_back(k);
  for (const auto& c : metrics) sweep_header.push_back(c);
  metrics::CsvWriter sweep(sweep_header);
  std::map<Key, Series> groups;
  for (const auto& spec : specs) {
    const auto table = metrics::read_csv(out + "/" + spec.dir + "/summary.csv");
    const auto m = table.column("metric"), u = table.column("user"), r = table.column("resource"),
               b = table.column("bucket_end"), v = table.column("value");
    for (const auto& row : table.rows)
      if (!row[v].empty())
        groups[{point_label(spec), row[m], row[u], row[r], row[b]}].values.push_back(
            number(table, row[v]));
    sweep.field(spec.dir).field(point_label(spec)).field(spec.seed).field(spec.run_index);
    for (const auto& [k, val] : spec.point) sweep.field(val);
    for (const auto& metric : metrics) {
      const double x = lookup(table, metric, "all", "all");
      if (std::isnan(x))
        sweep.empty();
      else
        sweep.field(x);
    }
    sweep.end_row();
  }
  metrics::CsvWriter agg(
      {"point", "metric", "user", "resource", "bucket_end", "runs", "mean", "ci95"});
  for (const auto& [key, series] : groups) {
    const auto& xs = series.values;
    const double n = static_cast<double>(xs.size());
    double mean = 0;
    for (double x : xs) mean += x / n;
    double var = 0;
    for (double x : xs) var += (x - mean) * (x - mean);
    const auto& [point, metric, user, resource, bucket] = key;
    agg.field(point).field(metric).field(user).field(resource).field(bucket).field(xs.size());
    agg.field(mean);
    if (xs.size() > 1)
      agg.field(t_quantile_95(static_cast<int>(xs.size()) - 1) * std::sqrt(var / (n - 1)) /
                std::sqrt(n));
    else
      agg.empty();
    agg.end_row();
  }
  metrics::write_atomically(out + "/sweep.csv", sweep.str());
  metrics::write_atomically(out + "/aggregate.csv", agg.str());
}

}  // namespace arsim::engine
