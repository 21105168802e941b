#include "sim/kinds/interval/audit.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "model/numbers.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::interval {

namespace {

constexpr double kEps = 1e-9;

std::optional<double> number(const std::string& text) {
  return model::parse_double(text);
}

bool close(double a, double b) {
  return std::abs(a - b) <= kEps * std::max({1.0, std::abs(a), std::abs(b)});
}

struct Run {
  std::string where, resource;
  double start = 0, finish = 0;
};

// Reads and checks the rows; returns what the overlap check needs, and Σ|waiting|.
std::vector<Run> check_rows(const metrics::CsvTable& t, const std::set<std::string>& resources,
                            double& total_wait, std::vector<std::string>& out) {
  std::vector<Run> runs;
  std::set<std::string> ids;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const auto& row = t.rows[r];
    const std::string at = t.where(r);
    auto field = [&](const char* name) { return row[t.column(name)]; };
    auto value = [&](const char* name) -> std::optional<double> {
      auto v = number(field(name));
      if (!v) out.push_back(fmt::format("{}: {} '{}' is not a number", at, name, field(name)));
      return v;
    };
    if (!ids.insert(field("job_id")).second)
      out.push_back(fmt::format("{}: job {} appears twice", at, field("job_id")));
    if (field("final_state") != "COMPLETED_SUCCESSFULLY" ||
        field("requested_number_of_resources") != "1")
      out.push_back(fmt::format("{}: expected one resource and state COMPLETED_SUCCESSFULLY", at));
    if (!resources.count(field("allocated_resources")))
      out.push_back(fmt::format("{}: resource '{}' is not one of the run's", at,
                                field("allocated_resources")));
    const auto submit = value("submission_time"), requested = value("requested_time"),
               start = value("starting_time"), exec = value("execution_time"),
               finish = value("finish_time"), wait = value("waiting_time");
    if (!submit || !requested || !start || !exec || !finish || !wait) continue;
    if (*start < *submit - kEps)
      out.push_back(
          fmt::format("{}: starts at {} before its requested start {}", at, *start, *submit));
    if (!close(*exec, *requested))
      out.push_back(fmt::format("{}: ran {} s, requested {} s", at, *exec, *requested));
    if (!close(*finish, *start + *exec) || !close(*wait, *start - *submit))
      out.push_back(fmt::format("{}: finish or waiting time inconsistent with the start", at));
    total_wait += std::abs(*wait);
    runs.push_back({at, field("allocated_resources"), *start, *finish});
  }
  return runs;
}

void check_overlaps(std::vector<Run> runs, std::vector<std::string>& out) {
  std::stable_sort(runs.begin(), runs.end(), [](const Run& a, const Run& b) {
    return a.resource != b.resource
               ? a.resource < b.resource
               : (a.start != b.start ? a.start < b.start : a.finish < b.finish);
  });
  for (std::size_t i = 1; i < runs.size(); ++i)
    if (runs[i].resource == runs[i - 1].resource && runs[i].start < runs[i - 1].finish - kEps &&
        runs[i].finish > runs[i].start)
      out.push_back(fmt::format("{}: overlaps {} on resource {}", runs[i].where, runs[i - 1].where,
                                runs[i].resource));
}

// The value of `metric` in the row of bucket `bucket`, if any.
std::optional<double> summary_value(const metrics::CsvTable& t, const std::string& metric,
                                    const std::string& bucket = "all") {
  for (const auto& row : t.rows)
    if (row[t.column("metric")] == metric && row[t.column("bucket_end")] == bucket)
      return number(row[t.column("value")]);
  return {};
}

// The period rows agree with the run's: their tasks add up to the run's, their deviations to
// Σ|waiting| (each task counts in one period), their loads B_k to P B, and no period twice.
void check_periods(const metrics::CsvTable& t, double total_wait, double period,
                   std::vector<std::string>& out) {
  std::map<std::string, std::map<std::string, double>> by_period;  // bucket -> metric -> value
  for (const auto& row : t.rows) {
    const auto v = number(row[t.column("value")]);
    if (row[t.column("bucket_end")] != "all" && v)
      by_period[row[t.column("bucket_end")]][row[t.column("metric")]] = *v;
  }
  double tasks = 0, wait = 0, load = 0;
  for (const auto& [end, values] : by_period) {
    if (!values.count("tasks") || !values.count("time_deviation") || !values.count("B") ||
        !(values.at("tasks") >= 1)) {
      out.push_back(
          fmt::format("{}: period ending {}: tasks, time_deviation or B missing", t.source, end));
      continue;
    }
    const double n = values.at("tasks");
    tasks += n, wait += values.at("time_deviation") * n * period, load += values.at("B");
  }
  const auto n = summary_value(t, "tasks"), p = summary_value(t, "periods"),
             l = summary_value(t, "B");
  if (!n || !p || !l || *n != tasks || !(*p >= static_cast<double>(by_period.size())))
    out.push_back(
        fmt::format("{}: the periods' tasks ({}) are not the run's, or 'periods' is "
                    "below the {} periods listed",
                    t.source, tasks, by_period.size()));
  else if (!close(load, *l * *p))
    out.push_back(
        fmt::format("{}: the periods' B add up to {}, not P B = {}", t.source, load, *l * *p));
  if (!close(wait, total_wait))
    out.push_back(fmt::format("{}: the periods' deviations add up to {} s, jobs.csv to {} s",
                              t.source, wait, total_wait));
}

}  // namespace

const std::vector<std::string>& jobs_header() {
  static const std::vector<std::string> header = {
      "job_id",         "submission_time", "requested_number_of_resources",
      "requested_time", "starting_time",   "execution_time",
      "finish_time",    "waiting_time",    "allocated_resources",
      "final_state"};
  return header;
}

std::vector<std::string> audit_run(const std::string& dir,
                                   const std::vector<std::string>& resources, double period) {
  std::vector<std::string> out;
  metrics::CsvTable jobs, summary;
  try {
    jobs = metrics::read_csv(dir + "/jobs.csv");
    summary = metrics::read_csv(dir + "/summary.csv");
    for (const auto& c : jobs_header()) jobs.column(c);
    summary.column("metric"), summary.column("bucket_end"), summary.column("value");
  } catch (const std::exception& e) {
    return {e.what()};
  }
  double total_wait = 0;
  const std::set<std::string> names(resources.begin(), resources.end());
  check_overlaps(check_rows(jobs, names, total_wait, out), out);
  const auto tasks = summary_value(summary, "tasks"), m = summary_value(summary, "resources"),
             d = summary_value(summary, "time_deviation");
  if (!tasks || *tasks != static_cast<double>(jobs.rows.size()))
    out.push_back(fmt::format("{}: 'tasks' differs from the {} rows of jobs.csv", summary.source,
                              jobs.rows.size()));
  if (!m || *m != static_cast<double>(resources.size()))
    out.push_back(
        fmt::format("{}: 'resources' differs from the run's {}", summary.source, resources.size()));
  const double n = static_cast<double>(jobs.rows.size());
  const double expected = n > 0 ? total_wait / (n * period) : 0;
  if (!d || !close(*d, expected))
    out.push_back(
        fmt::format("{}: time_deviation is not Σ|waiting| / (N T) = {}", summary.source, expected));
  check_periods(summary, total_wait, period, out);
  return out;
}

}  // namespace arsim::kinds::interval
