#include "sim/kinds/coallocation/output/audit_inputs.hpp"

#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "base/numbers.hpp"
#include "sim/metrics/batsim_job.hpp"

namespace arsim::kinds::coallocation::audit {

namespace {

constexpr double kTol = 1e-6;

bool near(double a, double b) {
  return std::abs(a - b) <= kTol * std::max(1.0, std::abs(b));
}

std::map<int, const RequestRow*> by_id(const std::vector<RequestRow>& requests) {
  std::map<int, const RequestRow*> out;
  for (const auto& r : requests) out.emplace(r.id, &r);
  return out;
}

// The differences between a row of requests.csv and the submitted request, as one phrase.
std::string mismatch(const RequestRow& row, const model::Request& r) {
  if (row.user != r.user) return fmt::format("user '{}' (submitted by '{}')", row.user, r.user);
  if (!near(row.submit, r.submit))
    return fmt::format("submit {} (submitted at {})", row.submit, r.submit);
  if (!near(row.est, r.est)) return fmt::format("EST {} (submitted {})", row.est, r.est);
  if (!near(row.lst, r.lst)) return fmt::format("LST {} (submitted {})", row.lst, r.lst);
  if (!near(row.duration, r.duration))
    return fmt::format("duration {} (submitted {})", row.duration, r.duration);
  std::vector<int> cpus;
  for (const auto& c : r.components) cpus.push_back(c.cpus);
  if (row.component_cpus != cpus)
    return fmt::format("component cpus {} (submitted {})", fmt::join(row.component_cpus, " "),
                       fmt::join(cpus, " "));
  if (row.pairs.size() != r.pairs.size())
    return fmt::format("{} pairs (submitted {})", row.pairs.size(), r.pairs.size());
  for (std::size_t i = 0; i < r.pairs.size(); ++i) {
    const auto& a = row.pairs[i];
    const auto& b = r.pairs[i];
    if (a.a != b.a || a.b != b.b || !near(a.bandwidth, b.bandwidth))
      return fmt::format("pair {} {}-{}:{} (submitted {}-{}:{})", i, a.a, a.b, a.bandwidth, b.a,
                         b.b, b.bandwidth);
    if (a.max_latency != b.max_latency && !near(a.max_latency, b.max_latency))
      return fmt::format("pair {} latency bound {} s (submitted {} s)", i, a.max_latency,
                         b.max_latency);
  }
  return "";
}

// The columns of a job's row that derive from its request and its times.
void check_job_columns(const metrics::CsvTable& jobs, std::size_t i, const RequestRow& r,
                       double start, double end, bool broken,
                       std::vector<std::string>& violations) {
  const auto& f = jobs.rows[i];
  const std::pair<const char*, double> derived[] = {{"submission_time", r.submit},
                                                    {"requested_time", r.duration},
                                                    {"execution_time", end - start},
                                                    {"waiting_time", start - r.est}};
  for (const auto& [name, want] : derived) {
    const std::string& text = f[jobs.column(name)];
    const auto got = base::parse_double(text);
    if (!got || !near(*got, want))
      violations.push_back(fmt::format("{}: job {} {} is '{}', not {}", jobs.where(i),
                                       f[jobs.column("job_id")], name, text, want));
  }
  const std::string& state = f[jobs.column("final_state")];
  if (broken && state == metrics::kCompleted && r.end && end < *r.end - kTol)
    violations.push_back(
        fmt::format("{}: job {} final_state is '{}' but it ended at {}, before "
                    "its reserved end {}: its reservation was broken",
                    jobs.where(i), f[jobs.column("job_id")], state, end, *r.end));
  if (state != metrics::kCompleted && !(broken && state == metrics::kKilled))
    violations.push_back(fmt::format("{}: job {} final_state is '{}', not {}", jobs.where(i),
                                     f[jobs.column("job_id")], state,
                                     broken ? "COMPLETED_SUCCESSFULLY or COMPLETED_KILLED (its "
                                              "reservation was broken)"
                                            : metrics::kCompleted));
}

}  // namespace

void check_workload(const std::vector<RequestRow>& requests,
                    const std::vector<model::Request>& workload,
                    std::vector<std::string>& violations) {
  const auto rows = by_id(requests);
  std::set<int> submitted;
  for (const auto& r : workload) {
    submitted.insert(r.id);
    const auto it = rows.find(r.id);
    if (it == rows.end()) {
      violations.push_back(
          fmt::format("requests.csv: request {} of workload.txt is missing", r.id));
      continue;
    }
    const std::string what = mismatch(*it->second, r);
    if (!what.empty())
      violations.push_back(fmt::format("{}: request {} has {}, not what workload.txt says",
                                       it->second->where, r.id, what));
  }
  for (const auto& row : requests)
    if (!submitted.count(row.id))
      violations.push_back(fmt::format("{}: request {} is not in workload.txt", row.where, row.id));
}

void check_jobs(
    const std::vector<RequestRow>& requests, const metrics::CsvTable& jobs,
    std::vector<std::string>& violations, const std::set<std::pair<int, std::string>>& broken,
    const std::map<std::pair<int, int>, std::vector<std::pair<std::string, double>>>& moved) {
  const auto rows = by_id(requests);
  const auto c_id = jobs.column("job_id"), c_cpus = jobs.column("requested_number_of_resources"),
             c_start = jobs.column("starting_time"), c_end = jobs.column("finish_time"),
             c_site = jobs.column("allocated_resources");
  std::set<std::pair<int, int>> ran;
  // Per placement: a moved component runs once on each site a repair gives it, at its start.
  std::set<std::tuple<int, int, std::string, double>> ran_on;
  for (std::size_t i = 0; i < jobs.rows.size(); ++i) {
    const auto& f = jobs.rows[i];
    auto fail = [&](const std::string& what) {
      violations.push_back(jobs.where(i) + ": job " + f[c_id] + " " + what);
    };
    // Plain values, not optionals, past the check: GCC 12 at -O3 takes an optional's value for
    // maybe uninitialized.
    const auto colon = f[c_id].find(':');
    const auto req = base::parse_int(f[c_id].substr(0, colon));
    std::optional<long long> comp_text;
    if (colon != std::string::npos) comp_text = base::parse_int(f[c_id].substr(colon + 1));
    const auto cpus_text = base::parse_int(f[c_cpus]);
    const auto start_text = base::parse_double(f[c_start]);
    const auto end_text = base::parse_double(f[c_end]);
    if (!req || !comp_text || !cpus_text || !start_text || !end_text) {
      fail("is not a row of REQUEST:COMPONENT, cpus, start and finish");
      continue;
    }
    const long long comp = comp_text.value_or(-1), cpus = cpus_text.value_or(0);
    const double start = start_text.value_or(0), end = end_text.value_or(0);
    const auto it = rows.find(static_cast<int>(req.value_or(-1)));
    if (it == rows.end() || !it->second->accepted) {
      fail("ran for a request that was not accepted");
      continue;
    }
    if (comp < 0 || comp >= static_cast<long long>(it->second->sites.size())) {
      fail(fmt::format("names component {} of a request with {}", comp, it->second->sites.size()));
      continue;
    }
    const auto c = static_cast<std::size_t>(comp);
    RequestRow r = *it->second;  // as the job's site has it: a repair's site and start
    // The placement the job ran under: the latest repair that moved the component to this site
    // before the job started, else the plan's (a component may come back to a site it left).
    const auto m = moved.find({r.id, static_cast<int>(comp)});
    double placed = -std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; m != moved.end() && k < m->second.size(); ++k)
      if (const double at = m->second[k].second;
          m->second[k].first == f[c_site] && at <= start + kTol && at > placed) {
        r.sites[c] = f[c_site];
        r.start = placed = at;
      }
    ran.insert({r.id, static_cast<int>(comp)});
    if (!ran_on.insert({r.id, static_cast<int>(comp), f[c_site], placed}).second) fail("ran twice");
    if (f[c_site] != r.sites[c])
      fail(fmt::format("ran on '{}', not on the reserved site '{}'", f[c_site], r.sites[c]));
    if (c < r.component_cpus.size() && cpus != r.component_cpus[c])
      fail(fmt::format("used {} cores, not the component's {}", cpus, r.component_cpus[c]));
    if (r.start && r.end && (start < *r.start - kTol || end > *r.end + kTol || end < start))
      fail(fmt::format("ran over [{}, {}), outside the reserved frame [{}, {})", start, end,
                       *r.start, *r.end));
    check_job_columns(jobs, i, r, start, end, broken.count({r.id, r.sites[c]}) > 0, violations);
  }
  for (const auto& r : requests) {
    if (!r.accepted) continue;
    for (int c = 0; c < static_cast<int>(r.sites.size()); ++c)
      if (!ran.count({r.id, c}) && !broken.count({r.id, r.sites[c]}))
        violations.push_back(
            fmt::format("jobs.csv: component {} of accepted request {} never ran", c, r.id));
  }
}

}  // namespace arsim::kinds::coallocation::audit
