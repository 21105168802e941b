#include "sim/kinds/gangmatch/output/writers.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include <fmt/format.h>

#include "sim/metrics/batsim_job.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::gangmatch {

namespace {

using metrics::CsvWriter;

CsvWriter& time_field(CsvWriter& w, double t) {
  return std::isnan(t) ? w.empty() : w.field(t);
}

std::string names(const std::vector<Member>& members) {
  std::string out;
  for (const auto& m : members) {
    if (!out.empty()) out += ';';
    out += member_name(m);
  }
  return out;
}

// The gang's workstation and licenses, each as a name list.
std::pair<std::string, std::string> resources_of(const GangRow& g) {
  std::vector<Member> ws, lic;
  for (std::size_t i = 1; i < g.members.size(); ++i)
    (g.members[i].kind == MemberKind::Workstation ? ws : lic).push_back(g.members[i]);
  return {names(ws), names(lic)};
}

std::optional<double> time_of(double t) {
  return std::isnan(t) ? std::nullopt : std::optional(t);
}

// A row of jobs.csv: Batsim's columns, then the gangmatching ones of the job's record.
struct JobOut {
  metrics::BatsimJob batsim;
  const JobRow* job;
};

const metrics::Columns<JobOut>& job_columns() {
  using metrics::computed;
  static const metrics::Columns<JobOut> c = metrics::batsim_job_columns<JobOut>(
      &JobOut::batsim,
      {computed<JobOut>("user", [](const JobOut& o) { return o.job->user; }),
       computed<JobOut>("state", [](const JobOut& o) { return job_state(*o.job); }),
       computed<JobOut>("first_match", [](const JobOut& o) { return time_of(o.job->first_match); }),
       computed<JobOut>("match", [](const JobOut& o) { return time_of(o.job->match); }),
       computed<JobOut>("claim", [](const JobOut& o) { return time_of(o.job->claim); }),
       computed<JobOut>("workstation",
                        [](const JobOut& o) {
                          return o.job->workstation.index >= 0 ? member_name(o.job->workstation)
                                                               : std::string();
                        }),
       computed<JobOut>("licenses", [](const JobOut& o) { return names(o.job->licenses); }),
       computed<JobOut>("gangs", [](const JobOut& o) { return o.job->gangs; }),
       computed<JobOut>("refusals", [](const JobOut& o) { return o.job->refusals; })});
  return c;
}

}  // namespace

metrics::BatsimJob batsim_job(const JobRow& j) {
  metrics::BatsimJob b;
  b.job_id = member_name({MemberKind::Job, j.job});
  b.set_times(j.submit, time_of(j.start), time_of(j.finish));
  b.requested_number_of_resources = j.ports;
  b.requested_time = j.duration;
  std::vector<Member> gang;
  if (j.workstation.index >= 0) gang.push_back(j.workstation);
  gang.insert(gang.end(), j.licenses.begin(), j.licenses.end());
  b.allocated_resources = names(gang);
  const std::string state = job_state(j);
  b.final_state = state == "finished"      ? metrics::kCompleted
                  : state == "running"     ? metrics::kRunningAtEnd
                  : state == "unsubmitted" ? metrics::kNotSubmitted
                                           : metrics::kWaitingAtEnd;
  return b;
}

const std::vector<std::string>& jobs_header() {
  static const std::vector<std::string> h = metrics::header_of(job_columns());
  return h;
}
const std::vector<std::string>& gangs_header() {
  static const std::vector<std::string> h = {"gang",    "cycle",       "matched",
                                             "job",     "workstation", "licenses",
                                             "outcome", "decided",     "refused_by"};
  return h;
}
const std::vector<std::string>& holds_header() {
  static const std::vector<std::string> h = {"resource", "kind", "gang",   "job",
                                             "start",    "end",  "outcome"};
  return h;
}
const std::vector<std::string>& unavailability_header() {
  static const std::vector<std::string> h = {"resource", "kind", "cause", "start", "end"};
  return h;
}
const std::vector<std::string>& cycles_header() {
  static const std::vector<std::string> h = {"cycle",       "start",     "end",   "duration",
                                             "roots",       "resources", "gangs", "probes",
                                             "evaluations", "docks"};
  return h;
}
const std::vector<std::string>& utilisation_header() {
  static const std::vector<std::string> h = {"kind", "resources", "bucket_start", "bucket_end",
                                             "held", "running",   "unavailable"};
  return h;
}

std::string job_state(const JobRow& j) {
  if (!std::isnan(j.finish)) return "finished";
  if (!std::isnan(j.start)) return "running";
  if (!std::isnan(j.claim)) return "claimed";
  return j.submitted ? "waiting" : "unsubmitted";
}

std::string jobs_csv(const RunRecord& r) {
  std::vector<JobOut> rows;
  for (const auto& j : r.jobs) rows.push_back({batsim_job(j), &j});
  return metrics::rows_csv(job_columns(), rows);
}

