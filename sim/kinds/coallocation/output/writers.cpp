// requests, timings, reservations, jobs and resources files; write_run. The summary is in
// summary.cpp.
#include "sim/kinds/coallocation/output/writers.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sim/kinds/coallocation/output/competition.hpp"
#include "sim/kinds/coallocation/output/failures.hpp"
#include "sim/kinds/coallocation/output/repairs.hpp"
#include "sim/kinds/coallocation/output/resubmissions.hpp"
#include "sim/kinds/coallocation/transfers/output.hpp"
#include "sim/metrics/batsim_job.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation {

using metrics::CsvWriter;
using metrics::write_atomically;

namespace {

// Names of bad ids are written as "#id" instead of throwing, so the auditor reports them.
std::string vertex_name(const model::ResourceGraph& g, int v) {
  if (v < 0 || v >= g.vertex_count()) return fmt::format("#{}", v);
  return g.vertex(v).name;
}

std::string edge_name(const model::ResourceGraph& g, int e) {
  if (e < 0 || e >= g.edge_count()) return fmt::format("#{}", e);
  return g.edge(e).name;
}

std::string component_cpus(const model::Request& r) {
  std::vector<int> cpus;
  for (const auto& c : r.components) cpus.push_back(c.cpus);
  return fmt::format("{}", fmt::join(cpus, ";"));
}

std::string pair_demands(const model::Request& r) {
  std::vector<std::string> out;
  for (const auto& p : r.pairs)
    out.push_back(p.has_latency_bound()
                      ? fmt::format("{}-{}:{}@{}", p.a, p.b, p.bandwidth, p.max_latency)
                      : fmt::format("{}-{}:{}", p.a, p.b, p.bandwidth));
  return fmt::format("{}", fmt::join(out, ";"));
}

// The latency of each planned route (s, model::route_latency; 0 for a pair without a path).
std::string route_latencies(const model::ResourceGraph& g, const model::Plan& plan) {
  std::vector<std::string> out;
  for (const auto& route : plan.routes)
    out.push_back(fmt::format("{}", model::route_latency(g, route)));
  return fmt::format("{}", fmt::join(out, ";"));
}

bool any_latency_bound(const RunRecord& rec) {
  return std::any_of(rec.requests.begin(), rec.requests.end(), [](const auto& rr) {
    return std::any_of(rr.request.pairs.begin(), rr.request.pairs.end(),
                       [](const model::Pair& p) { return p.has_latency_bound(); });
  });
}

int pairs_with_bandwidth(const model::Request& r) {
  return static_cast<int>(
      std::count_if(r.pairs.begin(), r.pairs.end(), [](const auto& p) { return p.bandwidth > 0; }));
}

std::string host_cores(const JobRecord& j) {
  std::vector<std::string> out;
  for (const auto& [host, cores] : j.hosts) out.push_back(fmt::format("{}:{}", host, cores));
  return fmt::format("{}", fmt::join(out, ";"));
}

// A row of jobs.csv: Batsim's columns, then the cores held on each host.
struct JobRow {
  metrics::BatsimJob batsim;
  std::string hosts;
};

const metrics::Columns<JobRow>& job_columns() {
  static const metrics::Columns<JobRow> c = metrics::batsim_job_columns<JobRow>(
      &JobRow::batsim, {metrics::column("hosts", &JobRow::hosts)});
  return c;
}

std::map<int, const RequestRecord*> by_id(const RunRecord& rec) {
  std::map<int, const RequestRecord*> m;
  for (const auto& r : rec.requests) m.emplace(r.request.id, &r);
  return m;
}

}  // namespace

std::string join_sites(const model::ResourceGraph& g, const std::vector<int>& sites) {
  std::vector<std::string> names;
  for (int s : sites) names.push_back(vertex_name(g, s));
  return fmt::format("{}", fmt::join(names, ";"));
}

std::string join_paths(const model::ResourceGraph& g, const std::vector<std::vector<int>>& routes) {
  std::vector<std::string> chains;
  for (const auto& route : routes) {
    std::vector<std::string> names;
    for (int e : route) names.push_back(edge_name(g, e));
    chains.push_back(fmt::format("{}", fmt::join(names, "+")));
  }
  return fmt::format("{}", fmt::join(chains, ";"));
}

