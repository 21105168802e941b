// utilisation.csv and summary.csv of a gangmatching run.
#include <algorithm>
#include <cmath>

#include "sim/kinds/gangmatch/output/writers.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::gangmatch {

namespace {

using Intervals = std::vector<std::pair<double, double>>;

struct Usage {
  Intervals held, running, unavailable;
};

// What occupies the resources of one kind: holds, jobs running (on the workstation, with the
// license), unavailable periods.
Usage usage(const RunRecord& r, MemberKind kind) {
  Usage u;
  for (const auto& h : r.holds)
    if (h.resource.kind == kind) u.held.push_back({h.start, h.end});
  for (const auto& j : r.jobs) {
    if (std::isnan(j.start)) continue;
    const double end = std::isnan(j.finish) ? r.end : j.finish;
    if (kind == MemberKind::Workstation) u.running.push_back({j.start, end});
    if (kind == MemberKind::License)
      for (std::size_t k = 0; k < j.licenses.size(); ++k) u.running.push_back({j.start, end});
  }
  for (const auto& p : r.unavailable)
    if (p.resource.kind == kind) u.unavailable.push_back({p.start, p.end});
  return u;
}

double mean(const std::vector<double>& v) {
  if (v.empty()) return kNever;
  double s = 0;
  for (double x : v) s += x;
  return s / static_cast<double>(v.size());
}

}  // namespace

std::string utilisation_csv(const RunRecord& r, double bucket, double horizon) {
  metrics::CsvWriter w(utilisation_header());
  for (MemberKind kind : {MemberKind::Workstation, MemberKind::License}) {
    const int n = kind == MemberKind::Workstation ? r.workstations : r.licenses;
    const Usage u = usage(r, kind);
    const auto held = bucket_shares(u.held, bucket, horizon, n);
    const auto running = bucket_shares(u.running, bucket, horizon, n);
    const auto unavailable = bucket_shares(u.unavailable, bucket, horizon, n);
    for (std::size_t b = 0; b < held.size(); ++b) {
      const auto [from, to] = bucket_bounds(static_cast<long>(b), bucket, horizon);
      w.field(kind_name(kind)).field(n).field(from).field(to);
      w.field(held[b]).field(running[b]).field(unavailable[b]).end_row();
    }
  }
  return w.str();
}

std::vector<std::pair<std::string, double>> summary_metrics(const RunRecord& r) {
  std::vector<double> waits, match_delays;
  int submitted = 0, finished = 0;
  double makespan = 0;
  for (const auto& j : r.jobs) {
    submitted += j.submitted;
    if (!std::isnan(j.start)) waits.push_back(j.start - j.submit);
    if (!std::isnan(j.first_match)) match_delays.push_back(j.first_match - j.submit);
    if (!std::isnan(j.finish)) {
      ++finished;
      makespan = std::max(makespan, j.finish);
    }
  }
  int committed = 0, refused = 0, refusals = 0;
  for (const auto& g : r.gangs) {
    committed += g.outcome == "committed";
    refused += g.outcome == "refused";
    refusals += static_cast<int>(g.refused_by.size());
  }
  double probes = 0, evaluations = 0, max_cycle = 0;
  std::vector<double> cycle_times, cycle_probes;
  for (const auto& c : r.cycles) {
    probes += static_cast<double>(c.probes);
    evaluations += static_cast<double>(c.evaluations);
    cycle_times.push_back(c.end - c.start);
    cycle_probes.push_back(static_cast<double>(c.probes));
    max_cycle = std::max(max_cycle, c.end - c.start);
  }
  const Usage ws = usage(r, MemberKind::Workstation), lic = usage(r, MemberKind::License);
  const double decided = committed + refused;
  return {{"jobs", static_cast<double>(r.jobs.size())},
          {"submitted", static_cast<double>(submitted)},
          {"started", static_cast<double>(waits.size())},
          {"finished", static_cast<double>(finished)},
          {"mean_wait", mean(waits)},
          {"mean_match_delay", mean(match_delays)},
          {"gangs", static_cast<double>(r.gangs.size())},
          {"committed_gangs", static_cast<double>(committed)},
          {"refused_gangs", static_cast<double>(refused)},
          {"refusals", static_cast<double>(refusals)},
          {"refusal_ratio", decided > 0 ? refused / decided : kNever},
          {"cycles", static_cast<double>(r.cycles.size())},
          {"probes", probes},
          {"evaluations", evaluations},
          {"mean_cycle_probes", mean(cycle_probes)},
          {"mean_cycle_time", mean(cycle_times)},
          {"max_cycle_time", max_cycle},
          {"workstation_utilisation", mean_share(ws.running, 0, r.end, r.workstations)},
          {"workstation_unavailable", mean_share(ws.unavailable, 0, r.end, r.workstations)},
          {"license_utilisation", mean_share(lic.held, 0, r.end, r.licenses)},
          {"makespan", makespan},
          {"end", r.end}};
}

std::string summary_csv(const RunRecord& r) {
  metrics::CsvWriter w({"metric", "user", "resource", "bucket_end", "value"});
  for (const auto& [name, value] : summary_metrics(r)) {
    w.field(name).field("all").empty().field("all");
    if (std::isnan(value))
      w.empty();
    else
      w.field(value);
    w.end_row();
  }
  return w.str();
}

}  // namespace arsim::kinds::gangmatch
