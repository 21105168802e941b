#include "sim/kinds/matching/output/audit_tables.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "base/numbers.hpp"
#include "sim/kinds/matching/output/writers.hpp"

namespace arsim::kinds::matching::audit {

bool close(double a, double b) {
  return std::abs(a - b) <= kTol * std::max({1.0, std::abs(a), std::abs(b)});
}

std::optional<double> value(const metrics::CsvTable& t, std::size_t i, const char* name,
                            std::vector<std::string>& out) {
  const std::string& text = t.rows[i][t.column(name)];
  auto v = base::parse_double(text);
  if (!v) out.push_back(fmt::format("{}: {} '{}' is not a number", t.where(i), name, text));
  return v;
}

void batches(const metrics::CsvTable& t, const std::vector<JobFact>& jobs,
             std::vector<std::string>& out) {
  for (const auto& c : batches_header()) t.column(c);
  // per batch: jobs.csv rows matched by it (with their match times) and dropped by it
  std::map<int, std::vector<const JobFact*>> matched, dropped;
  for (const auto& j : jobs)
    if (j.batch && (j.status == "completed" || j.status == "dropped"))
      (j.status == "completed" ? matched : dropped)[*j.batch].push_back(&j);
  double previous_end = 0;
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const auto index = value(t, i, "batch", out), start = value(t, i, "start", out),
               end = value(t, i, "end", out), time = value(t, i, "matcher_time", out),
               size = value(t, i, "size", out), m = value(t, i, "matched", out),
               d = value(t, i, "dropped", out);
    if (!index || !start || !end || !time || !size || !m || !d) continue;
    const std::string at = t.where(i);
    if (*index != static_cast<double>(i))
      out.push_back(fmt::format("{}: batch {} out of order", at, *index));
    if (*start < previous_end - kTol)
      out.push_back(fmt::format("{}: batch starts at {} before the previous one ended at {}", at,
                                *start, previous_end));
    if (!close(*end - *start, *time))
      out.push_back(
          fmt::format("{}: batch lasts {} s, not its matcher time {} s", at, *end - *start, *time));
    if (*m + *d > *size)
      out.push_back(fmt::format("{}: {} matched and {} dropped of {} jobs", at, *m, *d, *size));
    const auto& mine = matched[static_cast<int>(i)];
    if (static_cast<double>(mine.size()) != *m)
      out.push_back(fmt::format("{}: matched {} but jobs.csv names it for {} completed jobs", at,
                                *m, mine.size()));
    if (static_cast<double>(dropped[static_cast<int>(i)].size()) != *d)
      out.push_back(fmt::format("{}: dropped {} but jobs.csv names it for {} dropped jobs", at, *d,
                                dropped[static_cast<int>(i)].size()));
    for (const auto* j : mine)
      if (!j->match || !close(*j->match, *end))
        out.push_back(
            fmt::format("{}: matched by batch {} but not at its end {}", j->where, i, *end));
    previous_end = *end;
  }
  for (const auto& [b, js] : matched)
    if (b < 0 || b >= static_cast<int>(t.rows.size()))
      out.push_back(
          fmt::format("{}: names batch {}, which batches.csv lacks", js.front()->where, b));
  for (const auto& [b, js] : dropped)
    if (b < 0 || b >= static_cast<int>(t.rows.size()))
      out.push_back(
          fmt::format("{}: names batch {}, which batches.csv lacks", js.front()->where, b));
}

void resources(const metrics::CsvTable& t, const model::matching::Instance& inst,
               std::vector<std::string>& out) {
  for (const auto& c : resources_header()) t.column(c);
  std::map<std::pair<std::string, std::string>, double> capacity;  // (resource, attribute) -> N
  for (const auto& r : inst.resources)
    for (std::size_t a = 0; a < r.capacity.size(); ++a)
      capacity[{r.name, inst.types[r.type].dynamic_attributes[a]}] = r.capacity[a];
  std::map<std::pair<std::string, std::string>, int> seen;
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const std::pair<std::string, std::string> key{t.rows[i][t.column("resource")],
                                                  t.rows[i][t.column("attribute")]};
    const auto it = capacity.find(key);
    const auto n = value(t, i, "capacity", out), peak = value(t, i, "peak", out);
    if (it == capacity.end()) {
      out.push_back(
          fmt::format("{}: unknown resource attribute {}.{}", t.where(i), key.first, key.second));
      continue;
    }
    ++seen[key];
    if (n && !close(*n, it->second))
      out.push_back(fmt::format("{}: capacity {} of {} is not N = {}", t.where(i), *n, key.first,
                                it->second));
    if (peak && *peak > 1 + kTol)
      out.push_back(fmt::format("{}: {} {} peaks at {} of its capacity", t.where(i), key.first,
                                key.second, *peak));
  }
  for (const auto& [key, n] : capacity)
    if (!seen.count(key))
      out.push_back(fmt::format("{}: no row for {} {}", t.source, key.first, key.second));
}

}  // namespace arsim::kinds::matching::audit
