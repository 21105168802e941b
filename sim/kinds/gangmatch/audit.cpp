#include "sim/kinds/gangmatch/audit.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "model/numbers.hpp"
#include "sim/kinds/gangmatch/audit_rows.hpp"
#include "sim/kinds/gangmatch/writers.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::gangmatch {

namespace {

constexpr double kEps = 1e-9;

bool close(double a, double b) {
  return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

template <class Row>
std::map<Member, std::vector<const Located<Row>*>> by_resource(
    const std::vector<Located<Row>>& rows) {
  std::map<Member, std::vector<const Located<Row>*>> out;
  for (const auto& r : rows) out[r.row.resource].push_back(&r);
  for (auto& [m, v] : out)
    std::stable_sort(v.begin(), v.end(),
                     [](auto* a, auto* b) { return a->row.start < b->row.start; });
  return out;
}

// Two rows of one resource at once: each row against the one ending last before it.
template <class Row>
void check_disjoint(const std::vector<const Located<Row>*>& rows, const char* what,
                    std::vector<std::string>& out) {
  const Located<Row>* last = nullptr;
  for (const auto* r : rows) {
    if (last && r->row.start < last->row.end - kEps)
      out.push_back(fmt::format("{}: {} {} [{}, {}) overlaps [{}, {}) of {}", r->where, what,
                                member_name(r->row.resource), r->row.start, r->row.end,
                                last->row.start, last->row.end, last->where));
    if (!last || r->row.end > last->row.end) last = r;
  }
}

// The value of a summary metric (user all, bucket all), NaN when absent or empty.
double summary_value(const metrics::CsvTable& t, const std::string& metric) {
  for (const auto& row : t.rows)
    if (row[t.column("metric")] == metric)
      return model::parse_double(row[t.column("value")]).value_or(std::nan(""));
  return std::nan("");
}

}  // namespace

void check_holds(const AuditRows& rows, std::vector<std::string>& out) {
  const auto holds = by_resource(rows.holds);
  const auto periods = by_resource(rows.periods);
  for (const auto& [m, list] : holds) check_disjoint(list, "hold on", out);
  for (const auto& [m, list] : periods) check_disjoint(list, "unavailable period of", out);
  for (const auto& [m, list] : holds) {
    auto p = periods.find(m);
    if (p == periods.end()) continue;
    for (const auto* h : list)
      for (const auto* u : p->second) {
        if (u->row.start < h->row.start - kEps && h->row.start < u->row.end - kEps)
          out.push_back(fmt::format("{}: {} said yes to gang {} at {} while unavailable [{}, {})",
                                    h->where, member_name(m), h->row.gang, h->row.start,
                                    u->row.start, u->row.end));
        if (m.kind == MemberKind::License && h->row.start < u->row.start - kEps &&
            u->row.start < h->row.end - kEps)
          out.push_back(fmt::format("{}: {} taken outside the pool at {} while gang {} held it",
                                    u->where, member_name(m), u->row.start, h->row.gang));
      }
  }
}

void check_cycles(const AuditRows& rows, std::vector<std::string>& out) {
  std::map<int, int> gangs;
  for (const auto& g : rows.gangs) ++gangs[g.row.cycle];
  const Located<CycleRow>* prev = nullptr;
  for (const auto& c : rows.cycles) {
    if (c.row.cycle != (prev ? prev->row.cycle + 1 : 0))
      out.push_back(fmt::format("{}: cycle {} out of sequence", c.where, c.row.cycle));
    if (c.row.end < c.row.start || (prev && c.row.start < prev->row.end - kEps))
      out.push_back(
          fmt::format("{}: cycle {} [{}, {}] overlaps the one before or ends before it "
                      "starts",
                      c.where, c.row.cycle, c.row.start, c.row.end));
    if (c.row.gangs != gangs[c.row.cycle])
      out.push_back(fmt::format("{}: cycle {} counts {} gangs, gangs.csv has {}", c.where,
                                c.row.cycle, c.row.gangs, gangs[c.row.cycle]));
    prev = &c;
  }
}

namespace {

void check_utilisation(const std::string& dir, const AuditRows& rows, const AuditContext& c,
                       double end, std::vector<std::string>& out) {
  const auto t = metrics::read_csv(dir + "/utilisation.csv");
  std::map<MemberKind, std::vector<std::pair<double, double>>> held, running, unavailable;
  for (const auto& h : rows.holds) held[h.row.resource.kind].push_back({h.row.start, h.row.end});
  for (const auto& p : rows.periods)
    unavailable[p.row.resource.kind].push_back({p.row.start, p.row.end});
  for (const auto& j : rows.jobs) {
    if (std::isnan(j.row.start)) continue;
    const double stop = std::isnan(j.row.finish) ? end : j.row.finish;
    running[MemberKind::Workstation].push_back({j.row.start, stop});
    for (std::size_t k = 0; k < j.row.licenses.size(); ++k)
      running[MemberKind::License].push_back({j.row.start, stop});
  }
  long expected_rows = 2 * static_cast<long>(std::ceil(c.horizon / c.bucket - kEps));
  if (static_cast<long>(t.rows.size()) != expected_rows)
    out.push_back(
        fmt::format("utilisation.csv: {} rows, expected {}", t.rows.size(), expected_rows));
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    auto f = [&](const char* col) { return t.rows[r][t.column(col)]; };
    const MemberKind kind = f("kind") == "license" ? MemberKind::License : MemberKind::Workstation;
    const int n = kind == MemberKind::License ? c.licenses : c.workstations;
    const auto from = model::parse_double(f("bucket_start")),
               to = model::parse_double(f("bucket_end"));
    if (!from || !to) {
      out.push_back(fmt::format("{}: bucket bounds are not numbers", t.where(r)));
      continue;
    }
    for (auto [col, list] :
         {std::pair{"held", &held}, {"running", &running}, {"unavailable", &unavailable}}) {
      const double expect = mean_share((*list)[kind], *from, *to, n);
      const auto got = model::parse_double(f(col));
      if (!got || !close(*got, expect))
        out.push_back(fmt::format("{}: {} '{}', recomputed {}", t.where(r), col, f(col), expect));
    }
  }
}

void check_summary(const metrics::CsvTable& s, const AuditRows& rows,
                   std::vector<std::string>& out) {
  int finished = 0, committed = 0, refused = 0, refusals = 0;
  double probes = 0;
  for (const auto& j : rows.jobs) finished += !std::isnan(j.row.finish);
  for (const auto& g : rows.gangs) {
    committed += g.row.outcome == "committed";
    refused += g.row.outcome == "refused";
    refusals += static_cast<int>(g.row.refused_by.size());
  }
  for (const auto& c : rows.cycles) probes += static_cast<double>(c.row.probes);
  const std::pair<const char*, double> expected[] = {
      {"jobs", static_cast<double>(rows.jobs.size())},
      {"finished", finished},
      {"gangs", static_cast<double>(rows.gangs.size())},
      {"committed_gangs", committed},
      {"refused_gangs", refused},
      {"refusals", refusals},
      {"cycles", static_cast<double>(rows.cycles.size())},
      {"probes", probes}};
  for (const auto& [metric, value] : expected)
    if (!close(summary_value(s, metric), value))
      out.push_back(fmt::format("summary.csv: {} is {}, recomputed {}", metric,
                                summary_value(s, metric), value));
}

}  // namespace

std::vector<std::string> audit_run(const std::string& dir, const AuditContext& c) {
  std::vector<std::string> out;
  try {
    const AuditRows rows = read_audit_rows(dir, c, out);
    check_holds(rows, out);
    check_gangs(rows, out);
    check_hold_owners(rows, out);
    check_jobs(rows, c, out);
    check_cycles(rows, out);
    const auto summary = metrics::read_csv(dir + "/summary.csv");
    const double end = summary_value(summary, "end");
    if (std::isnan(end))
      out.push_back("summary.csv: no 'end' metric");
    else
      check_utilisation(dir, rows, c, end, out);
    check_summary(summary, rows, out);
  } catch (const std::exception& e) {
    out.push_back(e.what());
  }
  return out;
}

}  // namespace arsim::kinds::gangmatch
