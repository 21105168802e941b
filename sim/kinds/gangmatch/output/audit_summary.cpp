// The auditor's recomputation of the derived numbers (audit.hpp): utilisation.csv and every
// metric of summary.csv, from the rows of jobs.csv, gangs.csv, holds.csv, unavailability.csv and
// cycles.csv alone.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <fmt/format.h>

#include "base/numbers.hpp"
#include "sim/kinds/gangmatch/output/audit_rows.hpp"
#include "sim/kinds/gangmatch/output/writers.hpp"

namespace arsim::kinds::gangmatch {

namespace {

using Intervals = std::vector<std::pair<double, double>>;

// Both absent (NaN: an empty field, a mean of nothing), or equal up to rounding.
bool same(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

double mean_of(const std::vector<double>& v) {
  if (v.empty()) return std::nan("");
  double s = 0;
  for (double x : v) s += x;
  return s / static_cast<double>(v.size());
}

struct Occupation {
  std::map<MemberKind, Intervals> held, running, unavailable;
};

// Holds, jobs running (on the workstation and each license of the gang), unavailable periods.
Occupation occupation(const AuditRows& rows, double end) {
  Occupation o;
  for (const auto& h : rows.holds) o.held[h.row.resource.kind].push_back({h.row.start, h.row.end});
  for (const auto& p : rows.periods)
    o.unavailable[p.row.resource.kind].push_back({p.row.start, p.row.end});
  for (const auto& j : rows.jobs) {
    if (std::isnan(j.row.start)) continue;
    const double stop = std::isnan(j.row.finish) ? end : j.row.finish;
    o.running[MemberKind::Workstation].push_back({j.row.start, stop});
    for (std::size_t k = 0; k < j.row.licenses.size(); ++k)
      o.running[MemberKind::License].push_back({j.row.start, stop});
  }
  return o;
}

// The latest time any row names: the run cannot end before it.
double latest(const AuditRows& rows) {
  double t = 0;
  auto at = [&](double x) {
    if (!std::isnan(x)) t = std::max(t, x);
  };
  for (const auto& j : rows.jobs)
    for (double x :
         {j.row.submit, j.row.first_match, j.row.match, j.row.claim, j.row.start, j.row.finish})
      at(x);
  for (const auto& g : rows.gangs) at(g.row.decided), at(g.row.matched);
  for (const auto& h : rows.holds) at(h.row.end);
  for (const auto& p : rows.periods) at(p.row.end);
  for (const auto& c : rows.cycles) at(c.row.end);
  return t;
}

std::vector<std::pair<std::string, double>> recomputed(const AuditRows& rows, const AuditContext& c,
                                                       double end) {
  std::vector<double> waits, delays, cycle_times, cycle_probes;
  double submitted = 0, finished = 0, makespan = 0, probes = 0, evaluations = 0, longest = 0;
  for (const auto& j : rows.jobs) {
    submitted += j.row.submitted;
    if (!std::isnan(j.row.start)) waits.push_back(j.row.start - j.row.submit);
    if (!std::isnan(j.row.first_match)) delays.push_back(j.row.first_match - j.row.submit);
    if (!std::isnan(j.row.finish)) ++finished, makespan = std::max(makespan, j.row.finish);
  }
  double committed = 0, refused = 0, refusals = 0;
  for (const auto& g : rows.gangs) {
    committed += g.row.outcome == "committed";
    refused += g.row.outcome == "refused";
    refusals += static_cast<double>(g.row.refused_by.size());
  }
  for (const auto& cy : rows.cycles) {
    probes += static_cast<double>(cy.row.probes);
    evaluations += static_cast<double>(cy.row.evaluations);
    cycle_times.push_back(cy.row.end - cy.row.start);
    cycle_probes.push_back(static_cast<double>(cy.row.probes));
    longest = std::max(longest, cy.row.end - cy.row.start);
  }
  Occupation o = occupation(rows, end);
  auto share = [&](Intervals& v, int n) { return mean_share(v, 0, end, n); };
  return {
      {"jobs", static_cast<double>(rows.jobs.size())},
      {"submitted", submitted},
      {"started", static_cast<double>(waits.size())},
      {"finished", finished},
      {"mean_wait", mean_of(waits)},
      {"mean_match_delay", mean_of(delays)},
      {"gangs", static_cast<double>(rows.gangs.size())},
      {"committed_gangs", committed},
      {"refused_gangs", refused},
      {"refusals", refusals},
      {"refusal_ratio", committed + refused > 0 ? refused / (committed + refused) : NAN},
      {"cycles", static_cast<double>(rows.cycles.size())},
      {"probes", probes},
      {"evaluations", evaluations},
      {"mean_cycle_probes", mean_of(cycle_probes)},
      {"mean_cycle_time", mean_of(cycle_times)},
      {"max_cycle_time", longest},
      {"workstation_utilisation", share(o.running[MemberKind::Workstation], c.workstations)},
      {"workstation_unavailable", share(o.unavailable[MemberKind::Workstation], c.workstations)},
      {"license_utilisation", share(o.held[MemberKind::License], c.licenses)},
      {"makespan", makespan},
      {"end", end}};
}

}  // namespace

void check_utilisation(const metrics::CsvTable& t, const AuditRows& rows, const AuditContext& c,
                       double end, std::vector<std::string>& out) {
  Occupation o = occupation(rows, end);
  const long buckets = bucket_count(c.bucket, c.horizon);
  if (static_cast<long>(t.rows.size()) != 2 * buckets) {
    out.push_back(fmt::format("utilisation.csv: {} rows, expected {}", t.rows.size(), 2 * buckets));
    return;
  }
  std::size_t r = 0;
  for (MemberKind kind : {MemberKind::Workstation, MemberKind::License}) {
    const int n = kind == MemberKind::License ? c.licenses : c.workstations;
    const std::vector<double> shares[] = {
        bucket_shares(o.held[kind], c.bucket, c.horizon, n),
        bucket_shares(o.running[kind], c.bucket, c.horizon, n),
        bucket_shares(o.unavailable[kind], c.bucket, c.horizon, n)};
    for (long b = 0; b < buckets; ++b, ++r) {
      auto field = [&](const char* col) { return t.rows[r][t.column(col)]; };
      auto expect = [&](const char* col, double value) {
        const auto got = base::parse_double(field(col));
        if (!got || !same(*got, value))
          out.push_back(
              fmt::format("{}: {} '{}', recomputed {}", t.where(r), col, field(col), value));
      };
      if (field("kind") != kind_name(kind))
        out.push_back(
            fmt::format("{}: kind '{}', expected {}", t.where(r), field("kind"), kind_name(kind)));
      const auto [from, to] = bucket_bounds(b, c.bucket, c.horizon);
      expect("resources", n);
      expect("bucket_start", from);
      expect("bucket_end", to);
      expect("held", shares[0][b]);
      expect("running", shares[1][b]);
      expect("unavailable", shares[2][b]);
    }
  }
}

void check_summary(const metrics::CsvTable& s, const AuditRows& rows, const AuditContext& c,
                   std::vector<std::string>& out) {
  std::map<std::string, std::string> written;
  for (std::size_t r = 0; r < s.rows.size(); ++r) {
    const auto& row = s.rows[r];
    if (row[s.column("user")] != "all" || row[s.column("bucket_end")] != "all" ||
        !row[s.column("resource")].empty() ||
        !written.emplace(row[s.column("metric")], row[s.column("value")]).second)
      out.push_back(fmt::format("{}: metric '{}' twice or not of user all, bucket all", s.where(r),
                                row[s.column("metric")]));
  }
  auto value = [&](const std::string& metric) {
    const auto it = written.find(metric);
    if (it == written.end() || it->second.empty()) return std::nan("");
    return base::parse_double(it->second).value_or(std::nan(""));
  };
  const double end = value("end");
  if (!(end >= latest(rows) - 1e-9 * std::max(1.0, latest(rows))))
    out.push_back(fmt::format("summary.csv: end is {}, but the files name times up to {}",
                              written["end"], latest(rows)));
  std::set<std::string> expected;
  for (const auto& [metric, v] : recomputed(rows, c, end)) {
    expected.insert(metric);
    if (!written.count(metric))
      out.push_back(fmt::format("summary.csv: no '{}' metric", metric));
    else if (!same(value(metric), v))
      out.push_back(
          fmt::format("summary.csv: {} is {}, recomputed {}", metric, written[metric], v));
  }
  for (const auto& [metric, v] : written)
    if (!expected.count(metric))
      out.push_back(fmt::format("summary.csv: unknown metric '{}'", metric));
}

}  // namespace arsim::kinds::gangmatch