constexpr double kMaxBuckets = 1e6;

void validate(const MetricsConfig& cfg) {
  if (!(cfg.bucket > 0)) throw std::invalid_argument("metrics: bucket must be > 0");
  if (!(cfg.horizon > 0)) throw std::invalid_argument("metrics: horizon must be > 0");
  // Every bucket is a row of utilisation.csv per resource: keep that within reason.
  if (!(cfg.horizon / cfg.bucket <= kMaxBuckets))
    throw std::invalid_argument(
        fmt::format("metrics: horizon / bucket must be at most {} buckets, got {:g}", kMaxBuckets,
                    cfg.horizon / cfg.bucket));
  if (!(cfg.arrival_end / cfg.bucket <= kMaxBuckets))
    throw std::invalid_argument(
        fmt::format("metrics: arrival_end / bucket must be at most {} buckets, got {:g}",
                    kMaxBuckets, cfg.arrival_end / cfg.bucket));
  if (!(cfg.arrival_end > 0)) throw std::invalid_argument("metrics: arrival_end must be > 0");
  if (!(cfg.window_end > cfg.window_start))
    throw std::invalid_argument("metrics: window_end must be > window_start");
}

std::string requests_csv(const RunRecord& rec, const model::ResourceGraph& g) {
  std::vector<std::string> columns{"request_id",     "user",          "type",
                                   "submit",         "est",           "lst",
                                   "duration",       "service_level", "components",
                                   "cpus",           "pairs",         "outcome",
                                   "frames",         "plans_found",   "plans_tried",
                                   "reserved_start", "reserved_end",  "time_deviation",
                                   "sites",          "paths",         "decision_time",
                                   "solver_nodes",   "solves",        "component_cpus",
                                   "pair_demands"};
  // Only a run with a latency bound gets the column, so the file of every other run is unchanged.
  const bool latencies = any_latency_bound(rec);
  if (latencies) columns.push_back("route_latencies");
  CsvWriter w(columns);
  for (const auto& rr : rec.requests) {
    const model::Request& r = rr.request;
    const bool ok = rr.outcome == Outcome::Accepted;
    w.field(r.id).field(r.user).field(r.type).field(r.submit).field(r.est).field(r.lst);
    w.field(r.duration).field(r.service_level).field(r.components.size()).field(r.total_cpus());
    w.field(pairs_with_bandwidth(r)).field(ok ? "accepted" : "rejected");
    w.field(rr.frames).field(rr.plans_found).field(rr.plans_tried);
    if (ok) {
      w.field(rr.plan.frame.start).field(rr.plan.frame.end).field(rr.plan.frame.start - r.est);
      w.field(join_sites(g, rr.plan.sites)).field(join_paths(g, rr.plan.routes));
    } else {
      w.empty().empty().empty().empty().empty();
    }
    w.field(rr.decision_time).field(rr.solver_nodes).field(rr.solves);
    w.field(component_cpus(r)).field(pair_demands(r));
    if (latencies && ok) w.field(route_latencies(g, rr.plan));
    if (latencies && !ok) w.empty();
    w.end_row();
  }
  return w.str();
}

std::string timings_csv(const RunRecord& rec) {
  CsvWriter w({"request_id", "planning_wall_seconds", "planning_cpu_seconds"});
  for (const auto& rr : rec.requests) {
    w.field(rr.request.id).field(rr.planning_wall).field(rr.planning_cpu);
    w.end_row();
  }
  return w.str();
}

std::string reservations_csv(const RunRecord& rec, const model::ResourceGraph& g) {
  std::vector<std::string> header{"request_id", "kind", "resource", "domain",
                                  "start",      "end",  "amount"};
  if (rec.failure_model) header.insert(header.end(), {"broken_at", "released_at", "repair"});
  CsvWriter w(header);
  for (const auto& res : rec.reservations) {
    const bool cores = res.kind == ResourceKind::Cores;
    w.field(res.request_id).field(cores ? "cores" : "bandwidth");
    if (cores) {
      w.field(vertex_name(g, res.resource));
      if (res.resource >= 0 && res.resource < g.vertex_count())
        w.field(g.vertex(res.resource).domain);
      else
        w.empty();
    } else {
      w.field(edge_name(g, res.resource));
      if (res.resource >= 0 && res.resource < g.edge_count())
        w.field(g.edge(res.resource).domain);
      else
        w.empty();
    }
    w.field(res.frame.start).field(res.frame.end).field(res.amount);
    if (rec.failure_model) w.field(res.broken_at).field(res.released_at).field(res.repair);
    w.end_row();
  }
  return w.str();
}

