#include "sim/kinds/coallocation/output/audit_repair_parts.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/numbers.hpp"

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

}  // namespace

void check_new_sites(const RepairRow& x, const std::vector<std::string>& sites,
                     const metrics::CsvTable& failures, const SiteHosts& hosts,
                     const model::ResourceGraph& g, std::vector<std::string>& violations) {
  for (const auto& s : x.new_sites) {
    const auto v = g.find_vertex(s);
    if (!v || g.vertex(*v).role != model::VertexRole::Site ||
        std::count(sites.begin(), sites.end(), s) != 1 ||
        down_throughout(s, x.broken_at, x.repaired_at, failures, hosts))
      // A site that fails between the repair's hold and its commit is committed all the same
      // (its RM granted the hold), and its reservation breaks at its start as any other.
      violations.push_back(fmt::format(
          "{}: repair {} of request {} moves a component to '{}', not a compute site that was up "
          "at some time between the break {} and the commit {} and held no other component",
          x.where, x.repair, x.request_id, s, x.broken_at, x.repaired_at));
  }
}

void check_routes(const RepairRow& x, const RequestRow& r, const std::vector<std::string>& sites,
                  const metrics::CsvTable& failures, const model::ResourceGraph& g,
                  std::vector<std::string>& violations) {
  for (std::size_t k = 0; k < x.rerouted.size(); ++k) {
    const auto& p = r.pairs[x.rerouted[k]];
    const auto& route = x.routes[k];
    const auto a = g.find_vertex(sites.at(p.a)), b = g.find_vertex(sites.at(p.b));
    std::string problem = a && b ? chain_problem(g, route, *a, *b) : "its sites are unknown";
    for (const auto& e : route)
      if (problem.empty() && ((x.kind == "bandwidth" && e == x.resource) ||
                              down_throughout(e, x.broken_at, x.repaired_at, failures, {})))
        problem = fmt::format("'{}' was down from the break {} until the commit {}", e, x.broken_at,
                              x.repaired_at);
    if (!problem.empty())
      violations.push_back(fmt::format(
          "{}: repair {} of request {} routes pair {} between '{}' and '{}' over '{}': {}", x.where,
          x.repair, r.id, x.rerouted[k], sites.at(p.a), sites.at(p.b), fmt::join(route, "+"),
          problem));
  }
}

void check_new_parts(const RepairRow& x, const RequestRow& r, const std::vector<std::string>& sites,
                     const std::vector<ReservationRow>& reservations,
                     std::vector<std::string>& violations) {
  std::map<std::string, double> cores, bandwidth, need_cores, need_bandwidth;
  for (const auto& res : reservations) {
    if (res.request_id != r.id || res.repair != x.repair) continue;
    if (!near(res.start, x.start) || !r.end || !near(res.end, *r.end))
      violations.push_back(fmt::format("{}: reservation [{}, {}) of repair {} is not [{}, {})",
                                       res.where, res.start, res.end, x.repair, x.start,
                                       r.end.value_or(0)));
    (res.kind == "cores" ? cores : bandwidth)[res.resource] += res.amount;
  }
  for (int j : x.moved) need_cores[sites.at(j)] += r.component_cpus.at(j);
  for (std::size_t k = 0; k < x.rerouted.size(); ++k)
    for (const auto& e : x.routes[k]) need_bandwidth[e] += r.pairs[x.rerouted[k]].bandwidth;
  const auto same = [](const auto& got, const auto& need) {
    return got.size() == need.size() &&
           std::equal(got.begin(), got.end(), need.begin(), [](const auto& a, const auto& b) {
             return a.first == b.first && near(a.second, b.second);
           });
  };
  if (!same(cores, need_cores))
    violations.push_back(fmt::format(
        "{}: repair {} of request {} reserved cores other than its moved components' on their "
        "new sites",
        x.where, x.repair, r.id));
  if (!same(bandwidth, need_bandwidth))
    violations.push_back(
        fmt::format("{}: repair {} of request {} reserved bandwidth other than its new routes'",
                    x.where, x.repair, r.id));
}

void check_old_parts(const RepairRow& x, const RequestRow& r, const Placement& p,
                     const std::vector<ReservationRow>& reservations, const metrics::CsvTable& jobs,
                     std::vector<std::string>& violations) {
  const auto given_back = [&](const ReservationRow& res) {
    return res.released_at && *res.released_at >= x.repaired_at - kTol;
  };
  // Only the cores still held when the site broke: an earlier repair may have given back others
  // on this site (a component placed there, moved away, and another placed there later).
  for (const auto& res : reservations)
    if (x.kind == "cores" && res.request_id == r.id && res.repair < x.repair &&
        res.kind == "cores" && res.resource == x.resource &&
        !(res.released_at && *res.released_at < x.broken_at - kTol) && !given_back(res))
      violations.push_back(
          fmt::format("{}: the cores of request {} on the failed site '{}' were not given back at "
                      "its repair {}",
                      res.where, r.id, x.resource, x.repair));
  const std::set<int> rerouted(x.rerouted.begin(), x.rerouted.end());
  std::set<std::pair<std::string, int>> kept, old;  // (path, commit)
  for (std::size_t l = 0; l < p.routes.size(); ++l)
    for (const auto& e : p.routes[l])
      (rerouted.count(static_cast<int>(l)) ? old : kept).insert({e, p.commits[l]});
  for (const auto& part : old) {
    if (kept.count(part)) continue;
    const auto res = std::find_if(reservations.begin(), reservations.end(), [&](const auto& y) {
      return y.request_id == r.id && y.kind == "bandwidth" && y.resource == part.first &&
             y.repair == part.second;
    });
    if (res == reservations.end() || !given_back(*res))
      violations.push_back(fmt::format(
          "{}: repair {} of request {} did not give back its old route's '{}' (repair {})", x.where,
          x.repair, r.id, part.first, part.second));
  }
  if (x.kind != "cores") return;
  const auto c_id = jobs.column("job_id"), c_site = jobs.column("allocated_resources"),
             c_start = jobs.column("starting_time"), c_end = jobs.column("finish_time");
  for (std::size_t i = 0; i < jobs.rows.size(); ++i) {
    const auto& f = jobs.rows[i];
    const auto start = base::parse_double(f[c_start]), end = base::parse_double(f[c_end]);
    if (f[c_id].rfind(std::to_string(r.id) + ":", 0) == 0 && f[c_site] == x.resource && start &&
        end && (*start < x.start) && (*end > x.start + kTol))
      violations.push_back(
          fmt::format("{}: job {} ran on the failed site '{}' until {}, after "
                      "its repair's start {}",
                      jobs.where(i), f[c_id], x.resource, *end, x.start));
  }
}

}  // namespace arsim::kinds::coallocation::audit
