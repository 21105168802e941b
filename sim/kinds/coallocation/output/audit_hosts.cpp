#include "sim/kinds/coallocation/output/audit_hosts.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

#include <fmt/format.h>

#include "base/numbers.hpp"
#include "sim/kinds/coallocation/output/audit_rows.hpp"

namespace arsim::kinds::coallocation::audit {

namespace {

constexpr double kTol = 1e-6;  // relative, as in audit_inputs.cpp

// time, change of cores, row: at equal instants the ends (negative) come first.
using HostEvent = std::tuple<double, int, std::size_t>;

// The (host, cores) of one row, or a message saying what is wrong with it.
std::vector<std::pair<std::string, int>> parse_hosts(const std::string& field, std::string& error) {
  std::vector<std::pair<std::string, int>> out;
  for (const auto& item : split_list(field, ';')) {
    const auto colon = item.rfind(':');
    const auto cores =
        colon == std::string::npos ? std::nullopt : base::parse_int32(item.substr(colon + 1));
    if (!cores || colon == 0) {
      error = fmt::format("hosts item '{}' is not host:cores", item);
      return {};
    }
    out.emplace_back(item.substr(0, colon), *cores);
  }
  return out;
}

}  // namespace

void check_hosts(const metrics::CsvTable& jobs, const SiteHosts& hosts,
                 std::vector<std::string>& violations) {
  if (hosts.empty() ||
      std::find(jobs.header.begin(), jobs.header.end(), "hosts") == jobs.header.end())
    return;
  const auto c_id = jobs.column("job_id"), c_cpus = jobs.column("requested_number_of_resources"),
             c_start = jobs.column("starting_time"), c_end = jobs.column("finish_time"),
             c_site = jobs.column("allocated_resources"), c_hosts = jobs.column("hosts");
  std::map<std::pair<std::string, std::string>, std::vector<HostEvent>> events;  // (site, host)
  for (std::size_t i = 0; i < jobs.rows.size(); ++i) {
    const auto& f = jobs.rows[i];
    auto fail = [&](const std::string& what) {
      violations.push_back(jobs.where(i) + ": job " + f[c_id] + " " + what);
    };
    const auto cpus = base::parse_int(f[c_cpus]);
    const auto start = base::parse_double(f[c_start]), end = base::parse_double(f[c_end]);
    const auto site = hosts.find(f[c_site]);
    if (!cpus || !start || !end || site == hosts.end()) continue;  // check_jobs reports these
    std::string error;
    const auto on = parse_hosts(f[c_hosts], error);
    if (!error.empty()) {
      fail(error);
      continue;
    }
    long long total = 0;
    for (const auto& [host, cores] : on) {
      const auto h = site->second.find(host);
      if (h == site->second.end()) {
        fail(fmt::format("ran on '{}', not a host of site '{}'", host, site->first));
      } else if (cores <= 0) {
        fail(fmt::format("held {} cores on host '{}'", cores, host));
      } else if (*end > *start) {
        events[{site->first, host}].emplace_back(*start, cores, i);
        // A job that ends when the next starts may be reported a rounding error late.
        events[{site->first, host}].emplace_back(*end - kTol * std::max(1.0, std::abs(*end)),
                                                 -cores, i);
      }
      total += cores;
    }
    if (total != *cpus) fail(fmt::format("held {} cores on its hosts, not its {}", total, *cpus));
  }
  for (auto& [key, ev] : events) {
    const int capacity = hosts.at(key.first).at(key.second);
    std::sort(ev.begin(), ev.end());
    long long load = 0;
    for (const auto& [t, delta, row] : ev) {
      load += delta;
      if (load > capacity) {
        violations.push_back(
            fmt::format("{}: cores of host '{}' (site '{}') over capacity at t={}: "
                        "{} > {}",
                        jobs.where(row), key.second, key.first, t, load, capacity));
        break;  // one message per host
      }
    }
  }
}

}  // namespace arsim::kinds::coallocation::audit