std::string jobs_csv(const RunRecord& rec, const model::ResourceGraph& g) {
  const auto requests = by_id(rec);
  // The component of a job: the one placed last on its site before the job started, by the plan
  // (the position of the site; sites are distinct) or by a repair (repairs.csv). A site may hold
  // one component first and, after a repair moved that one away, another.
  auto component_of = [&](const JobRecord& j) {
    auto it = requests.find(j.request_id);
    if (it == requests.end()) return -1;
    const auto& sites = it->second->plan.sites;
    auto s = std::find(sites.begin(), sites.end(), j.site);
    int component = s != sites.end() ? static_cast<int>(s - sites.begin()) : -1;
    double placed = -std::numeric_limits<double>::infinity();
    for (const auto& r : rec.repairs)
      for (std::size_t k = 0; r.request_id == j.request_id && k < r.moved.size(); ++k)
        if (r.new_sites[k] == j.site && r.start <= j.start && r.start > placed) {
          component = r.moved[k];
          placed = r.start;
        }
    return component;
  };
  // Rows sorted by (request, component), so the file does not depend on completion order ties.
  std::vector<std::size_t> order(rec.jobs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    const auto& a = rec.jobs[x];
    const auto& b = rec.jobs[y];
    if (a.request_id != b.request_id) return a.request_id < b.request_id;
    return component_of(a) < component_of(b);
  });
  std::vector<JobRow> rows;
  for (std::size_t i : order) {
    const JobRecord& j = rec.jobs[i];
    const int c = component_of(j);
    JobRow row;
    row.batsim.job_id = c >= 0 ? fmt::format("{}:{}", j.request_id, c)
                               : fmt::format("{}:@{}", j.request_id, vertex_name(g, j.site));
    auto it = requests.find(j.request_id);
    const model::Request* r = it != requests.end() ? &it->second->request : nullptr;
    row.batsim.set_times(r ? std::optional(r->submit) : std::nullopt, j.start, j.end);
    row.batsim.requested_number_of_resources = j.cores;
    if (r) row.batsim.requested_time = r->duration;
    // Not Batsim's start − submission: the delay past the earliest start the user asked for, the
    // time deviation of GridARS §4 (docs/reference/outputs.md).
    row.batsim.waiting_time = r ? std::optional(j.start - r->est) : std::nullopt;
    row.batsim.allocated_resources = vertex_name(g, j.site);
    row.batsim.final_state = j.killed ? metrics::kKilled : metrics::kCompleted;
    row.hosts = host_cores(j);
    rows.push_back(std::move(row));
  }
  return metrics::rows_csv(job_columns(), rows);
}

void write_run(const std::string& run_dir, const RunRecord& rec, const model::ResourceGraph& g,
               const MetricsConfig& cfg) {
  validate(cfg);
  std::filesystem::create_directories(run_dir);
  const std::filesystem::path dir(run_dir);
  auto put = [&](const char* name, const std::string& text) {
    write_atomically((dir / name).string(), text);
  };
  put("requests.csv", requests_csv(rec, g));
  put("timings.csv", timings_csv(rec));
  put("reservations.csv", reservations_csv(rec, g));
  put("jobs.csv", jobs_csv(rec, g));
  put("resources.csv", resources_csv(rec, g, cfg));
  put("summary.csv", summary_csv(compute_summary(rec, g, cfg)));
  put("grcs.csv", grcs_csv(rec));
  put("attempts.csv", attempts_csv(rec));
  if (rec.transfers) put("transfers.csv", transfers::transfers_csv(rec));
  if (rec.resubmission) put("resubmissions.csv", resubmissions_csv(rec));
  if (rec.failure_model) put("failures.csv", failures_csv(rec));
  if (rec.failure_model) put("releases.csv", releases_csv(rec));
  if (rec.failure_model) put("repairs.csv", repairs_csv(rec, g));
}

}  // namespace arsim::kinds::coallocation
