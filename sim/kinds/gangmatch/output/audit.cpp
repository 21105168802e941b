#include "sim/kinds/gangmatch/output/audit.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "base/numbers.hpp"
#include "sim/kinds/gangmatch/output/audit_rows.hpp"
#include "sim/kinds/gangmatch/output/writers.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::gangmatch {

namespace {

constexpr double kEps = 1e-9;

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
      return base::parse_double(row[t.column("value")]).value_or(std::nan(""));
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

void check_cycles(const AuditRows& rows, const AuditContext& context,
                  std::vector<std::string>& out) {
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
    const double cost = context.cost.of({c.row.probes, c.row.evaluations});
    if (std::abs(c.row.end - c.row.start - cost) > 1e-6 * std::max(1.0, c.row.end))
      out.push_back(fmt::format("{}: cycle {} lasts {} s; {} probes and {} evaluations cost {} s",
                                c.where, c.row.cycle, c.row.end - c.row.start, c.row.probes,
                                c.row.evaluations, cost));
    if (c.row.gangs != gangs[c.row.cycle])
      out.push_back(fmt::format("{}: cycle {} counts {} gangs, gangs.csv has {}", c.where,
                                c.row.cycle, c.row.gangs, gangs[c.row.cycle]));
    prev = &c;
  }
}

std::vector<std::string> audit_run(const std::string& dir, const AuditContext& c) {
  std::vector<std::string> out;
  try {
    const AuditRows rows = read_audit_rows(dir, c, out);
    check_holds(rows, out);
    check_gangs(rows, out);
    check_hold_owners(rows, out);
    check_jobs(rows, c, out);
    check_cycles(rows, c, out);
    const auto summary = metrics::read_csv(dir + "/summary.csv");
    const double end = summary_value(summary, "end");
    if (std::isfinite(end))
      check_utilisation(metrics::read_csv(dir + "/utilisation.csv"), rows, c, end, out);
    check_summary(summary, rows, c, out);
  } catch (const std::exception& e) {
    out.push_back(e.what());
  }
  return out;
}

}  // namespace arsim::kinds::gangmatch
