#include "sim/kinds/coallocation/output/audit_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <tuple>

#include <fmt/format.h>

#include "base/numbers.hpp"
#include "sim/kinds/coallocation/output/buckets.hpp"

namespace arsim::kinds::coallocation::audit {

namespace {

constexpr double kTol = 1e-9;  // relative: the files print shortest round-trip numbers

std::optional<double> share(double part, double whole) {
  if (!(whole > 0)) return std::nullopt;
  return part / whole;
}

// Does `text` say `want` (empty for no value)?
bool says(const std::string& text, std::optional<double> want) {
  if (!want) return text.empty();
  const auto got = base::parse_double(text);
  return got && std::abs(*got - *want) <= kTol * std::max(1.0, std::abs(*want));
}

std::string shown(std::optional<double> v) {
  return v ? metrics::format_number(*v) : std::string("empty");
}

// Adds amount × (overlap of [s, e) with each bucket) to into[bucket].
void spread(const Buckets& b, double s, double e, double amount, std::vector<double>& into) {
  if (!(e > s) || s >= b.end || e <= 0) return;
  for (int i = std::max(0, static_cast<int>(std::floor(s / b.width))); i < b.count(); ++i) {
    if (b.start(i) >= e) break;
    const double inside = std::min(e, b.stop(i)) - std::max(s, b.start(i));
    if (inside > 0) into[i] += amount * inside;
  }
}

using Integrals = std::map<std::string, std::vector<double>>;  // per resource name, per bucket

// Cores × seconds of every job of jobs.csv per site and bucket (rows that do not parse are
// reported by check_jobs).
Integrals job_integrals(const metrics::CsvTable& jobs, const Buckets& b) {
  Integrals used;
  const auto c_site = jobs.column("allocated_resources"),
             c_cores = jobs.column("requested_number_of_resources"),
             c_start = jobs.column("starting_time"), c_end = jobs.column("finish_time");
  for (const auto& f : jobs.rows) {
    const auto cores = base::parse_double(f[c_cores]), start = base::parse_double(f[c_start]),
               end = base::parse_double(f[c_end]);
    if (!cores || !start || !end) continue;
    auto [it, _] = used.try_emplace(f[c_site], std::vector<double>(b.count(), 0.0));
    spread(b, *start, *end, *cores, it->second);
  }
  return used;
}

struct ResourceRow {
  std::string name, kind, domain;
  double capacity;
  int bucket;
  std::optional<double> reserved, used;  // no `used` to check: unset with check_used false
  bool check_used;
};

void compare_resource_row(const metrics::CsvTable& t, std::size_t i, const ResourceRow& want,
                          const Buckets& b, std::vector<std::string>& violations) {
  const auto& f = t.rows[i];
  auto field = [&](const char* name) -> const std::string& { return f[t.column(name)]; };
  const std::string what = fmt::format("{} '{}' in [{}, {})", want.kind, want.name,
                                       b.start(want.bucket), b.stop(want.bucket));
  if (field("resource") != want.name || field("kind") != want.kind ||
      field("domain") != want.domain) {
    violations.push_back(
        fmt::format("{}: row is {} '{}' of domain '{}', expected {} of domain '{}'", t.where(i),
                    field("kind"), field("resource"), field("domain"), what, want.domain));
    return;
  }
  const std::tuple<const char*, std::optional<double>, bool> numbers[] = {
      {"capacity", want.capacity, true},
      {"bucket_start", b.start(want.bucket), true},
      {"bucket_end", b.stop(want.bucket), true},
      {"reserved", want.reserved, true},
      {"used", want.used, want.check_used}};
  for (const auto& [name, value, check] : numbers) {
    if (check && !says(field(name), value))
      violations.push_back(fmt::format("{}: {} of {} is '{}', the records give {}", t.where(i),
                                       name, what, field(name), shown(value)));
  }
  if (!want.check_used) {
    const auto used = base::parse_double(field("used"));
    if (!used || *used < -kTol)
      violations.push_back(
          fmt::format("{}: used of {} is '{}', not a share >= 0", t.where(i), what, field("used")));
  }
}

}  // namespace

void check_resources(const std::vector<ReservationRow>& reservations, const metrics::CsvTable& jobs,
                     const metrics::CsvTable& resources, const model::ResourceGraph& g,
                     const MetricsConfig& cfg, bool transfers,
                     std::vector<std::string>& violations) {
  const Buckets b{cfg.bucket, cfg.horizon};
  const std::vector<double> zero(b.count(), 0.0);
  Integrals cores, bandwidth;
  for (const auto& x : reservations) {
    auto& of = x.kind == "cores" ? cores : bandwidth;
    spread(b, x.start, x.end, x.amount, of.try_emplace(x.resource, zero).first->second);
  }
  const Integrals used = job_integrals(jobs, b);
  auto at = [&](const Integrals& m, const std::string& name, int i) {
    const auto it = m.find(name);
    return it == m.end() ? 0.0 : it->second[i];
  };
  std::vector<ResourceRow> want;
  for (int s : g.sites()) {
    const auto& v = g.vertex(s);
    for (int i = 0; i < b.count(); ++i) {
      const double whole = v.cores * b.length(i);
      want.push_back({v.name, "cores", v.domain, static_cast<double>(v.cores), i,
                      share(at(cores, v.name, i), whole), share(at(used, v.name, i), whole), true});
    }
  }
  for (int e = 0; e < g.edge_count(); ++e) {
    const auto& edge = g.edge(e);
    for (int i = 0; i < b.count(); ++i) {
      const auto reserved = share(at(bandwidth, edge.name, i), edge.bandwidth * b.length(i));
      want.push_back(
          {edge.name, "bandwidth", edge.domain, edge.bandwidth, i, reserved, reserved, !transfers});
    }
  }
  if (resources.rows.size() != want.size())
    violations.push_back(fmt::format("{}: {} rows, the graph and buckets give {}", resources.source,
                                     resources.rows.size(), want.size()));
  for (std::size_t i = 0; i < std::min(want.size(), resources.rows.size()); ++i)
    compare_resource_row(resources, i, want[i], b, violations);
}

namespace {

using SummaryKey = std::tuple<std::string, std::string, std::string, std::string>;
using Expected = std::map<SummaryKey, std::optional<double>>;

struct UserTally {
  int submitted = 0, accepted = 0;
  double deviation = 0;
  std::vector<int> bucket_submitted, bucket_accepted;
};

// submitted, accepted, success_ratio and mean_time_deviation per user and for "all".
void expect_user_rows(const std::vector<RequestRow>& requests, const Buckets& b, Expected& out) {
  const UserTally none{0, 0, 0, std::vector<int>(b.count()), std::vector<int>(b.count())};
  std::map<std::string, UserTally> users;
  for (const auto& r : requests) {
    auto& mine = users.try_emplace(r.user, none).first->second;
    auto& all = users.try_emplace("all", none).first->second;
    const int i = b.index_of(r.submit);
    for (UserTally* t : {&mine, &all}) {
      ++t->submitted;
      t->accepted += r.accepted;
      if (r.accepted && r.start) t->deviation += *r.start - r.est;
      if (i >= 0) {
        ++t->bucket_submitted[i];
        t->bucket_accepted[i] += r.accepted;
      }
    }
  }
  if (users.empty()) users.emplace("all", none);
  for (const auto& [user, t] : users) {
    out[{"submitted", user, "", "all"}] = t.submitted;
    out[{"accepted", user, "", "all"}] = t.accepted;
    out[{"success_ratio", user, "", "all"}] = share(t.accepted, t.submitted);
    out[{"mean_time_deviation", user, "", "all"}] = share(t.deviation, t.accepted);
    for (int i = 0; i < b.count(); ++i)
      out[{"success_ratio", user, "", metrics::format_number(b.stop(i))}] =
          share(t.bucket_accepted[i], t.bucket_submitted[i]);
  }
}

// request_load per bucket, site_load per site and bucket.
void expect_load_rows(const std::vector<RequestRow>& requests,
                      const std::vector<ReservationRow>& reservations,
                      const model::ResourceGraph& g, const MetricsConfig& cfg, const Buckets& b,
                      Expected& out) {
  const double window = cfg.window_end - cfg.window_start;
  double cores = 0;
  for (int s : g.sites()) cores += g.vertex(s).cores;
  std::map<int, double> submit;
  for (const auto& r : requests) submit.emplace(r.id, r.submit);
  for (int i = 0; i < b.count(); ++i) {
    double asked = 0;
    for (const auto& r : requests) {
      double cpus = 0;
      for (int c : r.component_cpus) cpus += c;
      if (r.submit < b.stop(i)) asked += cpus * r.duration;
    }
    out[{"request_load", "all", "", metrics::format_number(b.stop(i))}] =
        share(asked, cores * window);
  }
  for (int s : g.sites()) {
    const auto& v = g.vertex(s);
    for (int i = 0; i < b.count(); ++i) {
      double reserved = 0;
      for (const auto& x : reservations) {
        const auto it = submit.find(x.request_id);
        if (x.kind != "cores" || x.resource != v.name || it == submit.end() ||
            !(it->second < b.stop(i)))
          continue;
        const double inside = std::min(x.end, cfg.window_end) - std::max(x.start, cfg.window_start);
        if (inside > 0) reserved += x.amount * inside;
      }
      out[{"site_load", "all", v.name, metrics::format_number(b.stop(i))}] =
          share(reserved, v.cores * window);
    }
  }
}

}  // namespace

void check_summary(const std::vector<RequestRow>& requests,
                   const std::vector<ReservationRow>& reservations,
                   const metrics::CsvTable& summary, const model::ResourceGraph& g,
                   const MetricsConfig& cfg, std::vector<std::string>& violations,
                   const std::vector<SummaryRow>& extra) {
  const Buckets b{cfg.bucket, cfg.arrival_end};
  Expected want;
  expect_user_rows(requests, b, want);
  expect_load_rows(requests, reservations, g, cfg, b, want);
  for (const auto& r : extra) want[{r.metric, r.user, r.resource, r.bucket_end}] = r.value;
  const auto c_metric = summary.column("metric"), c_user = summary.column("user"),
             c_resource = summary.column("resource"), c_bucket = summary.column("bucket_end"),
             c_value = summary.column("value");
  std::map<SummaryKey, std::size_t> seen;
  for (std::size_t i = 0; i < summary.rows.size(); ++i) {
    const auto& f = summary.rows[i];
    const SummaryKey key{f[c_metric], f[c_user], f[c_resource], f[c_bucket]};
    const std::string what =
        fmt::format("{} of user '{}'{} at bucket_end {}", f[c_metric], f[c_user],
                    f[c_resource].empty() ? "" : " on '" + f[c_resource] + "'", f[c_bucket]);
    const auto it = want.find(key);
    if (it == want.end()) {
      violations.push_back(
          fmt::format("{}: {} is not a row the records give", summary.where(i), what));
    } else if (!seen.emplace(key, i).second) {
      violations.push_back(fmt::format("{}: {} listed twice", summary.where(i), what));
    } else if (!says(f[c_value], it->second)) {
      violations.push_back(fmt::format("{}: {} is '{}', the records give {}", summary.where(i),
                                       what, f[c_value], shown(it->second)));
    }
  }
  for (const auto& [key, value] : want)
    if (!seen.count(key))
      violations.push_back(fmt::format(
          "{}: no row for {} of user '{}'{} at bucket_end {}", summary.source, std::get<0>(key),
          std::get<1>(key), std::get<2>(key).empty() ? "" : " on '" + std::get<2>(key) + "'",
          std::get<3>(key)));
}

}  // namespace arsim::kinds::coallocation::audit
