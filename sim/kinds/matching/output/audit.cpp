#include "sim/kinds/matching/output/audit.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "base/numbers.hpp"
#include "sim/kinds/matching/output/audit_derived.hpp"
#include "sim/kinds/matching/output/audit_tables.hpp"
#include "sim/kinds/matching/output/writers.hpp"
#include "sim/metrics/batsim_job.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::matching {

namespace {

namespace mm = arsim::model::matching;
constexpr double kTol = 1e-9;

bool close(double a, double b) {
  return std::abs(a - b) <= kTol * std::max({1.0, std::abs(a), std::abs(b)});
}

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, ';');) out.push_back(part);
  return out;
}

struct JobRow {
  std::string where, status;
  std::optional<double> submit, match, start, finish, wait, duration, execution;
  std::string final_state, resource_count;
  std::optional<int> batch;
  int attempts = 0;
  std::vector<std::string> resources;
};

class Auditor {
 public:
  explicit Auditor(const workloads::matching::OnlineWorkload& w) : w_(w) {
    for (std::size_t r = 0; r < w.instance.resources.size(); ++r)
      index_[w.instance.resources[r].name] = static_cast<int>(r);
  }
  void jobs(const metrics::CsvTable& t);
  std::vector<audit::JobFact> facts() const;
  std::vector<std::string>& violations() { return out_; }

 private:
  template <typename... Args>
  void fail(fmt::format_string<Args...> f, Args&&... args) {
    out_.push_back(fmt::format(f, std::forward<Args>(args)...));
  }
  std::optional<double> number(const std::string& where, const char* what,
                               const std::string& text) {
    if (text.empty()) return std::nullopt;
    auto v = base::parse_double(text);
    if (!v) fail("{}: {} '{}' is not a number", where, what, text);
    return v;
  }
  JobRow read_row(const metrics::CsvTable& t, std::size_t i);
  void check_completed(const JobRow& row, int j);
  bool in_candidates(int j, std::size_t d, int r) const;
  bool can_fit(int j) const;
  void check_capacity();

  const workloads::matching::OnlineWorkload& w_;
  std::map<std::string, int> index_;            // resource name -> instance index
  std::vector<JobRow> rows_;                    // per job, once jobs.csv is read
  std::vector<std::vector<int>> resources_of_;  // per job: instance indices of a completed job
  std::vector<std::string> out_;
};

JobRow Auditor::read_row(const metrics::CsvTable& t, std::size_t i) {
  const auto& row = t.rows[i];
  auto f = [&](const char* name) { return row[t.column(name)]; };
  JobRow out;
  out.where = t.where(i);
  out.status = f("status");
  out.final_state = f("final_state");
  out.resource_count = f("requested_number_of_resources");
  out.submit = number(out.where, "submission_time", f("submission_time"));
  out.match = number(out.where, "match", f("match"));
  out.start = number(out.where, "starting_time", f("starting_time"));
  out.finish = number(out.where, "finish_time", f("finish_time"));
  out.wait = number(out.where, "waiting_time", f("waiting_time"));
  out.execution = number(out.where, "execution_time", f("execution_time"));
  out.duration = number(out.where, "requested_time", f("requested_time"));
  if (const auto b = number(out.where, "batch", f("batch"))) out.batch = static_cast<int>(*b);
  out.attempts = static_cast<int>(number(out.where, "attempts", f("attempts")).value_or(-1));
  if (!f("allocated_resources").empty()) out.resources = split(f("allocated_resources"));
  return out;
}

bool Auditor::in_candidates(int j, std::size_t d, int r) const {
  const auto& dep = w_.instance.jobs[j].depends[d];
  const auto& res = w_.instance.resources[r];
  if (res.type != dep.type) return false;
  for (const auto& s : dep.requirements)
    if (res.static_values.at(s.attribute) != s.value) return false;
  return true;
}

bool Auditor::can_fit(int j) const {
  const auto& job = w_.instance.jobs[j];
  for (std::size_t d = 0; d < job.depends.size(); ++d) {
    bool any = false;
    for (std::size_t r = 0; r < w_.instance.resources.size() && !any; ++r) {
      if (!in_candidates(j, d, static_cast<int>(r))) continue;
      any = true;
      for (std::size_t a = 0; a < job.depends[d].usage.size(); ++a)
        any = any && job.depends[d].usage[a] <= w_.instance.resources[r].capacity[a];
    }
    if (!any) return false;
  }
  return true;
}

