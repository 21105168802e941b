#include "sim/kinds/coallocation/output/audit_repairs.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/numbers.hpp"
#include "sim/kinds/coallocation/output/repairs.hpp"

namespace arsim::kinds::coallocation::audit {

namespace {

constexpr double kTol = 1e-9;

bool near(double a, double b) {
  return std::abs(a - b) <= kTol;
}

// Whether a host of `site` (or a link named `site`) was down from `from` (or before) until after
// `to`, per failures.csv.
bool down_throughout(const std::string& site, double from, double to,
                     const metrics::CsvTable& failures, const SiteHosts& hosts) {
  std::set<std::string> names{site};
  if (const auto it = hosts.find(site); it != hosts.end())
    for (const auto& [host, cores] : it->second) names.insert(host);
  for (const auto& f : failures.rows) {
    const auto down = base::parse_double(f[failures.column("down")]);
    const auto up = base::parse_double(f[failures.column("up")]);
    if (names.count(f[failures.column("resource")]) && down && *down <= from + kTol &&
        (!up || *up > to))
      return true;
  }
  return false;
}

// Whether the edges with at least `need` Gbit/s in `bandwidth` join vertices `from` and `to`.
bool joined(const model::ResourceGraph& g, const std::map<std::string, double>& bandwidth, int from,
            int to, double need) {
  std::vector<bool> seen(g.vertex_count(), false);
  std::deque<int> queue{from};
  seen[from] = true;
  while (!queue.empty()) {
    const int v = queue.front();
    queue.pop_front();
    if (v == to) return true;
    for (int e : g.incident(v)) {
      const auto it = bandwidth.find(g.edge(e).name);
      const int w = g.other_end(e, v);
      if (it != bandwidth.end() && it->second >= need - kTol && !seen[w]) {
        seen[w] = true;
        queue.push_back(w);
      }
    }
  }
  return false;
}

// The reservations of repair `x` against the moved components and pairs; `sites` after it.
void check_new_parts(const RepairRow& x, const RequestRow& r, const std::vector<std::string>& sites,
                     const std::vector<ReservationRow>& reservations, const model::ResourceGraph& g,
                     std::vector<std::string>& violations) {
  std::map<std::string, double> cores, bandwidth, need;
  for (const auto& res : reservations) {
    if (res.request_id != r.id || res.repair != x.repair) continue;
    if (!near(res.start, x.start) || !r.end || !near(res.end, *r.end))
      violations.push_back(fmt::format("{}: reservation [{}, {}) of repair {} is not [{}, {})",
                                       res.where, res.start, res.end, x.repair, x.start,
                                       r.end.value_or(0)));
    (res.kind == "cores" ? cores : bandwidth)[res.resource] += res.amount;
  }
  for (std::size_t k = 0; k < x.moved.size(); ++k)
    need[x.new_sites[k]] += r.component_cpus.at(x.moved[k]);
  if (cores.size() != need.size() ||
      !std::equal(cores.begin(), cores.end(), need.begin(), [](const auto& a, const auto& b) {
        return a.first == b.first && near(a.second, b.second);
      }))
    violations.push_back(
        fmt::format("{}: repair {} of request {} reserved cores other than its "
                    "moved components' on their new sites",
                    x.where, x.repair, r.id));
  const std::set<int> moved(x.moved.begin(), x.moved.end());
  for (std::size_t l = 0; l < r.pairs.size(); ++l) {
    const auto& p = r.pairs[l];
    if (p.bandwidth <= 0 || (!moved.count(p.a) && !moved.count(p.b))) continue;
    const auto a = g.find_vertex(sites.at(p.a)), b = g.find_vertex(sites.at(p.b));
    if (!a || !b || !joined(g, bandwidth, *a, *b, p.bandwidth))
      violations.push_back(
          fmt::format("{}: repair {} of request {} reserves no {} Gbit/s chain "
                      "between '{}' and '{}' for pair {}",
                      x.where, x.repair, r.id, p.bandwidth, sites.at(p.a), sites.at(p.b), l));
  }
}

// The moved components' old cores given back by the new start, and no job on the failed site
// after it.
void check_old_parts(const RepairRow& x, const RequestRow& r,
                     const std::vector<ReservationRow>& reservations, const metrics::CsvTable& jobs,
                     std::vector<std::string>& violations) {
  // Only the cores still held when the site broke: an earlier repair may have given back others
  // on this site (a component placed there, moved away, and another placed there later).
  for (const auto& res : reservations)
    if (res.request_id == r.id && res.repair < x.repair && res.kind == "cores" &&
        res.resource == x.site && !(res.released_at && *res.released_at < x.broken_at - kTol) &&
        (!res.released_at || *res.released_at < x.repaired_at - kTol))
      violations.push_back(
          fmt::format("{}: the cores of request {} on the failed site '{}' were not given back at "
                      "its repair {}",
                      res.where, r.id, x.site, x.repair));
  const auto c_id = jobs.column("job_id"), c_site = jobs.column("allocated_resources"),
             c_start = jobs.column("starting_time"), c_end = jobs.column("finish_time");
  for (std::size_t i = 0; i < jobs.rows.size(); ++i) {
    const auto& f = jobs.rows[i];
    const auto start = base::parse_double(f[c_start]), end = base::parse_double(f[c_end]);
    if (f[c_id].rfind(std::to_string(r.id) + ":", 0) == 0 && f[c_site] == x.site && start && end &&
        *start<x.start&& * end> x.start + kTol)
      violations.push_back(
          fmt::format("{}: job {} ran on the failed site '{}' until {}, after "
                      "its repair's start {}",
                      jobs.where(i), f[c_id], x.site, *end, x.start));
  }
}

}  // namespace

std::vector<RepairRow> read_repairs(const metrics::CsvTable& t,
                                    std::vector<std::string>& violations) {
  std::vector<RepairRow> out;
  if (t.header.empty()) return out;
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const auto& f = t.rows[i];
    const auto id = base::parse_int(f[t.column("request_id")]),
               repair = base::parse_int(f[t.column("repair")]);
    const auto broken = base::parse_double(f[t.column("broken_at")]),
               repaired = base::parse_double(f[t.column("repaired_at")]),
               start = base::parse_double(f[t.column("start")]);
    RepairRow row{t.where(i),
                  0,
                  0,
                  f[t.column("site")],
                  0,
                  0,
                  0,
                  {},
                  split_list(f[t.column("new_sites")], ';')};
    bool ok = id && repair && broken && repaired && start;
    for (const auto& m : split_list(f[t.column("moved")], ';')) {
      const auto j = base::parse_int(m);
      ok = ok && j && *j >= 0;
      row.moved.push_back(j ? static_cast<int>(*j) : -1);
    }
    if (!ok || row.moved.empty() || row.moved.size() != row.new_sites.size()) {
      violations.push_back(
          fmt::format("{}: not a row of request_id, repair, site, broken_at, "
                      "repaired_at, start, moved and as many new_sites",
                      t.where(i)));
      continue;
    }
    row.request_id = static_cast<int>(*id);
    row.repair = static_cast<int>(*repair);
    row.broken_at = *broken;
    row.repaired_at = *repaired;
    row.start = *start;
    out.push_back(std::move(row));
  }
  return out;
}

