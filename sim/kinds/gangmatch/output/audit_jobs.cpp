// The auditor's checks of gangs and jobs (audit.hpp).
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <fmt/format.h>

#include "sim/kinds/gangmatch/output/audit_rows.hpp"

namespace arsim::kinds::gangmatch {

namespace {

constexpr double kEps = 1e-6;  // seconds: times are printed to round trip, executions add rounding

// The committed holds of each job, by resource.
std::map<int, std::map<Member, const Located<HoldRow>*>> committed_holds(
    const AuditRows& rows, std::vector<std::string>& out) {
  std::map<int, std::map<Member, const Located<HoldRow>*>> by_job;
  for (const auto& h : rows.holds) {
    if (!h.row.committed) continue;
    auto [it, fresh] = by_job[h.row.job].emplace(h.row.resource, &h);
    if (!fresh)
      out.push_back(fmt::format("{}: job{} holds {} in two committed claims", h.where, h.row.job,
                                member_name(h.row.resource)));
  }
  return by_job;
}

void check_finished(const Located<JobRow>& j,
                    const std::map<Member, const Located<HoldRow>*>& holds,
                    std::vector<std::string>& out) {
  const JobRow& r = j.row;
  if (std::abs(r.finish - r.start - r.duration) > kEps * std::max(1.0, r.duration))
    out.push_back(fmt::format("{}: job{} ran {} s, its duration is {} s", j.where, r.job,
                              r.finish - r.start, r.duration));
  if (r.workstation.index < 0)
    out.push_back(fmt::format("{}: job{} finished on no workstation", j.where, r.job));
  std::vector<Member> needed = r.licenses;
  if (r.workstation.index >= 0) needed.push_back(r.workstation);
  if (static_cast<int>(needed.size()) != r.ports)
    out.push_back(fmt::format("{}: job{} ran with {} resources, its ad has {} ports", j.where,
                              r.job, needed.size(), r.ports));
  for (Member m : needed) {
    auto it = holds.find(m);
    if (it == holds.end()) {
      out.push_back(fmt::format("{}: job{} ran without a committed hold on {}", j.where, r.job,
                                member_name(m)));
      continue;
    }
    const HoldRow& h = it->second->row;
    if (h.start > r.start + kEps || h.end < r.finish - kEps)
      out.push_back(fmt::format("{}: {} was held [{}, {}) but job{} ran [{}, {})",
                                it->second->where, member_name(m), h.start, h.end, r.job, r.start,
                                r.finish));
  }
  if (holds.size() != needed.size())
    out.push_back(fmt::format("{}: job{} has {} committed holds for {} resources it ran with",
                              j.where, r.job, holds.size(), needed.size()));
}

bool same_time(double a, double b) {
  return std::isnan(a) ? std::isnan(b) : !std::isnan(b) && std::abs(a - b) <= kEps;
}

// The columns of a job's row that gangs.csv decides: its first notification, and the match,
// claim, workstation and licenses of the gang that committed (none: all empty).
void check_gang_columns(const Located<JobRow>& j, const std::vector<const GangRow*>& gangs,
                        std::vector<std::string>& out) {
  double first = kNever, match = kNever, claim = kNever;
  Member workstation;
  std::vector<Member> licenses;
  for (const GangRow* g : gangs) {
    if (std::isnan(first) || g->matched < first) first = g->matched;
    if (g->outcome != "committed") continue;
    match = g->matched;
    claim = g->decided;
    for (std::size_t i = 1; i < g->members.size(); ++i)
      if (g->members[i].kind == MemberKind::Workstation)
        workstation = g->members[i];
      else
        licenses.push_back(g->members[i]);
  }
  const JobRow& r = j.row;
  if (std::isnan(r.start)) workstation = Member{};  // known when the job starts there
  if (!same_time(r.first_match, first) || !same_time(r.match, match) || !same_time(r.claim, claim))
    out.push_back(
        fmt::format("{}: job{} first match, match, claim {}, {}, {}; gangs.csv gives {}, {}, {}",
                    j.where, r.job, r.first_match, r.match, r.claim, first, match, claim));
  if (r.workstation != workstation || r.licenses != licenses)
    out.push_back(
        fmt::format("{}: job{} has not the resources of its committed gang", j.where, r.job));
}

bool ordered(double a, double b) {
  return std::isnan(b) || (!std::isnan(a) && a <= b + kEps);
}

}  // namespace

void check_gangs(const AuditRows& rows, std::vector<std::string>& out) {
  std::map<int, const Located<JobRow>*> jobs;
  for (const auto& j : rows.jobs) jobs[j.row.job] = &j;
  std::map<int, double> cycle_end;
  for (const auto& c : rows.cycles) cycle_end[c.row.cycle] = c.row.end;
  std::map<int, std::map<Member, bool>> committed_by_gang;  // gang -> member -> committed hold
  for (const auto& h : rows.holds) {
    bool& c = committed_by_gang[h.row.gang][h.row.resource];
    c = c || h.row.committed;
  }
  std::set<std::pair<int, Member>> used;  // (cycle, member)
  std::set<int> ids;
  for (const auto& g : rows.gangs) {
    const GangRow& r = g.row;
    if (!ids.insert(r.gang).second)
      out.push_back(fmt::format("{}: gang {} twice", g.where, r.gang));
    for (Member m : r.members)
      if (!used.insert({r.cycle, m}).second)
        out.push_back(
            fmt::format("{}: {} is in two gangs of cycle {}", g.where, member_name(m), r.cycle));
    auto job = jobs.find(r.members.at(0).index);
    if (job == jobs.end())
      out.push_back(fmt::format("{}: gang {} of a job without a row in jobs.csv", g.where, r.gang));
    else if (static_cast<int>(r.members.size()) != job->second->row.ports + 1)
      out.push_back(fmt::format("{}: gang {} has {} resources for a job with {} ports", g.where,
                                r.gang, r.members.size() - 1, job->second->row.ports));
    auto end = cycle_end.find(r.cycle);
    if (end == cycle_end.end() || std::abs(end->second - r.matched) > kEps)
      out.push_back(fmt::format("{}: gang {} notified at {}, not when its cycle {} ended", g.where,
                                r.gang, r.matched, r.cycle));
    const auto& holds = committed_by_gang[r.gang];
    if (r.outcome == "committed") {
      for (std::size_t i = 1; i < r.members.size(); ++i)
        if (!holds.count(r.members[i]) || !holds.at(r.members[i]))
          out.push_back(fmt::format("{}: gang {} committed without a committed hold on {}", g.where,
                                    r.gang, member_name(r.members[i])));
    } else {
      for (const auto& [m, committed] : holds)
        if (committed)
          out.push_back(fmt::format("{}: gang {} is {} but {} committed to it", g.where, r.gang,
                                    r.outcome, member_name(m)));
    }
    if ((r.outcome == "refused") != !r.refused_by.empty())
      out.push_back(fmt::format("{}: gang {} is {} and names {} refusing members", g.where, r.gang,
                                r.outcome, r.refused_by.size()));
  }
}

void check_hold_owners(const AuditRows& rows, std::vector<std::string>& out) {
  std::map<int, const GangRow*> gangs;
  for (const auto& g : rows.gangs) gangs[g.row.gang] = &g.row;
  for (const auto& h : rows.holds) {
    auto it = gangs.find(h.row.gang);
    if (it == gangs.end()) {
      out.push_back(fmt::format("{}: {} held for gang {}, which gangs.csv does not have", h.where,
                                member_name(h.row.resource), h.row.gang));
      continue;
    }
    const auto& members = it->second->members;
    if (members.at(0).index != h.row.job ||
        std::find(members.begin() + 1, members.end(), h.row.resource) == members.end())
      out.push_back(fmt::format("{}: {} held for job{} by gang {}, which is not theirs", h.where,
                                member_name(h.row.resource), h.row.job, h.row.gang));
  }
}

void check_jobs(const AuditRows& rows, const AuditContext& c, std::vector<std::string>& out) {
  if (static_cast<int>(rows.jobs.size()) != c.jobs)
    out.push_back(fmt::format("jobs.csv: {} rows for {} jobs", rows.jobs.size(), c.jobs));
  std::map<int, int> gangs, refused;
  std::map<int, std::vector<const GangRow*>> of_job;
  for (const auto& g : rows.gangs) {
    of_job[g.row.members.at(0).index].push_back(&g.row);
    ++gangs[g.row.members.at(0).index];
    refused[g.row.members.at(0).index] += g.row.outcome == "refused";
  }
  const auto holds = committed_holds(rows, out);
  std::set<int> seen;
  for (const auto& j : rows.jobs) {
    const JobRow& r = j.row;
    if (!seen.insert(r.job).second) out.push_back(fmt::format("{}: job{} twice", j.where, r.job));
    if (r.gangs != gangs[r.job] || r.refusals != refused[r.job])
      out.push_back(
          fmt::format("{}: job{} counts {} gangs and {} refusals, gangs.csv has {} and {}", j.where,
                      r.job, r.gangs, r.refusals, gangs[r.job], refused[r.job]));
    check_gang_columns(j, of_job[r.job], out);
    if (!ordered(r.submit, r.first_match) || !ordered(r.first_match, r.match) ||
        !ordered(r.match, r.claim) || !ordered(r.claim, r.start) || !ordered(r.start, r.finish))
      out.push_back(
          fmt::format("{}: job{} times out of order (submit, first match, match, claim, "
                      "start, finish)",
                      j.where, r.job));
    if (!std::isnan(r.finish)) {
      auto it = holds.find(r.job);
      check_finished(
          j, it == holds.end() ? std::map<Member, const Located<HoldRow>*>{} : it->second, out);
    }
  }
}

}  // namespace arsim::kinds::gangmatch
