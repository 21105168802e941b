// The auditor's recomputation of summary.csv and resources.csv (audit_derived.hpp).
#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "base/numbers.hpp"
#include "sim/kinds/matching/output/audit_derived.hpp"
#include "sim/kinds/matching/output/writers.hpp"

namespace arsim::kinds::matching::audit {

namespace {

double ratio(double a, double b) {
  return b > 0 ? a / b : 0;
}

using Metrics = std::map<std::pair<std::string, std::string>, double>;  // (name, resource)

void job_metrics(const Run& run, Metrics& m) {
  double done = 0, wait = 0, longest = 0, attempts = 0;
  for (const auto& name : {"completed", "dropped", "expired", "rejected"}) m[{name, ""}] = 0;
  for (const auto& f : run.jobs) {
    if (m.count({f.status, ""})) m[{f.status, ""}] += 1;
    if (f.status != "completed" || !f.start || !f.submit) continue;
    done += 1;
    wait += *f.start - *f.submit;
    longest = std::max(longest, *f.start - *f.submit);
    attempts += f.attempts;
  }
  const double n = static_cast<double>(run.jobs.size());
  m[{"submitted", ""}] = n;
  m[{"match_ratio", ""}] = ratio(m[{"completed", ""}], n);
  m[{"mean_wait", ""}] = ratio(wait, done);
  m[{"max_wait", ""}] = longest;
  m[{"mean_attempts", ""}] = ratio(attempts, done);
}

void batch_metrics(const Run& run, double end, Metrics& m) {
  double size = 0, busy = 0, longest = 0, missed = 0;
  for (const auto& b : run.batches) {
    size += b.size;
    busy += b.matcher_time;
    longest = std::max(longest, b.matcher_time);
    missed += b.status == kMissedStatus ? 1 : 0;
  }
  const double n = static_cast<double>(run.batches.size());
  m[{"batches", ""}] = n;
  m[{"mean_batch_size", ""}] = ratio(size, n);
  m[{"mean_matcher_time", ""}] = ratio(busy, n);
  m[{"max_matcher_time", ""}] = longest;
  m[{"matcher_busy", ""}] = ratio(busy, end);
  m[{"simulated_end", ""}] = end;
  if (run.context.deadline.set()) m[{"missed_deadline", ""}] = missed;
}

// Capacity-seconds held and offered over the arrival period, per type and attribute.
void utilisation_metrics(const Run& run, Metrics& m) {
  const auto& inst = run.w.instance;
  double horizon = 0;
  for (const auto& f : run.jobs) horizon = std::max(horizon, f.submit.value_or(0));
  const Holds hs = holds(run);
  std::vector<std::vector<double>> capacity(inst.types.size()), held(inst.types.size()),
      offered(inst.types.size()), present(inst.types.size());  // present: some resource has it
  for (std::size_t t = 0; t < inst.types.size(); ++t) {
    const auto n = inst.types[t].dynamic_attributes.size();
    for (auto* v : {&capacity[t], &held[t], &offered[t], &present[t]}) v->assign(n, 0);
  }
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    for (std::size_t a = 0; a < inst.resources[r].capacity.size(); ++a) {
      const int t = inst.resources[r].type;
      present[t][a] = 1;
      capacity[t][a] += inst.resources[r].capacity[a] * horizon;
      held[t][a] += held_over(hs[r][a], 0, horizon);
      offered[t][a] += offer_over(run.offers[r][a], 0, horizon);
    }
  double used = 0, offer = 0, counted = 0;
  for (std::size_t t = 0; t < inst.types.size(); ++t)
    for (std::size_t a = 0; a < capacity[t].size(); ++a) {
      if (present[t][a] == 0) continue;
      const std::string name = inst.types[t].name + "." + inst.types[t].dynamic_attributes[a];
      m[{"attribute_utilisation", name}] = ratio(held[t][a], capacity[t][a]);
      m[{"attribute_offered_share", name}] = ratio(offered[t][a], capacity[t][a]);
      if (capacity[t][a] > 0) {
        used += held[t][a] / capacity[t][a];
        offer += offered[t][a] / capacity[t][a];
        counted += 1;
      }
    }
  m[{"utilisation", ""}] = ratio(used, counted);
  m[{"offered_share", ""}] = ratio(offer, counted);
  m[{"arrival_period", ""}] = horizon;
}

}  // namespace

std::optional<double> summary_numbers(const metrics::CsvTable& t, const Run& run,
                                      std::vector<std::string>& out) {
  Metrics written;
  std::map<std::pair<std::string, std::string>, std::size_t> row_of;
  const auto metric = t.column("metric"), resource = t.column("resource"), v = t.column("value");
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const auto x = base::parse_double(t.rows[i][v]);
    const std::pair<std::string, std::string> key{t.rows[i][metric], t.rows[i][resource]};
    if (!x) out.push_back(fmt::format("{}: value '{}' is not a number", t.where(i), t.rows[i][v]));
    if (x) written[key] = *x;
    row_of[key] = i;
  }
  const auto end_it = written.find({"simulated_end", ""});
  if (end_it == written.end()) {
    out.push_back(fmt::format("{}: no metric simulated_end", t.source));
    return std::nullopt;
  }
  const double end = end_it->second;
  double latest = 0;  // every recorded instant is within the run
  for (const auto& f : run.jobs)
    for (const auto& x : {f.submit, f.match, f.finish}) latest = std::max(latest, x.value_or(0));
  for (const auto& b : run.batches) latest = std::max(latest, b.end);
  if (end < latest - kTol * std::max(1.0, latest))
    out.push_back(fmt::format("{}: simulated_end {} before the run's last record at {}", t.source,
                              end, latest));
  Metrics expected;
  job_metrics(run, expected);
  batch_metrics(run, end, expected);
  utilisation_metrics(run, expected);
  for (const auto& [key, value] : expected) {
    const auto it = written.find(key);
    const std::string name = key.first + (key.second.empty() ? "" : " of " + key.second);
    if (it == written.end())
      out.push_back(fmt::format("{}: no metric {}", t.source, name));
    else if (!close(it->second, value))
      out.push_back(fmt::format("{}: {} is {}, recomputed {}", t.where(row_of[key]), name,
                                it->second, value));
  }
  for (const auto& [key, i] : row_of)
    if (!expected.count(key))
      out.push_back(fmt::format("{}: unexpected metric {} {}", t.where(i), key.first, key.second));
  return end;
}

