#include "sim/kinds/coallocation/output/auditor.hpp"

#include "sim/kinds/coallocation/output/audit_inputs.hpp"
#include "sim/kinds/coallocation/output/audit_latency.hpp"
#include "workloads/request_file.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "sim/kinds/coallocation/output/audit_failures.hpp"
#include "sim/kinds/coallocation/output/audit_metrics.hpp"
#include "sim/kinds/coallocation/output/audit_releases.hpp"
#include "sim/kinds/coallocation/output/audit_repairs.hpp"
#include "sim/kinds/coallocation/output/audit_rows.hpp"
#include "sim/kinds/coallocation/transfers/output.hpp"

namespace arsim::kinds::coallocation {

using metrics::CsvTable;
using metrics::read_csv;

namespace {

using audit::PairDemand;
using audit::RequestRow;
using audit::ReservationRow;

constexpr double kTol = 1e-9;

bool near(double a, double b) {
  return std::abs(a - b) <= kTol * std::max(1.0, std::abs(b));
}

class Auditor {
 public:
  Auditor(const model::ResourceGraph& g, std::optional<model::TimeFrame> window)
      : g_(g), window_(window) {}

  void run(const std::vector<RequestRow>& requests, const std::vector<ReservationRow>& res);
  std::vector<std::string> take() { return std::move(violations_); }
  std::vector<std::string>& violations() { return violations_; }

 private:
  template <typename... Args>
  void fail(fmt::format_string<Args...> f, Args&&... args) {
    violations_.push_back(fmt::format(f, std::forward<Args>(args)...));
  }

  void check_ids(const std::vector<RequestRow>& requests);
  void check_request(const RequestRow& r);
  void check_plan(const RequestRow& r);
  void check_chain(const RequestRow& r, std::size_t pair, int from, int to);
  void check_reservation(const ReservationRow& x);
  void check_reserved_amounts(const RequestRow& r);
  void check_capacity(const std::vector<ReservationRow>& res);

