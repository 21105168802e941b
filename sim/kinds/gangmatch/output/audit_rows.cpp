#include "sim/kinds/gangmatch/output/audit_rows.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include <fmt/format.h>

#include "base/numbers.hpp"
#include "sim/kinds/gangmatch/output/writers.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::gangmatch {

namespace {

// Reads the fields of one row; the first field that does not read marks the row bad.
class Fields {
 public:
  Fields(const metrics::CsvTable& t, std::size_t row, const AuditContext& c,
         std::vector<std::string>& out)
      : t_(t), row_(t.rows[row]), c_(c), out_(out), where_(t.where(row)) {}

  const std::string& where() const { return where_; }
  bool ok() const { return ok_; }
  const std::string& text(const char* column) const { return row_[t_.column(column)]; }

  double number(const char* column) {
    const auto v = base::parse_double(text(column));
    if (!v || !std::isfinite(*v)) return bad(column, "a finite number"), 0.0;
    return *v;
  }
  double time_or_never(const char* column) {
    return text(column).empty() ? kNever : number(column);
  }
  int integer(const char* column) {
    const auto v = base::parse_int32(text(column));
    if (!v || *v < 0) return bad(column, "an integer >= 0"), 0;
    return *v;
  }
  Member member(const std::string& name, MemberKind kind, const char* column) {
    const auto m = parse_member(name);
    if (!m || m->kind != kind) return bad(column, "a " + kind_name(kind)), Member{kind, -1};
    const int count = kind == MemberKind::Job           ? c_.jobs
                      : kind == MemberKind::Workstation ? c_.workstations
                                                        : c_.licenses;
    if (m->index >= count)
      bad(column, fmt::format("a {} of the run (it has {})", kind_name(kind), count));
    return *m;
  }
  Member member(const char* column, MemberKind kind) { return member(text(column), kind, column); }
  std::vector<Member> members(const char* column, MemberKind kind) {
    std::vector<Member> out;
    std::istringstream in(text(column));
    for (std::string name; std::getline(in, name, ';');) out.push_back(member(name, kind, column));
    return out;
  }
  // A column the writer computes from others: `expected`, or empty when that is NaN.
  void derived(const char* column, double expected) {
    if (std::isnan(expected) ? text(column).empty() : near(time_or_never(column), expected)) return;
    bad(column, fmt::format("{}, recomputed",
                            std::isnan(expected) ? "empty" : fmt::format("{}", expected)));
  }
  static bool near(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
  }
  void bad(const char* column, const std::string& expected) {
    out_.push_back(fmt::format("{}: {} '{}': expected {}", where_, column, text(column), expected));
    ok_ = false;
  }

 private:
  const metrics::CsvTable& t_;
  const std::vector<std::string>& row_;
  const AuditContext& c_;
  std::vector<std::string>& out_;
  std::string where_;
  bool ok_ = true;
};

template <class Row, class F>
std::vector<Located<Row>> read_rows(const std::string& path, const AuditContext& c,
                                    std::vector<std::string>& out, F&& read) {
  const metrics::CsvTable t = metrics::read_csv(path);
  std::vector<Located<Row>> rows;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    Fields f(t, r, c, out);
    Row row = read(f);
    if (f.ok()) rows.push_back({std::move(row), f.where()});
  }
  return rows;
}

JobRow read_job(Fields& f) {
  JobRow j;
  j.job = f.member("job_id", MemberKind::Job).index;
  j.user = f.text("user");
  j.submitted = f.text("state") != "unsubmitted";
  j.submit = f.number("submission_time");
  j.duration = f.number("requested_time");
  j.ports = f.integer("requested_number_of_resources");
  j.first_match = f.time_or_never("first_match");
  j.match = f.time_or_never("match");
  j.claim = f.time_or_never("claim");
  j.start = f.time_or_never("starting_time");
  j.finish = f.time_or_never("finish_time");
  if (!f.text("workstation").empty())
    j.workstation = f.member("workstation", MemberKind::Workstation);
  j.licenses = f.members("licenses", MemberKind::License);
  j.gangs = f.integer("gangs");
  j.refusals = f.integer("refusals");
  f.derived("waiting_time", j.start - j.submit);
  f.derived("execution_time", j.finish - j.start);
  if (f.text("state") != job_state(j))
    f.bad("state", fmt::format("'{}' from the times", job_state(j)));
  const auto batsim = batsim_job(j);
  if (f.text("final_state") != batsim.final_state)
    f.bad("final_state", fmt::format("'{}' from the times", batsim.final_state));
  if (f.text("allocated_resources") != batsim.allocated_resources)
    f.bad("allocated_resources",
          fmt::format("'{}' from workstation and licenses", batsim.allocated_resources));
  return j;
}