void Auditor::check_completed(const JobRow& row, int j) {
  const auto& job = w_.instance.jobs[j];
  if (!row.match || !row.start || !row.finish || !row.wait || !row.batch || !row.execution) {
    fail("{}: completed job {} lacks its batch, match, start, finish, wait or execution time",
         row.where, job.name);
    return;
  }
  if (*row.start < *row.match - kTol || (row.submit && *row.start < *row.submit - kTol))
    fail("{}: job {} starts at {} before its match or submission", row.where, job.name, *row.start);
  else if (!close(*row.start, *row.match))  // the matcher starts what it matched at once
    fail("{}: job {} starts at {}, not at its match {}", row.where, job.name, *row.start,
         *row.match);
  if (!close(*row.finish - *row.start, w_.duration[j]))
    fail("{}: job {} ran {} s, not its duration {} s", row.where, job.name,
         *row.finish - *row.start, w_.duration[j]);
  if (row.submit && !close(*row.wait, *row.start - *row.submit))
    fail("{}: job {} wait {} is not start - submit", row.where, job.name, *row.wait);
  if (!close(*row.execution, *row.finish - *row.start))
    fail("{}: job {} execution_time {} is not finish - start", row.where, job.name, *row.execution);
  if (row.attempts < 1)
    fail("{}: completed job {} with {} attempts", row.where, job.name, row.attempts);
  if (row.resources.size() != job.depends.size()) {
    fail("{}: job {} has {} resources for {} dependencies", row.where, job.name,
         row.resources.size(), job.depends.size());
    return;
  }
  std::vector<int> rs;
  for (std::size_t d = 0; d < row.resources.size(); ++d) {
    const auto it = index_.find(row.resources[d]);
    if (it == index_.end()) {
      fail("{}: job {}: unknown resource '{}'", row.where, job.name, row.resources[d]);
      return;
    }
    if (!in_candidates(j, d, it->second))
      fail("{}: job {}: resource {} is not in E(j,t) of dependency {} ({})", row.where, job.name,
           row.resources[d], d, w_.instance.types[job.depends[d].type].name);
    rs.push_back(it->second);
  }
  resources_of_[j] = std::move(rs);
}

void Auditor::jobs(const metrics::CsvTable& t) {
  for (const auto& c : jobs_header()) t.column(c);
  const auto& inst = w_.instance;
  if (t.rows.size() != inst.jobs.size())
    fail("{}: {} rows for the workload's {} jobs", t.source, t.rows.size(), inst.jobs.size());
  resources_of_.assign(inst.jobs.size(), {});
  rows_.assign(inst.jobs.size(), {});
  for (std::size_t i = 0; i < t.rows.size() && i < inst.jobs.size(); ++i) {
    const int j = static_cast<int>(i);
    JobRow row = read_row(t, i);
    if (t.rows[i][t.column("job_id")] != inst.jobs[j].name)
      fail("{}: job '{}' where the workload has '{}'", row.where, t.rows[i][t.column("job_id")],
           inst.jobs[j].name);
    if (!row.submit || !close(*row.submit, w_.submit[j]))
      fail("{}: submission_time differs from the workload's {}", row.where, w_.submit[j]);
    if (!row.duration || !close(*row.duration, w_.duration[j]))
      fail("{}: requested_time differs from the workload's {}", row.where, w_.duration[j]);
    if (row.resource_count != std::to_string(inst.jobs[j].depends.size()))
      fail("{}: requested_number_of_resources '{}', the job has {} dependencies", row.where,
           row.resource_count, inst.jobs[j].depends.size());
    const char* state = row.status == "completed" ? metrics::kCompleted : metrics::kRejected;
    if (row.final_state != state)
      fail("{}: final_state '{}' of a {} job, expected {}", row.where, row.final_state, row.status,
           state);
    if (row.status == "completed") {
      check_completed(row, j);
    } else if (row.status == "dropped" || row.status == "expired" || row.status == "rejected") {
      if (row.start || row.finish || row.match || row.wait || row.execution ||
          !row.resources.empty())
        fail("{}: {} job {} has a match, start, finish or resources", row.where, row.status,
             inst.jobs[j].name);
      if (row.status == "dropped" && (!row.batch || row.attempts < 1))
        fail("{}: dropped job {} names no batch or attempt", row.where, inst.jobs[j].name);
      if (row.status == "rejected" && (row.batch || can_fit(j)))
        fail("{}: job {} rejected though some candidate of every dependency could hold it",
             row.where, inst.jobs[j].name);
    } else {
      fail("{}: status '{}' is not completed, dropped, expired or rejected", row.where, row.status);
    }
    rows_[j] = std::move(row);
  }
  check_capacity();
}

