#include "sim/kinds/matching/output/writers.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "sim/kinds/matching/limits.hpp"
#include "sim/kinds/matching/output/usage.hpp"
#include "sim/metrics/batsim_job.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::matching {

using metrics::CsvWriter;

const std::vector<std::string>& batches_header() {
  static const std::vector<std::string> h = {"batch",       "start",    "end",     "size",
                                             "first_tries", "matched",  "dropped", "matcher_time",
                                             "objective",   "status",   "optimal", "iterations",
                                             "lp_solves",   "lp_nodes", "probes",  "work"};
  return h;
}

const std::vector<std::string>& resources_header() {
  static const std::vector<std::string> h = {"resource",     "type",       "attribute", "capacity",
                                             "bucket_start", "bucket_end", "used",      "peak",
                                             "offered",      "over_offer"};
  return h;
}

const std::vector<std::string>& offers_header() {
  static const std::vector<std::string> h = {"time", "batch", "resource", "attribute", "offered"};
  return h;
}

namespace {

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ";") + p;
  return out;
}

// Times are -1 where they did not happen (events.hpp).
std::optional<double> time_of(double t) {
  return t >= 0 ? std::optional(t) : std::nullopt;
}

// A row of jobs.csv: Batsim's columns, then the matching ones.
struct JobOut {
  metrics::BatsimJob batsim;
  const JobHistory* h;
  double priority;
  std::string types;
};

const metrics::Columns<JobOut>& job_columns() {
  using metrics::computed;
  static const metrics::Columns<JobOut> c = metrics::batsim_job_columns<JobOut>(
      &JobOut::batsim,
      {computed<JobOut>("submitter", [](const JobOut& o) { return o.h->submitter; }),
       metrics::column("priority", &JobOut::priority), metrics::column("types", &JobOut::types),
       computed<JobOut>("batch",
                        [](const JobOut& o) {
                          return o.h->batch >= 0 ? std::optional<double>(o.h->batch) : std::nullopt;
                        }),
       computed<JobOut>("match", [](const JobOut& o) { return time_of(o.h->match); }),
       computed<JobOut>("attempts", [](const JobOut& o) { return o.h->attempts; }),
       computed<JobOut>("status",
                        [](const JobOut& o) { return std::string(to_string(o.h->status)); })});
  return c;
}

}  // namespace

const std::vector<std::string>& jobs_header() {
  static const std::vector<std::string> h = metrics::header_of(job_columns());
  return h;
}

metrics::BatsimJob batsim_job(const OnlineWorkload& w, const RunRecord& r, std::size_t j) {
  const auto& inst = w.instance;
  const auto& h = r.jobs.at(j);
  metrics::BatsimJob b;
  b.job_id = inst.jobs[j].name;
  b.set_times(time_of(h.submit), h.started ? std::optional(h.start) : std::nullopt,
              time_of(h.finish));
  b.requested_number_of_resources = static_cast<int>(inst.jobs[j].depends.size());
  b.requested_time = w.duration.at(j);
  std::vector<std::string> names;
  for (int res : h.resources) names.push_back(inst.resources.at(res).name);
  b.allocated_resources = joined(names);
  b.final_state = h.status == JobStatus::Completed ? metrics::kCompleted
                  : h.status != JobStatus::Pending ? metrics::kRejected
                  : h.submit < 0                   ? metrics::kNotSubmitted
                  : h.started                      ? metrics::kRunningAtEnd
                                                   : metrics::kWaitingAtEnd;
  return b;
}

std::string jobs_csv(const OnlineWorkload& w, const RunRecord& r) {
  const auto& inst = w.instance;
  std::vector<JobOut> rows;
  for (std::size_t j = 0; j < inst.jobs.size(); ++j) {
    std::vector<std::string> types;
    for (const auto& d : inst.jobs[j].depends) types.push_back(inst.types[d.type].name);
    rows.push_back({batsim_job(w, r, j), &r.jobs.at(j), inst.jobs[j].priority, joined(types)});
  }
  return metrics::rows_csv(job_columns(), rows);
}

std::string batches_csv(const RunRecord& r) {
  CsvWriter out(batches_header());
  for (const auto& b : r.batches) {
    out.field(b.index).field(b.start).field(b.end).field(b.size).field(b.first_tries);
    out.field(b.matched).field(b.dropped).field(b.matcher_time).field(b.objective);
    out.field(b.status).field(b.optimal ? 1 : 0).field(b.iterations).field(b.lp_solves);
    out.field(b.lp_nodes).field(b.probes).field(b.work);
    out.end_row();
  }
  return out.str();
}