GangRow read_gang(Fields& f) {
  GangRow g;
  g.gang = f.integer("gang");
  g.cycle = f.integer("cycle");
  g.matched = f.number("matched");
  g.members.push_back(f.member("job", MemberKind::Job));
  for (Member m : f.members("workstation", MemberKind::Workstation)) g.members.push_back(m);
  for (Member m : f.members("licenses", MemberKind::License)) g.members.push_back(m);
  g.outcome = f.text("outcome");
  if (g.outcome != "committed" && g.outcome != "refused" && g.outcome != "unclaimed")
    f.bad("outcome", "committed, refused or unclaimed");
  g.decided = f.time_or_never("decided");
  std::istringstream in(f.text("refused_by"));
  for (std::string item; std::getline(in, item, ';');) {
    const auto colon = item.find(':');
    const auto m = parse_member(item.substr(0, colon));
    if (colon == std::string::npos || !m || m->kind == MemberKind::Job)
      f.bad("refused_by", "resource:reason items separated by ';'");
    else
      g.refused_by.push_back({*m, item.substr(colon + 1)});
  }
  return g;
}

HoldRow read_hold(Fields& f) {
  HoldRow h;
  const auto m = parse_member(f.text("resource"));
  const MemberKind kind =
      m && m->kind == MemberKind::License ? MemberKind::License : MemberKind::Workstation;
  h.resource = f.member("resource", kind);
  if (f.text("kind") != kind_name(kind)) f.bad("kind", "the resource's kind, " + kind_name(kind));
  h.gang = f.integer("gang");
  h.job = f.member("job", MemberKind::Job).index;
  h.start = f.number("start");
  h.end = f.number("end");
  if (h.end < h.start) f.bad("end", "a time >= start");
  h.committed = f.text("outcome") == "committed";
  if (!h.committed && f.text("outcome") != "released") f.bad("outcome", "committed or released");
  return h;
}

PeriodRow read_period(Fields& f) {
  PeriodRow p;
  const auto m = parse_member(f.text("resource"));
  const MemberKind kind =
      m && m->kind == MemberKind::License ? MemberKind::License : MemberKind::Workstation;
  p.resource = f.member("resource", kind);
  p.start = f.number("start");
  p.end = f.number("end");
  if (p.end < p.start) f.bad("end", "a time >= start");
  return p;
}

CycleRow read_cycle(Fields& f) {
  CycleRow c;
  c.cycle = f.integer("cycle");
  c.start = f.number("start");
  c.end = f.number("end");
  c.roots = f.integer("roots");
  c.resources = f.integer("resources");
  c.gangs = f.integer("gangs");
  c.probes = f.integer("probes");
  c.evaluations = f.integer("evaluations");
  c.docks = f.integer("docks");
  f.derived("duration", c.end - c.start);
  return c;
}

}  // namespace

AuditRows read_audit_rows(const std::string& dir, const AuditContext& c,
                          std::vector<std::string>& out) {
  AuditRows rows;
  rows.jobs = read_rows<JobRow>(dir + "/jobs.csv", c, out, read_job);
  rows.gangs = read_rows<GangRow>(dir + "/gangs.csv", c, out, read_gang);
  rows.holds = read_rows<HoldRow>(dir + "/holds.csv", c, out, read_hold);
  rows.periods = read_rows<PeriodRow>(dir + "/unavailability.csv", c, out, read_period);
  rows.cycles = read_rows<CycleRow>(dir + "/cycles.csv", c, out, read_cycle);
  return rows;
}

}  // namespace arsim::kinds::gangmatch
