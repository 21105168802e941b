#include "sim/kinds/coallocation/output/audit_repairs.hpp"

#include <algorithm>
#include <optional>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/numbers.hpp"
#include "sim/kinds/coallocation/output/audit_repair_parts.hpp"
#include "sim/kinds/coallocation/output/repairs.hpp"

namespace arsim::kinds::coallocation::audit {

namespace {

constexpr double kTol = 1e-9;

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