  const model::ResourceGraph& g_;
  std::optional<model::TimeFrame> window_;
  std::vector<std::string> violations_;
  std::map<int, const RequestRow*> by_id_;
  // Per accepted request: amounts reserved per site name and per edge name, from reservations.csv.
  std::map<int, std::map<std::string, double>> cores_of_, bandwidth_of_;
};

void Auditor::run(const std::vector<RequestRow>& requests, const std::vector<ReservationRow>& res) {
  check_ids(requests);
  for (const auto& r : requests) check_request(r);
  for (const auto& x : res) check_reservation(x);
  for (const auto& r : requests) {
    auto it = by_id_.find(r.id);
    if (r.accepted && it != by_id_.end() && it->second == &r) check_reserved_amounts(r);
  }
  check_capacity(res);
}

void Auditor::check_ids(const std::vector<RequestRow>& requests) {
  int max_id = -1;
  for (const auto& r : requests) {
    if (r.id < 0) {
      fail("{}: negative request id {}", r.where, r.id);
      continue;
    }
    auto [it, fresh] = by_id_.emplace(r.id, &r);
    if (!fresh) fail("{}: request {} listed twice (first at {})", r.where, r.id, it->second->where);
    max_id = std::max(max_id, r.id);
  }
  for (int id = 0; id < max_id; ++id)
    if (!by_id_.count(id)) fail("requests.csv: request id {} missing", id);
}

void Auditor::check_request(const RequestRow& r) {
  if (!r.accepted) {
    const bool any_path =
        std::any_of(r.paths.begin(), r.paths.end(), [](const auto& c) { return !c.empty(); });
    if (r.start || r.end || r.time_deviation || !r.sites.empty() || any_path)
      fail("{}: rejected request {} has a reserved frame, sites or paths", r.where, r.id);
    return;
  }
  if (!r.start || !r.end) {
    fail("{}: accepted request {} has no reserved frame", r.where, r.id);
    return;
  }
  if (!near(*r.end - *r.start, r.duration))
    fail("{}: request {} reserved frame [{}, {}) is not {} long", r.where, r.id, *r.start, *r.end,
         r.duration);
  if (!r.time_deviation || !near(*r.time_deviation, *r.start - r.est))
    fail("{}: request {} time_deviation is {}, not reserved start {} - EST {}", r.where, r.id,
         r.time_deviation ? fmt::format("{}", *r.time_deviation) : "empty", *r.start, r.est);
  if (*r.start < r.est - kTol || *r.end > r.lst + r.duration + kTol)
    fail("{}: request {} reserved frame [{}, {}) is outside [EST {}, LST + D {}]", r.where, r.id,
         *r.start, *r.end, r.est, r.lst + r.duration);
  check_plan(r);
}

void Auditor::check_plan(const RequestRow& r) {
  if (static_cast<int>(r.component_cpus.size()) != r.components)
    fail("{}: request {} lists {} component cpus for {} components", r.where, r.id,
         r.component_cpus.size(), r.components);
  int total = 0;
  for (int c : r.component_cpus) total += c;
  if (total != r.cpus)
    fail("{}: request {} components sum to {} cpus, not {}", r.where, r.id, total, r.cpus);
  const auto with_bw = std::count_if(r.pairs.begin(), r.pairs.end(),
                                     [](const PairDemand& p) { return p.bandwidth > 0; });
  if (with_bw != r.pairs_with_bandwidth)
    fail("{}: request {} has {} pairs with bandwidth, not {}", r.where, r.id, with_bw,
         r.pairs_with_bandwidth);
  if (static_cast<int>(r.sites.size()) != r.components) {
    fail("{}: request {} has {} sites for {} components", r.where, r.id, r.sites.size(),
         r.components);
    return;
  }
  std::vector<int> site_ids;
  std::set<std::string> seen;
  for (const auto& name : r.sites) {
    const auto v = g_.find_vertex(name);
    if (!v || g_.vertex(*v).role != model::VertexRole::Site)
      fail("{}: request {}: '{}' is not a compute site", r.where, r.id, name);
    if (!seen.insert(name).second)
      fail("{}: request {}: two components on site '{}'", r.where, r.id, name);
    site_ids.push_back(v ? *v : -1);
  }
  if (r.paths.size() != r.pairs.size()) {
    fail("{}: request {} has {} paths for {} pairs", r.where, r.id, r.paths.size(), r.pairs.size());
    return;
  }
  for (std::size_t l = 0; l < r.pairs.size(); ++l) {
    const PairDemand& p = r.pairs[l];
    if (p.a < 0 || p.b < 0 || p.a >= r.components || p.b >= r.components || p.a == p.b) {
      fail("{}: request {} pair {} joins bad components {}-{}", r.where, r.id, l, p.a, p.b);
    } else if (p.bandwidth <= 0) {
      if (!r.paths[l].empty())
        fail("{}: request {} pair {} needs no path but has one", r.where, r.id, l);
    } else if (site_ids[p.a] >= 0 && site_ids[p.b] >= 0) {
      check_chain(r, l, site_ids[p.a], site_ids[p.b]);
    }
  }
}

// The chain must leave `from`, follow edges end to end without revisiting a vertex, and stop at
// `to`.
void Auditor::check_chain(const RequestRow& r, std::size_t pair, int from, int to) {
  const auto& names = r.paths[pair];
  if (names.empty()) {
    fail("{}: request {} pair {} has bandwidth but no path", r.where, r.id, pair);
    return;
  }
  if (const auto problem = audit::chain_problem(g_, names, from, to); !problem.empty())
    fail("{}: request {} pair {}: broken chain, {}", r.where, r.id, pair, problem);
}

void Auditor::check_reservation(const ReservationRow& x) {
  if (x.kind == "cores") {
    const auto v = g_.find_vertex(x.resource);
    if (!v || g_.vertex(*v).role != model::VertexRole::Site)
      fail("{}: cores reserved on '{}', which is not a compute site", x.where, x.resource);
    else if (g_.vertex(*v).domain != x.domain)
      fail("{}: site '{}' is in domain '{}', not '{}'", x.where, x.resource, g_.vertex(*v).domain,
           x.domain);
  } else if (x.kind == "bandwidth") {
    const auto e = g_.find_edge(x.resource);
    if (!e)
      fail("{}: bandwidth reserved on '{}', which is not a path", x.where, x.resource);
    else if (g_.edge(*e).domain != x.domain)
      fail("{}: path '{}' is in domain '{}', not '{}'", x.where, x.resource, g_.edge(*e).domain,
           x.domain);
  } else {
    fail("{}: unknown reservation kind '{}'", x.where, x.kind);
  }
  if (!(x.amount > 0)) fail("{}: reservation amount {} is not positive", x.where, x.amount);
  if (!(x.end > x.start)) fail("{}: reservation frame [{}, {}) is empty", x.where, x.start, x.end);
  if (window_ && (x.start < window_->start - kTol || x.end > window_->end + kTol))
    fail("{}: reservation [{}, {}) is outside the window [{}, {})", x.where, x.start, x.end,
         window_->start, window_->end);
  auto it = by_id_.find(x.request_id);
  if (it == by_id_.end())
    return fail("{}: reservation of unknown request {}", x.where, x.request_id);
  const RequestRow& r = *it->second;
  if (!r.accepted) return fail("{}: reservation of rejected request {}", x.where, x.request_id);
  // A repair's parts lie in [its start, the frame's end) (audit_repairs.hpp checks the start);
  // the first plan's are its reserved frame and are what the plan in requests.csv needs.
  if (x.repair > 0) {
    if (r.start && r.end && (x.start < *r.start - kTol || !near(x.end, *r.end)))
      fail(
          "{}: reservation [{}, {}) of a repair is not inside request {}'s reserved frame [{}, {})",
          x.where, x.start, x.end, r.id, *r.start, *r.end);
    return;
  }
  if (r.start && r.end && (!near(x.start, *r.start) || !near(x.end, *r.end)))
    fail("{}: reservation [{}, {}) is not request {}'s reserved frame [{}, {})", x.where, x.start,
         x.end, r.id, *r.start, *r.end);
  (x.kind == "cores" ? cores_of_ : bandwidth_of_)[r.id][x.resource] += x.amount;
}

// What the plan in requests.csv needs, resource by resource, against what was reserved.
void Auditor::check_reserved_amounts(const RequestRow& r) {
  std::map<std::string, double> cores, bandwidth;
  for (std::size_t j = 0; j < r.sites.size() && j < r.component_cpus.size(); ++j)
    cores[r.sites[j]] += r.component_cpus[j];
  for (std::size_t l = 0; l < r.pairs.size() && l < r.paths.size(); ++l)
    for (const auto& e : r.paths[l]) bandwidth[e] += r.pairs[l].bandwidth;
  if (!cores_of_.count(r.id) && !bandwidth_of_.count(r.id))
    return fail("{}: accepted request {} has no reservation", r.where, r.id);
  auto compare = [&](const char* what, const std::map<std::string, double>& need,
                     const std::map<std::string, double>& got) {
    std::set<std::string> names;
    for (const auto& [n, _] : need) names.insert(n);
    for (const auto& [n, _] : got) names.insert(n);
    for (const auto& n : names) {
      const double a = got.count(n) ? got.at(n) : 0, b = need.count(n) ? need.at(n) : 0;
      if (!near(a, b))
        fail("{}: request {} reserved {} {} on '{}', its plan needs {}", r.where, r.id, a, what, n,
             b);
    }
  };
  compare("cores", cores, cores_of_[r.id]);
  compare("Gbit/s", bandwidth, bandwidth_of_[r.id]);
}

// Sweep per resource: at equal instants ends come before starts, since frames are half-open. A
// released reservation holds its resource until its release, from which the RM gives the rest to
// new holds (docs/design/coallocation.md, Failures). The message names the line of the
// reservation whose start went over.
void Auditor::check_capacity(const std::vector<ReservationRow>& res) {
  using Event = std::tuple<double, double, std::size_t>;  // time, change, row
  std::map<std::pair<std::string, std::string>, std::vector<Event>> events;
  for (std::size_t i = 0; i < res.size(); ++i) {
    const auto& x = res[i];
    const double end = std::min(x.end, x.released_at.value_or(x.end));
    if (!(end > x.start)) continue;
    auto& ev = events[{x.kind, x.resource}];
    ev.emplace_back(x.start, x.amount, i);
    ev.emplace_back(end, -x.amount, i);
  }
  for (auto& [key, ev] : events) {
    const auto& [kind, name] = key;
    double capacity = 0;
    if (kind == "cores" && g_.find_vertex(name))
      capacity = g_.vertex(*g_.find_vertex(name)).cores;
    else if (kind == "bandwidth" && g_.find_edge(name))
      capacity = g_.edge(*g_.find_edge(name)).bandwidth;
    else
      continue;  // already reported as an unknown resource
    std::sort(ev.begin(), ev.end());
    double load = 0;
    for (const auto& [t, delta, row] : ev) {
      load += delta;
      if (load > capacity + kTol) {
        fail("{}: {} of '{}' over capacity at t={}: {} > {}", res[row].where, kind, name, t, load,
             capacity);
        break;  // one message per resource
      }
    }
  }
}

}  // namespace

std::vector<std::string> audit_run(const std::string& run_dir, const model::ResourceGraph& g,
                                   std::optional<model::TimeFrame> window,
                                   const audit::CoordinatorOfUser& coordinators) {
  return audit_run(run_dir, g, AuditSetup{window, coordinators, {}, std::nullopt, {}});
}

std::vector<std::string> audit_run(const std::string& run_dir, const model::ResourceGraph& g,
                                   const AuditSetup& setup) {
  Auditor a(g, setup.window);
  try {
    const std::filesystem::path dir(run_dir);
    const CsvTable req = read_csv((dir / "requests.csv").string());
    const CsvTable res = read_csv((dir / "reservations.csv").string());
    const auto requests = audit::read_requests(req, a.violations());
    const auto reservations = audit::read_reservations(res, a.violations());
    a.run(requests, reservations);
    // Attempts of a resubmission policy are not in workload.txt: resubmissions.csv accounts for
    // them.
    std::vector<SummaryRow> resubmission_rows;
    // Requests released after a failure (monitoring) count as rejected at their release.
    const bool has_releases = std::filesystem::exists(dir / "releases.csv");
    const CsvTable releases = has_releases ? read_csv((dir / "releases.csv").string()) : CsvTable{};
    std::vector<std::string> reported_later;  // check_releases reports them
    const auto released = audit::released_at(releases, reported_later);
    std::map<int, int> original_of;  // attempt -> original, for its latency bounds
    auto originals = requests;
    if (std::filesystem::exists(dir / "resubmissions.csv")) {
      const CsvTable links = read_csv((dir / "resubmissions.csv").string());
      resubmission_rows = audit::check_resubmissions(req, requests, links, setup.resubmit,
                                                     a.violations(), released);
      std::vector<std::string> ignored;  // check_resubmissions reported them
      const auto attempts = audit::attempt_ids(links, ignored);
      original_of = audit::original_ids(links);
      std::erase_if(originals, [&](const auto& r) { return attempts.count(r.id) > 0; });
    } else if (std::any_of(setup.resubmit.begin(), setup.resubmit.end(),
                           [](const auto& p) { return p.second.attempts > 0; })) {
      a.violations().push_back("resubmissions.csv is missing: a user has resubmit.attempts > 0");
    }
    try {
      const auto workload = workloads::read_request_file((dir / "workload.txt").string());
      audit::check_workload(originals, workload, a.violations());
      audit::check_latency(requests, workload, original_of, g, a.violations());
    } catch (const std::exception& e) {
      a.violations().push_back(std::string("workload.txt: ") + e.what());
    }
    const CsvTable jobs = read_csv((dir / "jobs.csv").string());
    // A run with failures has failures.csv and the broken_at column, or neither; its failure
    // metrics join the expected rows of summary.csv with the resubmission metrics.
    audit::BrokenComponents broken;
    std::vector<audit::RepairRow> repairs;  // repairs.csv, in runs with failures
    const bool has_failures = std::filesystem::exists(dir / "failures.csv"),
               has_broken =
                   std::find(res.header.begin(), res.header.end(), "broken_at") != res.header.end();
    if (has_failures && has_broken) {
      for (auto& row :
           audit::check_failures(read_csv((dir / "failures.csv").string()), reservations, jobs,
                                 setup.hosts, g, broken, a.violations()))
        resubmission_rows.push_back(row);
      if (!has_releases) a.violations().push_back("releases.csv is missing, failures.csv is there");
      // Runs written before repairs.csv existed have no repairs and no repair metrics.
      const bool has_repairs = std::filesystem::exists(dir / "repairs.csv");
      const CsvTable repair_table =
          has_repairs ? read_csv((dir / "repairs.csv").string()) : CsvTable{};
      repairs = audit::read_repairs(repair_table, a.violations());
      for (auto& row : audit::check_releases(releases, requests, reservations, jobs, original_of,
                                             broken, a.violations(), repairs))
        resubmission_rows.push_back(row);
      const auto repair_rows = audit::check_repairs(repairs, requests, reservations,
                                                    read_csv((dir / "failures.csv").string()), jobs,
                                                    setup.hosts, g, a.violations());
      if (has_repairs)
        resubmission_rows.insert(resubmission_rows.end(), repair_rows.begin(), repair_rows.end());
    } else if (has_failures || has_broken)
      a.violations().push_back(
          has_failures ? "reservations.csv has no broken_at column, failures.csv is there"
                       : "failures.csv is missing, reservations.csv has broken_at");
    audit::check_jobs(requests, jobs, a.violations(), broken, audit::moved_components(repairs));
    audit::check_hosts(jobs, setup.hosts, a.violations());
    if (setup.metrics) {
      validate(*setup.metrics);
      const bool transfers = std::filesystem::exists(dir / "transfers.csv");
      audit::check_resources(reservations, jobs, read_csv((dir / "resources.csv").string()), g,
                             *setup.metrics, transfers, a.violations());
      audit::check_summary(requests, reservations, read_csv((dir / "summary.csv").string()), g,
                           *setup.metrics, a.violations(), resubmission_rows);
    }
    const bool has_attempts = std::filesystem::exists(dir / "attempts.csv"),
               has_grcs = std::filesystem::exists(dir / "grcs.csv");
    if (has_attempts && has_grcs)
      audit::check_competition(req, read_csv((dir / "attempts.csv").string()),
                               read_csv((dir / "grcs.csv").string()), setup.coordinators,
                               a.violations());
    else if (has_attempts || has_grcs)
      a.violations().push_back(std::string(has_grcs ? "grcs.csv" : "attempts.csv") +
                               " is there without " + (has_grcs ? "attempts.csv" : "grcs.csv"));
    if (std::filesystem::exists(dir / "transfers.csv"))
      transfers::audit_transfers(requests, read_csv((dir / "transfers.csv").string()), g,
                                 a.violations());
  } catch (const std::exception& e) {
    a.violations().push_back(e.what());
  }
  return a.take();
}

}  // namespace arsim::kinds::coallocation