void resource_buckets(const metrics::CsvTable& t, const Run& run, double end,
                      std::vector<std::string>& out) {
  const auto& inst = run.w.instance;
  const double bucket = run.context.bucket;
  const double count = std::max(1.0, std::ceil(end / bucket - 1e-9));
  std::map<std::pair<std::string, std::string>, std::pair<int, int>> index;
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    for (std::size_t a = 0; a < inst.resources[r].capacity.size(); ++a)
      index[{inst.resources[r].name, inst.types[inst.resources[r].type].dynamic_attributes[a]}] = {
          static_cast<int>(r), static_cast<int>(a)};
  const Holds hs = holds(run);
  std::map<std::pair<int, int>, double> rows;  // rows seen per resource attribute
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const auto it = index.find({t.rows[i][t.column("resource")], t.rows[i][t.column("attribute")]});
    if (it == index.end()) continue;  // audit::resources names it
    const auto [r, a] = it->second;
    const double k = rows[it->second]++;
    const double n = inst.resources[r].capacity[a];
    const double b0 = k * bucket, b1 = std::max(b0, std::min((k + 1) * bucket, end)), len = b1 - b0;
    const auto& h = hs[r][a];
    const auto& o = run.offers[r][a];
    double peak = held_at(h, b0), over = 0;
    const auto c = cuts(h, o, b0, b1);
    for (std::size_t s = 0; s + 1 < c.size(); ++s) {
      peak = std::max(peak, held_at(h, c[s]));
      if (c[s + 1] > c[s] && held_at(h, c[s]) > offer_at(o, c[s]) + 1e-9) over += c[s + 1] - c[s];
    }
    const bool some = n > 0 && len > 0;
    const std::vector<std::pair<const char*, double>> expected = {
        {"bucket_start", b0},
        {"bucket_end", b1},
        {"used", some ? held_over(h, b0, b1) / (n * len) : 0},
        {"peak", some ? peak / n : 0},
        {"offered", some ? offer_over(o, b0, b1) / (n * len) : 0},
        {"over_offer", len > 0 ? over / len : 0}};
    for (const auto& [column, value] : expected) {
      const auto x = base::parse_double(t.rows[i][t.column(column)]);
      if (!x || !close(*x, value))
        out.push_back(fmt::format("{}: {} is {}, recomputed {}", t.where(i), column,
                                  t.rows[i][t.column(column)], value));
    }
  }
  for (const auto& [key, ra] : index)
    if (rows.count(ra) && rows[ra] != count)
      out.push_back(fmt::format("{}: {} rows for {} {}, not the {} buckets of [0, {})", t.source,
                                rows[ra], key.first, key.second, count, end));
}

}  // namespace arsim::kinds::matching::audit