MovedComponents moved_components(const std::vector<RepairRow>& repairs) {
  MovedComponents out;
  for (const auto& x : repairs)
    for (std::size_t k = 0; k < x.moved.size(); ++k)
      out[{x.request_id, x.moved[k]}].emplace_back(x.new_sites[k], x.start);
  return out;
}

std::vector<SummaryRow> check_repairs(const std::vector<RepairRow>& repairs,
                                      const std::vector<RequestRow>& requests,
                                      const std::vector<ReservationRow>& reservations,
                                      const metrics::CsvTable& failures,
                                      const metrics::CsvTable& jobs, const SiteHosts& hosts,
                                      const model::ResourceGraph& g,
                                      std::vector<std::string>& violations) {
  std::map<int, const RequestRow*> rows;
  for (const auto& r : requests) rows[r.id] = &r;
  std::map<int, std::vector<std::string>> sites;  // per request: its sites after its repairs
  std::map<int, int> count;                       // per request: its repairs so far
  std::vector<RepairTimes> times;
  for (const auto& x : repairs) {
    const auto fail = [&](const std::string& what) {
      violations.push_back(
          fmt::format("{}: repair {} of request {} {}", x.where, x.repair, x.request_id, what));
    };
    const auto it = rows.find(x.request_id);
    if (it == rows.end() || !it->second->accepted || !it->second->start || !it->second->end) {
      fail("repairs a request that was not accepted");
      continue;
    }
    const RequestRow& r = *it->second;
    times.push_back({r.id, x.broken_at, x.repaired_at});
    auto& now = sites.try_emplace(r.id, r.sites).first->second;
    if (x.repair != ++count[r.id])
      fail("is out of order: repairs of a request are numbered 1, 2, ... in repairs.csv");
    if (!(x.broken_at <= x.repaired_at + kTol && x.repaired_at <= x.start + kTol &&
          x.start >= *r.start - kTol && x.start < *r.end))
      fail(
          fmt::format("has broken_at {}, repaired_at {}, start {}: not ordered inside the "
                      "reserved frame [{}, {})",
                      x.broken_at, x.repaired_at, x.start, *r.start, *r.end));
    std::vector<int> on_failed;
    for (std::size_t j = 0; j < now.size(); ++j)
      if (now[j] == x.site) on_failed.push_back(static_cast<int>(j));
    auto moved = x.moved;
    std::sort(moved.begin(), moved.end());
    if (moved != on_failed) {
      fail(fmt::format("moves components {}, not those on the failed site '{}'",
                       fmt::join(x.moved, ";"), x.site));
      continue;
    }
    for (std::size_t k = 0; k < moved.size(); ++k) now[x.moved[k]] = x.new_sites[k];
    for (const auto& s : x.new_sites) {
      const auto v = g.find_vertex(s);
      if (!v || g.vertex(*v).role != model::VertexRole::Site ||
          std::count(now.begin(), now.end(), s) != 1 ||
          down_throughout(s, x.broken_at, x.repaired_at, failures, hosts))
        // A site that fails between the repair's hold and its commit is committed all the same
        // (its RM granted the hold), and its reservation breaks at its start as any other.
        fail(
            fmt::format("moves a component to '{}', not a compute site that was up at some time "
                        "between the break {} and the commit {} and held no other component",
                        s, x.broken_at, x.repaired_at));
    }
    check_new_parts(x, r, now, reservations, g, violations);
    check_old_parts(x, r, reservations, jobs, violations);
  }
  return repair_metrics(times);
}

}  // namespace arsim::kinds::coallocation::audit
