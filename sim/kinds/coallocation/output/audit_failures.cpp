#include "sim/kinds/coallocation/output/audit_failures.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "base/numbers.hpp"
#include "sim/kinds/coallocation/output/failures.hpp"
#include "sim/metrics/batsim_job.hpp"

namespace arsim::kinds::coallocation::audit {

namespace {

constexpr double kTol = 1e-9;

// The rows of failures.csv that parse; the others are violations.
std::vector<FailureRecord> read_failures(const metrics::CsvTable& t, const SiteHosts& hosts,
                                         const model::ResourceGraph& g,
                                         std::vector<std::string>& violations) {
  std::set<std::string> site_hosts;
  for (const auto& [site, of_site] : hosts)
    for (const auto& [host, cores] : of_site) site_hosts.insert(host);
  std::vector<FailureRecord> out;
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const auto& f = t.rows[i];
    const std::string& name = f[t.column("resource")];
    const std::string& kind = f[t.column("kind")];
    const auto down = base::parse_double(f[t.column("down")]);
    const std::string& up_text = f[t.column("up")];
    const auto up = base::parse_double(up_text);
    const bool link = kind == "link" || kind == "control-link";
    const FailureScope scope = kind == "coordinator" ? FailureScope::Coordinator
                               : kind == "control-host" || kind == "control-link"
                                   ? FailureScope::Control
                                   : FailureScope::Reserved;
    // A control element carries no reservation: neither a compute site's host nor a path.
    const bool reserved = link ? g.find_edge(name).has_value() : site_hosts.count(name) > 0;
    const bool known = scope == FailureScope::Coordinator ||
                       (scope == FailureScope::Control ? !reserved : reserved);
    if ((kind != "host" && kind != "link" && scope == FailureScope::Reserved) || !known || !down ||
        (!up_text.empty() && !up) || (up && !(*up > *down))) {
      violations.push_back(fmt::format(
          "{}: '{}' ({}) down over [{}, {}) is not a compute-site host, a path, a control host or "
          "link of the platform, or a coordinator, down over a non-empty interval",
          t.where(i), name, kind, f[t.column("down")], up_text));
      continue;
    }
    out.push_back({name, link, scope, *down, up_text.empty() ? std::nullopt : up});
  }
  return out;
}

// Each job's row against the failures of its hosts.
void check_jobs_hosts(const metrics::CsvTable& jobs,
                      const std::map<std::string, std::vector<const FailureRecord*>>& of_host,
                      std::vector<std::string>& violations) {
  if (std::find(jobs.header.begin(), jobs.header.end(), "hosts") == jobs.header.end()) return;
  const auto c_id = jobs.column("job_id"), c_start = jobs.column("starting_time"),
             c_end = jobs.column("finish_time"), c_hosts = jobs.column("hosts"),
             c_state = jobs.column("final_state");
  for (std::size_t i = 0; i < jobs.rows.size(); ++i) {
    const auto& f = jobs.rows[i];
    const auto start = base::parse_double(f[c_start]), end = base::parse_double(f[c_end]);
    if (!start || !end) continue;  // check_jobs reports it
    bool ended_by_failure = false;
    for (const auto& item : split_list(f[c_hosts], ';')) {
      const auto it = of_host.find(item.substr(0, item.rfind(':')));
      if (it == of_host.end()) continue;
      for (const FailureRecord* x : it->second) {
        ended_by_failure |= std::abs(*end - x->down) <= kTol;
        if (*start < x->up.value_or(INFINITY) && *end > x->down + kTol)
          violations.push_back(
              fmt::format("{}: job {} ran on host '{}' over [{}, {}) while it was "
                          "down from {} (failures.csv)",
                          jobs.where(i), f[c_id], x->resource, *start, *end, x->down));
      }
    }
    if (f[c_state] == metrics::kKilled && !ended_by_failure)
      violations.push_back(fmt::format("{}: job {} was killed at {}, when none of its hosts failed",
                                       jobs.where(i), f[c_id], *end));
  }
}

}  // namespace

std::vector<SummaryRow> check_failures(const metrics::CsvTable& failures,
                                       const std::vector<ReservationRow>& reservations,
                                       const metrics::CsvTable& jobs, const SiteHosts& hosts,
                                       const model::ResourceGraph& g, BrokenComponents& broken,
                                       std::vector<std::string>& violations) {
  const auto list = read_failures(failures, hosts, g, violations);
  // The failures of each resource as its RM sees it: a site's are its hosts', a path's its own.
  std::map<std::string, std::vector<const FailureRecord*>> of_host, of_resource;
  for (const auto& f : list)
    if (f.scope == FailureScope::Reserved)
      (f.link ? of_resource : of_host)[f.resource].push_back(&f);
  for (const auto& [site, of_site] : hosts)
    for (const auto& [host, cores] : of_site)
      for (const FailureRecord* f : of_host[host]) of_resource[site].push_back(f);
  std::vector<BrokenReservation> lost;
  for (const auto& r : reservations) {
    const auto it = of_resource.find(r.resource);
    const auto want =
        // A reservation released after a break (monitoring) no failure breaks from then on.
        it == of_resource.end()
            ? std::nullopt
            : broken_from(r.start, std::min(r.end, r.released_at.value_or(r.end)), it->second);
    if (want.has_value() != r.broken_at.has_value() ||
        (want && std::abs(*want - *r.broken_at) > kTol)) {
      violations.push_back(fmt::format(
          "{}: reservation of request {} on '{}' has broken_at '{}', not '{}' (failures.csv)",
          r.where, r.request_id, r.resource, r.broken_at ? fmt::format("{}", *r.broken_at) : "",
          want ? fmt::format("{}", *want) : ""));
    }
    if (!want) continue;
    lost.push_back({r.kind == "cores", r.amount, r.end, *want});
    if (r.kind == "cores") broken.insert({r.request_id, r.resource});
  }
  check_jobs_hosts(jobs, of_host, violations);
  return failure_metrics(list.size(), lost);
}

}  // namespace arsim::kinds::coallocation::audit
