#include "sim/kinds/interval/output/audit.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "base/numbers.hpp"
#include "sim/kinds/interval/output/audit_summary.hpp"
#include "sim/metrics/batsim_job.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::interval {

namespace {

constexpr double kEps = 1e-9;

bool close(double a, double b) {
  return std::abs(a - b) <= kEps * std::max({1.0, std::abs(a), std::abs(b)});
}

// A row of jobs.csv whose numbers could be read.
struct Row {
  std::string where, resource;
  double submit = 0, duration = 0, start = 0, finish = 0;
};

// Checks row r on its own and against its task of the workload (when the rows are the tasks').
std::optional<Row> check_row(const metrics::CsvTable& t, std::size_t r,
                             const model::IntervalTask* task,
                             const std::set<std::string>& resources,
                             std::vector<std::string>& out) {
  const auto& row = t.rows[r];
  const std::string at = t.where(r);
  auto field = [&](const char* name) -> const std::string& { return row[t.column(name)]; };
  bool numbers = true;
  auto value = [&](const char* name) {
    const auto v = base::parse_double(field(name));
    if (v && std::isfinite(*v)) return *v;
    out.push_back(fmt::format("{}: {} '{}' is not a number", at, name, field(name)));
    numbers = false;
    return 0.0;
  };
  if (field("final_state") != "COMPLETED_SUCCESSFULLY" ||
      field("requested_number_of_resources") != "1")
    out.push_back(fmt::format("{}: expected one resource and state COMPLETED_SUCCESSFULLY", at));
  if (!resources.count(field("allocated_resources")))
    out.push_back(
        fmt::format("{}: resource '{}' is not one of the run's", at, field("allocated_resources")));
  Row x{at,
        field("allocated_resources"),
        value("submission_time"),
        value("requested_time"),
        value("starting_time"),
        value("finish_time")};
  const double exec = value("execution_time"), wait = value("waiting_time");
  if (!numbers) return {};
  if (task && (field("job_id") != std::to_string(task->id) || !close(x.submit, task->start) ||
               !close(x.duration, task->duration())))
    out.push_back(fmt::format(
        "{}: job {} requested at {} for {} s is not the workload's job {} "
        "requested at {} for {} s",
        at, field("job_id"), x.submit, x.duration, task->id, task->start, task->duration()));
  if (x.start < x.submit - kEps)
    out.push_back(
        fmt::format("{}: starts at {} before its requested start {}", at, x.start, x.submit));
  if (!close(wait, x.start - x.submit))
    out.push_back(fmt::format("{}: waiting_time {} is not start - submission_time", at, wait));
  if (!close(exec, x.finish - x.start))
    out.push_back(
        fmt::format("{}: execution_time {} is not finish_time - starting_time", at, exec));
  return x;
}

// One resource's rows: reservations [start, start + requested) never overlap, and every finish is
// the one the host's speed gives (speed_model.hpp).
void check_resource(const AuditedResource& resource, std::vector<const Row*> runs,
                    std::vector<std::string>& out) {
  std::stable_sort(runs.begin(), runs.end(),
                   [](const Row* a, const Row* b) { return a->start < b->start; });
  const Row* holder = nullptr;  // the reservation ending last so far
  std::vector<Execution> executions;
  std::vector<const Row*> executed;
  for (const Row* r : runs) {
    if (!(r->duration > 0)) {
      if (r->finish != r->start)
        out.push_back(fmt::format("{}: a task of no length ends at {}, after its start {}",
                                  r->where, r->finish, r->start));
      continue;
    }
    if (holder && r->start < holder->start + holder->duration - kEps)
      out.push_back(
          fmt::format("{}: overlaps {} on resource {}", r->where, holder->where, resource.name));
    if (!holder || r->start + r->duration > holder->start + holder->duration) holder = r;
    executions.push_back({r->start, r->duration});
    executed.push_back(r);
  }
  const auto end = finish_times(executions, resource.cores, resource.speed);
  for (std::size_t i = 0; i < executed.size(); ++i)
    if (!close(executed[i]->finish, end[i]))
      out.push_back(
          fmt::format("{}: finishes at {}, but {} s of work started at {} on {} end at {} "
                      "at its host's speed",
                      executed[i]->where, executed[i]->finish, executed[i]->duration,
                      executed[i]->start, resource.name, end[i]));
}

// Each row's period: that of its chain's first task's requested start (the workload's
// predecessors), or its own when the rows are not the workload's tasks.
std::vector<AuditedTask> audited_tasks(const std::vector<std::optional<Row>>& rows,
                                       const std::vector<model::IntervalTask>& tasks,
                                       double period) {
  const bool aligned = rows.size() == tasks.size();
  std::vector<AuditedTask> out;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (!rows[i]) continue;
    double first = rows[i]->submit;
    if (aligned) {
      std::size_t root = i;
      for (std::size_t hops = 0; tasks[root].predecessor >= 0 && hops <= tasks.size(); ++hops)
        root = static_cast<std::size_t>(tasks[root].predecessor);
      first = tasks[root].start;
    }
    const long k = std::max(0L, static_cast<long>(std::floor(first / period)));
    out.push_back({rows[i]->submit, rows[i]->duration, rows[i]->start, k});
  }
  return out;
}

}  // namespace

const std::vector<std::string>& jobs_header() {
  static const std::vector<std::string> header = metrics::header_of(metrics::batsim_job_columns());
  return header;
}

std::vector<std::string> audit_run(const std::string& dir, const AuditInput& in) {
  if (!(in.period > 0)) throw std::invalid_argument("audit_run: period must be > 0");
  for (const auto& t : in.tasks)
    if (t.predecessor >= static_cast<int>(in.tasks.size()))
      throw std::invalid_argument("audit_run: predecessor out of range");
  std::vector<std::string> out;
  metrics::CsvTable jobs, summary;
  try {
    jobs = metrics::read_csv(dir + "/jobs.csv");
    summary = metrics::read_csv(dir + "/summary.csv");
    for (const auto& c : jobs_header()) jobs.column(c);
    for (const char* c : {"metric", "user", "resource", "bucket_end", "value"}) summary.column(c);
  } catch (const std::exception& e) {
    return {e.what()};
  }
  const bool aligned = jobs.rows.size() == in.tasks.size();
  if (!aligned)
    out.push_back(fmt::format("{}: {} rows, the workload has {} tasks", jobs.source,
                              jobs.rows.size(), in.tasks.size()));
  std::set<std::string> names, ids;
  for (const auto& r : in.resources) names.insert(r.name);
  std::vector<std::optional<Row>> rows;
  for (std::size_t r = 0; r < jobs.rows.size(); ++r) {
    if (!ids.insert(jobs.rows[r][jobs.column("job_id")]).second)
      out.push_back(fmt::format("{}: job {} appears twice", jobs.where(r),
                                jobs.rows[r][jobs.column("job_id")]));
    rows.push_back(check_row(jobs, r, aligned ? &in.tasks[r] : nullptr, names, out));
  }
  std::map<std::string, std::vector<const Row*>> on;
  for (const auto& r : rows)
    if (r) on[r->resource].push_back(&*r);
  for (const auto& resource : in.resources) check_resource(resource, on[resource.name], out);
  check_summary(summary, audited_tasks(rows, in.tasks, in.period),
                static_cast<int>(in.resources.size()), in.period, out);
  return out;
}

}  // namespace arsim::kinds::interval