// Per resource and attribute, the usage of the running jobs at every start (finishes at the same
// instant first: half-open intervals) against N(r,a).
void Auditor::check_capacity() {
  const auto& inst = w_.instance;
  struct Change {
    double time, delta;
    int job;
  };
  std::map<std::pair<int, int>, std::vector<Change>> changes;
  for (std::size_t j = 0; j < resources_of_.size(); ++j)
    for (std::size_t d = 0; d < resources_of_[j].size(); ++d)
      for (std::size_t a = 0; a < inst.jobs[j].depends[d].usage.size(); ++a) {
        const double u = inst.jobs[j].depends[d].usage[a];
        auto& c = changes[{resources_of_[j][d], static_cast<int>(a)}];
        c.push_back({*rows_[j].start, u, static_cast<int>(j)});
        c.push_back({*rows_[j].finish, -u, static_cast<int>(j)});
      }
  for (auto& [key, c] : changes) {
    std::sort(c.begin(), c.end(), [](const Change& x, const Change& y) {
      return x.time != y.time ? x.time < y.time : x.delta < y.delta;
    });
    const double n = inst.resources[key.first].capacity[key.second];
    double level = 0;
    for (const auto& ch : c) {
      level += ch.delta;
      if (level > n + kTol * std::max(1.0, n)) {
        fail("{}: resource {} attribute {} holds {} > capacity {} at {} (job {} starts)",
             rows_[ch.job].where, inst.resources[key.first].name,
             inst.types[inst.resources[key.first].type].dynamic_attributes[key.second], level, n,
             ch.time, inst.jobs[ch.job].name);
        break;  // one message per resource attribute
      }
    }
  }
}

std::vector<audit::JobFact> Auditor::facts() const {
  std::vector<audit::JobFact> out;
  for (std::size_t j = 0; j < rows_.size(); ++j) {
    const auto& r = rows_[j];
    audit::JobFact f{r.where, r.status, r.batch, r.match, r.submit, {}, {}, r.attempts, {}};
    if (!resources_of_[j].empty()) {  // a completed job with a full row and known resources
      f.start = r.start;
      f.finish = r.finish;
      f.resources = resources_of_[j];
    }
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace

std::vector<std::string> audit_run(const std::string& dir,
                                   const workloads::matching::OnlineWorkload& w,
                                   const AuditContext& context) {
  Auditor a(w);
  auto& out = a.violations();
  try {
    a.jobs(metrics::read_csv(dir + "/jobs.csv"));
    const auto facts = a.facts();
    const auto batches = metrics::read_csv(dir + "/batches.csv");
    const auto resources = metrics::read_csv(dir + "/resources.csv");
    const auto summary = metrics::read_csv(dir + "/summary.csv");
    audit::batches(batches, facts, out);
    audit::resources(resources, w.instance, out);
    // the derived numbers, recomputed (audit_derived.hpp)
    const audit::Run run{
        w, facts, audit::read_batches(batches, out),
        audit::read_offers(metrics::read_csv(dir + "/offers.csv"), w.instance, out), context};
    audit::batch_numbers(run, out);
    audit::admissions(run, out);
    const auto end = audit::summary_numbers(summary, run, out);
    if (end) audit::resource_buckets(resources, run, *end, out);
  } catch (const std::exception& e) {  // unreadable file or missing column
    a.violations().push_back(e.what());
  }
  return std::move(a.violations());
}

}  // namespace arsim::kinds::matching
