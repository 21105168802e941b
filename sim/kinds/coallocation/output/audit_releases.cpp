#include "sim/kinds/coallocation/output/audit_releases.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include <fmt/format.h>

#include "base/numbers.hpp"
#include "sim/kinds/coallocation/output/failures.hpp"

namespace arsim::kinds::coallocation::audit {

namespace {

constexpr double kTol = 1e-9;

std::vector<ReleaseRecord> read_releases(const metrics::CsvTable& t,
                                         std::vector<std::string>& violations) {
  std::vector<ReleaseRecord> out;
  if (t.header.empty()) return out;  // no releases.csv: reported by the auditor
  const auto c_id = t.column("request_id"), c_broken = t.column("broken_at"),
             c_released = t.column("released_at");
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const auto& f = t.rows[i];
    const auto id = base::parse_double(f[c_id]), broken = base::parse_double(f[c_broken]),
               released = base::parse_double(f[c_released]);
    if (!id || !broken || !released)
      violations.push_back(fmt::format("{}: a field is not a number", t.where(i)));
    else
      out.push_back({static_cast<int>(*id), *broken, *released});
  }
  return out;
}

// Each job of a released request (job_id "request:component") ended by its release.
void check_released_jobs(const metrics::CsvTable& jobs, const std::map<int, double>& released,
                         std::vector<std::string>& violations) {
  const auto c_id = jobs.column("job_id"), c_end = jobs.column("finish_time");
  for (std::size_t i = 0; i < jobs.rows.size(); ++i) {
    const auto& f = jobs.rows[i];
    const auto request = base::parse_double(f[c_id].substr(0, f[c_id].find(':')));
    const auto end = base::parse_double(f[c_end]);
    if (!request || !end) continue;  // check_jobs reports it
    const auto it = released.find(static_cast<int>(*request));
    if (it != released.end() && *end > it->second + kTol)
      violations.push_back(fmt::format("{}: job {} ran until {}, after its request's release at {}",
                                       jobs.where(i), f[c_id], *end, it->second));
  }
}

}  // namespace

std::map<int, double> released_at(const metrics::CsvTable& releases,
                                  std::vector<std::string>& violations) {
  std::map<int, double> out;
  for (const auto& r : read_releases(releases, violations)) out[r.request_id] = r.released_at;
  return out;
}

std::vector<SummaryRow> check_releases(
    const metrics::CsvTable& releases, const std::vector<RequestRow>& requests,
    const std::vector<ReservationRow>& reservations, const metrics::CsvTable& jobs,
    const std::map<int, int>& original_of, BrokenComponents& broken,
    std::vector<std::string>& violations, const std::vector<RepairRow>& repairs) {
  const auto list = read_releases(releases, violations);
  std::map<int, double> at;
  for (const auto& r : list) at[r.request_id] = r.released_at;
  std::map<int, std::vector<double>> broken_at;  // request -> its reservations' broken_at
  for (const auto& r : reservations)
    if (r.broken_at) broken_at[r.request_id].push_back(*r.broken_at);
  std::map<int, const RequestRow*> rows;
  std::set<int> accepted;
  for (const auto& r : requests) {
    rows[r.id] = &r;
    if (r.accepted && !at.count(r.id)) accepted.insert(r.id);
  }
  for (const auto& x : list) {
    const auto it = rows.find(x.request_id);
    if (it == rows.end() || !it->second->accepted) {
      violations.push_back(
          fmt::format("releases.csv: request {} was released but not accepted", x.request_id));
      continue;
    }
    for (const auto& site : it->second->sites) broken.insert({x.request_id, site});
    bool broke = false;
    for (double b : broken_at[x.request_id]) broke |= std::abs(b - x.broken_at) <= kTol;
    if (!broke || x.released_at < x.broken_at - kTol)
      violations.push_back(fmt::format(
          "releases.csv: request {} released at {} after a break at {} that reservations.csv "
          "does not show before it",
          x.request_id, x.released_at, x.broken_at));
  }
  std::size_t given_back = 0;
  for (const auto& r : reservations) {
    given_back += r.released_at ? 1 : 0;
    const auto it = at.find(r.request_id);
    const bool given_back_by_repair =
        r.released_at && std::any_of(repairs.begin(), repairs.end(), [&](const RepairRow& x) {
          return x.request_id == r.request_id && x.repair > r.repair &&
                 x.repaired_at <= *r.released_at + kTol;
        });
    if (given_back_by_repair) continue;
    if (it == at.end() ? r.released_at.has_value()
                       : !r.released_at || *r.released_at < it->second - kTol)
      violations.push_back(fmt::format(
          "{}: reservation of request {} on '{}' has released_at '{}'; its request's release "
          "(releases.csv) is at '{}'",
          r.where, r.request_id, r.resource, r.released_at ? fmt::format("{}", *r.released_at) : "",
          it == at.end() ? "" : fmt::format("{}", it->second)));
  }
  check_released_jobs(jobs, at, violations);
  return release_metrics(given_back, list, lost_releases(list, accepted, original_of));
}

}  // namespace arsim::kinds::coallocation::audit
