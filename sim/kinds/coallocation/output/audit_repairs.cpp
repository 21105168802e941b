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

// A request's placement as its repairs left it: sites per component; route and the repair it was
// committed under (0: the first plan) per pair.
struct Placement {
  std::vector<std::string> sites;
  std::vector<std::vector<std::string>> routes;
  std::vector<int> commits;
};

// The pairs repair `x` must re-route: after a site's failure those with bandwidth and a moved
// end, after a path's those whose route uses it.
std::vector<int> expected_rerouted(const RepairRow& x, const RequestRow& r, const Placement& p) {
  const std::set<int> moved(x.moved.begin(), x.moved.end());
  std::vector<int> out;
  for (std::size_t l = 0; l < r.pairs.size(); ++l) {
    const auto& route = p.routes[l];
    if (x.kind == "cores"
            ? r.pairs[l].bandwidth > 0 && (moved.count(r.pairs[l].a) || moved.count(r.pairs[l].b))
            : std::find(route.begin(), route.end(), x.resource) != route.end())
      out.push_back(static_cast<int>(l));
  }
  return out;
}

// Why `route` is not a chain of paths leaving vertex `from` and ending at `to` without visiting a
// vertex twice ("" when it is).
std::string chain_problem(const model::ResourceGraph& g, const std::vector<std::string>& route,
                          int from, int to) {
  std::set<int> visited{from};
  int at = from;
  for (const auto& name : route) {
    const auto e = g.find_edge(name);
    if (!e) return fmt::format("'{}' is not a path", name);
    if (g.edge(*e).a != at && g.edge(*e).b != at)
      return fmt::format("'{}' does not touch '{}'", name, g.vertex(at).name);
    at = g.other_end(*e, at);
    if (!visited.insert(at).second) return fmt::format("it visits '{}' twice", g.vertex(at).name);
  }
  return at == to ? ""
                  : fmt::format("it ends at '{}', not '{}'", g.vertex(at).name, g.vertex(to).name);
}

// The new routes of repair `x`: each a chain between its pair's sites after it (`sites`), over no
// path that was down from the break until the commit, nor over the failed path.
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

// The reservations of repair `x` against what it needs: the moved components' cores on their new
// sites (`sites` after it) and its new routes' bandwidth, over [start, the frame's end).
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

// What repair `x` gave back (released_at, not before its commit): the moved components' cores on
// the failed site, and each old-route path of a re-planned pair that no kept pair uses under the
// same commit (`p`: the placement before it). No job of the request ran on a failed site after it.
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
        end && *start<x.start&& * end> x.start + kTol)
      violations.push_back(
          fmt::format("{}: job {} ran on the failed site '{}' until {}, after "
                      "its repair's start {}",
                      jobs.where(i), f[c_id], x.resource, *end, x.start));
  }
}

// The moved components' new sites (`sites`: every component's after repair `x`): compute sites
// up at some time between the break and the commit, each holding one component.
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

// The first plan of `r`, from requests.csv.
Placement first_placement(const RequestRow& r) {
  Placement p{r.sites, r.paths, std::vector<int>(r.pairs.size(), 0)};
  p.routes.resize(r.pairs.size());  // the auditor reports a count that differs
  return p;
}

// ';'-separated indices, or nothing when one is not a non-negative integer.
std::optional<std::vector<int>> indices(const std::string& field) {
  std::vector<int> out;
  for (const auto& m : split_list(field, ';')) {
    const auto j = base::parse_int32(m);
    if (!j || *j < 0) return std::nullopt;
    out.push_back(*j);
  }
  return out;
}

}  // namespace