std::string gangs_csv(const RunRecord& r) {
  CsvWriter w(gangs_header());
  for (const auto& g : r.gangs) {
    const auto [ws, lic] = resources_of(g);
    w.field(g.gang).field(g.cycle).field(g.matched).field(member_name(g.members.at(0)));
    w.field(ws).field(lic).field(g.outcome);
    time_field(w, g.decided);
    std::string refused;
    for (const auto& [m, reason] : g.refused_by) {
      if (!refused.empty()) refused += ';';
      refused += member_name(m) + ":" + reason;
    }
    w.field(refused).end_row();
  }
  return w.str();
}

std::string holds_csv(const RunRecord& r) {
  CsvWriter w(holds_header());
  for (const auto& h : r.holds) {
    w.field(member_name(h.resource)).field(kind_name(h.resource.kind)).field(h.gang);
    w.field(member_name({MemberKind::Job, h.job})).field(h.start).field(h.end);
    w.field(h.committed ? "committed" : "released").end_row();
  }
  return w.str();
}

std::string unavailability_csv(const RunRecord& r) {
  CsvWriter w(unavailability_header());
  for (const auto& p : r.unavailable) {
    w.field(member_name(p.resource)).field(kind_name(p.resource.kind));
    w.field(p.resource.kind == MemberKind::Workstation ? "owner" : "external");
    w.field(p.start).field(p.end).end_row();
  }
  return w.str();
}

std::string cycles_csv(const RunRecord& r) {
  CsvWriter w(cycles_header());
  for (const auto& c : r.cycles) {
    w.field(c.cycle).field(c.start).field(c.end).field(c.end - c.start).field(c.roots);
    w.field(c.resources).field(c.gangs).field(c.probes).field(c.evaluations).field(c.docks);
    w.end_row();
  }
  return w.str();
}

std::string timings_csv(const RunRecord& r) {
  CsvWriter w({"cycle", "matcher_wall_seconds"});
  for (const auto& c : r.cycles) w.field(c.cycle).field(c.wall_seconds).end_row();
  return w.str();
}

double mean_share(const std::vector<std::pair<double, double>>& intervals, double from, double to,
                  int resources) {
  if (!(to > from) || resources <= 0) return 0;
  double covered = 0;
  for (const auto& [s, e] : intervals)
    covered += std::max(0.0, std::min(e, to) - std::max(s, from));
  return covered / ((to - from) * resources);
}

long bucket_count(double bucket, double horizon) {
  long b = 0;
  while (static_cast<double>(b) * bucket < horizon) ++b;
  return b;
}

std::pair<double, double> bucket_bounds(long b, double bucket, double horizon) {
  const auto x = static_cast<double>(b);
  return {x * bucket, std::min(horizon, (x + 1) * bucket)};
}

std::vector<double> bucket_shares(const std::vector<std::pair<double, double>>& intervals,
                                  double bucket, double horizon, int resources) {
  const long n = bucket_count(bucket, horizon);
  std::vector<double> covered(static_cast<std::size_t>(n), 0.0);
  for (const auto& [s, e] : intervals) {
    if (!(e > s) || !(e > 0) || !(s < horizon)) continue;  // covers no bucket
    // One bucket more on each side than the division says: rounding cannot lose an overlap.
    const long first = std::max(0L, static_cast<long>(std::floor(std::max(s, 0.0) / bucket)) - 1);
    const long last = std::min(n - 1, static_cast<long>(std::min(e, horizon) / bucket) + 1);
    for (long b = first; b <= last; ++b) {
      const auto [from, to] = bucket_bounds(b, bucket, horizon);
      covered[b] += std::max(0.0, std::min(e, to) - std::max(s, from));
    }
  }
  std::vector<double> shares(covered.size(), 0.0);
  for (long b = 0; b < n; ++b) {
    const auto [from, to] = bucket_bounds(b, bucket, horizon);
    if (to > from && resources > 0) shares[b] = covered[b] / ((to - from) * resources);
  }
  return shares;
}

void write_run(const std::string& dir, const RunRecord& r, double bucket, double horizon) {
  metrics::write_atomically(dir + "/jobs.csv", jobs_csv(r));
  metrics::write_atomically(dir + "/gangs.csv", gangs_csv(r));
  metrics::write_atomically(dir + "/holds.csv", holds_csv(r));
  metrics::write_atomically(dir + "/unavailability.csv", unavailability_csv(r));
  metrics::write_atomically(dir + "/cycles.csv", cycles_csv(r));
  metrics::write_atomically(dir + "/utilisation.csv", utilisation_csv(r, bucket, horizon));
  metrics::write_atomically(dir + "/summary.csv", summary_csv(r));
  metrics::write_atomically(dir + "/timings.csv", timings_csv(r));
}

}  // namespace arsim::kinds::gangmatch