std::string resources_csv(const OnlineWorkload& w, const RunRecord& r, double bucket) {
  if (!(bucket > 0)) throw std::invalid_argument("resources_csv: bucket must be > 0");
  const auto& inst = w.instance;
  const auto held = held_steps(inst, r);
  const auto offered = offered_steps(inst, r);
  const double values = resource_attributes(inst);
  const double count = std::max(1.0, std::ceil(r.end_time / bucket - 1e-9));
  if (!(count * values <= kMaxRows + values))  // also catches a count no integer holds
    throw std::length_error(
        fmt::format("resources.csv: {:g} buckets of {:g} s over [0, {:g}) "
                    "would take more than 10^6 rows",
                    count, bucket, r.end_time));
  const auto buckets = static_cast<long>(count);
  CsvWriter out(resources_header());
  for (std::size_t res = 0; res < inst.resources.size(); ++res) {
    const auto& resource = inst.resources[res];
    const auto& type = inst.types[resource.type];
    for (std::size_t a = 0; a < resource.capacity.size(); ++a) {
      const double n = resource.capacity[a];
      for (long i = 0; i < buckets; ++i) {
        const double b0 = static_cast<double>(i) * bucket,
                     b1 = std::max(b0, std::min(static_cast<double>(i + 1) * bucket, r.end_time));
        const double len = b1 - b0;
        auto share = [&](double v) { return n > 0 && len > 0 ? v / (n * len) : 0.0; };
        out.field(resource.name).field(type.name).field(type.dynamic_attributes[a]).field(n);
        out.field(b0).field(b1).field(share(held[res][a].integral(b0, b1)));
        out.field(n > 0 && len > 0 ? held[res][a].max(b0, b1) / n : 0.0);
        out.field(share(offered[res][a].integral(b0, b1)));
        out.field(len > 0 ? measure_above(held[res][a], offered[res][a], b0, b1) / len : 0.0);
        out.end_row();
      }
    }
  }
  return out.str();
}

std::string offers_csv(const OnlineWorkload& w, const RunRecord& r) {
  const auto& inst = w.instance;
  std::vector<std::vector<int>> of_type(inst.types.size());
  for (std::size_t res = 0; res < inst.resources.size(); ++res)
    of_type.at(inst.resources[res].type).push_back(static_cast<int>(res));
  CsvWriter out(offers_header());
  for (const auto& step : r.offers) {
    const auto& rs = of_type.at(step.type);
    for (std::size_t i = 0; i < rs.size() && i < step.offered.size(); ++i)
      for (std::size_t a = 0; a < step.offered[i].size(); ++a) {
        out.field(step.time);
        if (step.batch >= 0)
          out.field(step.batch);
        else
          out.empty();
        out.field(inst.resources[rs[i]].name).field(inst.types[step.type].dynamic_attributes[a]);
        out.field(step.offered[i][a]).end_row();
      }
  }
  return out.str();
}

std::string timings_csv(const RunRecord& r) {
  CsvWriter out({"batch", "wall_seconds"});
  for (const auto& b : r.batches) out.field(b.index).field(b.wall_seconds).end_row();
  return out.str();
}

std::string summary_csv(const std::vector<Metric>& metrics) {
  CsvWriter out({"metric", "user", "resource", "bucket_end", "value"});
  for (const auto& m : metrics) {
    out.field(m.name).field("all");
    if (m.resource.empty())
      out.empty();
    else
      out.field(m.resource);
    out.field("all").field(m.value).end_row();
  }
  return out.str();
}

void write_run(const std::string& dir, const OnlineWorkload& w, const RunRecord& r,
               const OutputOptions& options) {
  metrics::write_atomically(dir + "/jobs.csv", jobs_csv(w, r));
  metrics::write_atomically(dir + "/batches.csv", batches_csv(r));
  metrics::write_atomically(dir + "/offers.csv", offers_csv(w, r));
  metrics::write_atomically(dir + "/resources.csv", resources_csv(w, r, options.bucket));
  metrics::write_atomically(dir + "/summary.csv", summary_csv(summary_metrics(w, r, options)));
  metrics::write_atomically(dir + "/timings.csv", timings_csv(r));
}

}  // namespace arsim::kinds::matching