std::vector<RepairRow> read_repairs(const metrics::CsvTable& t,
                                    std::vector<std::string>& violations) {
  std::vector<RepairRow> out;
  if (t.header.empty()) return out;
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const auto& f = t.rows[i];
    const auto text = [&](const char* column) -> const std::string& { return f[t.column(column)]; };
    const auto id = base::parse_int32(text("request_id")),
               repair = base::parse_int32(text("repair"));
    const auto broken = base::parse_double(text("broken_at")),
               repaired = base::parse_double(text("repaired_at")),
               start = base::parse_double(text("start"));
    const auto moved = indices(text("moved")), rerouted = indices(text("rerouted"));
    RepairRow row{t.where(i),
                  id.value_or(0),
                  repair.value_or(0),
                  text("kind"),
                  text("resource"),
                  broken.value_or(0),
                  repaired.value_or(0),
                  start.value_or(0),
                  moved.value_or(std::vector<int>{}),
                  split_list(text("new_sites"), ';'),
                  rerouted.value_or(std::vector<int>{}),
                  {}};
    for (const auto& route : split_list(text("routes"), ';'))
      row.routes.push_back(split_list(route, '+'));
    const bool site = row.kind == "cores";
    if (!id || !repair || !broken || !repaired || !start || !moved || !rerouted ||
        (!site && row.kind != "bandwidth") || row.moved.empty() != !site ||
        row.moved.size() != row.new_sites.size() || row.rerouted.size() != row.routes.size() ||
        (!site && row.rerouted.empty())) {
      violations.push_back(fmt::format(
          "{}: not a row of request_id, repair, kind (cores or bandwidth), resource, broken_at, "
          "repaired_at, start, moved (none for bandwidth) and as many new_sites, rerouted (one "
          "at least for bandwidth) and as many routes",
          t.where(i)));
      continue;
    }
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
  std::map<int, Placement> placed;  // per request: after its repairs so far
  std::map<int, int> count;         // per request: its repairs so far
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
    Placement& p = placed.try_emplace(r.id, first_placement(r)).first->second;
    if (x.repair != ++count[r.id])
      fail("is out of order: repairs of a request are numbered 1, 2, ... in repairs.csv");
    if (!(x.broken_at <= x.repaired_at + kTol && x.repaired_at <= x.start + kTol &&
          x.start >= *r.start - kTol && x.start < *r.end))
      fail(
          fmt::format("has broken_at {}, repaired_at {}, start {}: not ordered inside the "
                      "reserved frame [{}, {})",
                      x.broken_at, x.repaired_at, x.start, *r.start, *r.end));
    std::vector<int> on_failed;
    for (std::size_t j = 0; j < p.sites.size(); ++j)
      if (x.kind == "cores" && p.sites[j] == x.resource) on_failed.push_back(static_cast<int>(j));
    auto moved = x.moved;
    std::sort(moved.begin(), moved.end());
    if (moved != on_failed) {
      fail(fmt::format("moves components {}, not those on the failed site '{}'",
                       fmt::join(x.moved, ";"), x.kind == "cores" ? x.resource : ""));
      continue;
    }
    auto rerouted = x.rerouted;
    std::sort(rerouted.begin(), rerouted.end());
    if (const auto expected = expected_rerouted(x, r, p); rerouted != expected) {
      fail(fmt::format("re-routes pairs {}, not {}: those {}", fmt::join(x.rerouted, ";"),
                       fmt::join(expected, ";"),
                       x.kind == "cores" ? "with bandwidth and a moved end"
                                         : fmt::format("whose route uses '{}'", x.resource)));
      continue;
    }
    const Placement before = p;
    for (std::size_t k = 0; k < x.moved.size(); ++k) p.sites[x.moved[k]] = x.new_sites[k];
    for (std::size_t k = 0; k < x.rerouted.size(); ++k) {
      p.routes[x.rerouted[k]] = x.routes[k];
      p.commits[x.rerouted[k]] = x.repair;
    }
    check_new_sites(x, p.sites, failures, hosts, g, violations);
    check_routes(x, r, p.sites, failures, g, violations);
    check_new_parts(x, r, p.sites, reservations, violations);
    check_old_parts(x, r, before, reservations, jobs, violations);
  }
  return repair_metrics(times);
}

}  // namespace arsim::kinds::coallocation::audit
