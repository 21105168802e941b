// Bucketed metrics: resources.csv and summary.csv (definitions in writers.hpp). Integrals are
// summed first and divided once, so a fraction such as 3600 / 12000 prints as 0.3 exactly.
#include <algorithm>
#include <map>
#include <set>

#include "sim/kinds/coallocation/output/buckets.hpp"
#include "sim/kinds/coallocation/output/failures.hpp"
#include "sim/kinds/coallocation/output/repairs.hpp"
#include "sim/kinds/coallocation/output/resubmissions.hpp"
#include "sim/kinds/coallocation/output/writers.hpp"
#include "sim/kinds/coallocation/transfers/model.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation {

using metrics::CsvWriter;
using metrics::format_number;

namespace {

std::optional<double> ratio(double num, double den) {
  if (!(den > 0)) return std::nullopt;
  return num / den;
}

// Per resource and bucket: reserved and busy capacity × seconds.
struct ResourceIntegrals {
  std::vector<std::vector<double>> site_reserved, site_used, edge_reserved;
};

ResourceIntegrals integrate(const RunRecord& rec, const model::ResourceGraph& g, const Buckets& b) {
  const std::vector<double> zero(b.count(), 0.0);
  ResourceIntegrals in{std::vector(g.vertex_count(), zero), std::vector(g.vertex_count(), zero),
                       std::vector(g.edge_count(), zero)};
  for (const auto& r : rec.reservations) {
    const bool cores = r.kind == ResourceKind::Cores;
    auto& table = cores ? in.site_reserved : in.edge_reserved;
    if (r.resource < 0 || r.resource >= static_cast<int>(table.size())) continue;
    b.accumulate(r.frame.start, r.frame.end, r.amount, table[r.resource]);
  }
  for (const auto& j : rec.jobs) {
    if (j.site < 0 || j.site >= g.vertex_count()) continue;
    b.accumulate(j.start, j.end, j.cores, in.site_used[j.site]);
  }
  return in;
}

// Per-user tallies over submit-time buckets.
struct Tally {
  int submitted = 0;
  int accepted = 0;
  double deviation_sum = 0;
  std::vector<int> bucket_submitted, bucket_accepted;
};

void add_user_metrics(std::vector<SummaryRow>& rows, const RunRecord& rec, const Buckets& b) {
  const Tally empty{0, 0, 0, std::vector<int>(b.count()), std::vector<int>(b.count())};
  std::map<std::string, Tally> users;  // sorted by name; "all" is added last
  Tally all = empty;
  for (const auto& rr : rec.requests) {
    const bool ok = rr.outcome == Outcome::Accepted;
    const int i = b.index_of(rr.request.submit);
    auto [it, _] = users.try_emplace(rr.request.user, empty);
    for (Tally* t : {&it->second, &all}) {
      ++t->submitted;
      t->accepted += ok;
      if (ok) t->deviation_sum += rr.plan.frame.start - rr.request.est;
      if (i >= 0) {
        ++t->bucket_submitted[i];
        t->bucket_accepted[i] += ok;
      }
    }
  }
  std::vector<std::pair<std::string, const Tally*>> list;
  for (const auto& [name, t] : users) list.emplace_back(name, &t);
  list.emplace_back("all", &all);
  for (const auto& [user, t] : list) rows.push_back({"submitted", user, "", "all", t->submitted});
  for (const auto& [user, t] : list) rows.push_back({"accepted", user, "", "all", t->accepted});
  for (const auto& [user, t] : list) {
    for (int i = 0; i < b.count(); ++i)
      rows.push_back({"success_ratio", user, "", format_number(b.stop(i)),
                      ratio(t->bucket_accepted[i], t->bucket_submitted[i])});
    rows.push_back({"success_ratio", user, "", "all", ratio(t->accepted, t->submitted)});
  }
  for (const auto& [user, t] : list)
    rows.push_back({"mean_time_deviation", user, "", "all", ratio(t->deviation_sum, t->accepted)});
}

void add_load_metrics(std::vector<SummaryRow>& rows, const RunRecord& rec,
                      const model::ResourceGraph& g, const MetricsConfig& cfg, const Buckets& b) {
  const double window = cfg.window_end - cfg.window_start;
  std::map<int, double> submit_of;
  std::vector<double> requested(b.count(), 0.0);
  for (const auto& rr : rec.requests) {
    submit_of.emplace(rr.request.id, rr.request.submit);
    for (int i = 0; i < b.count(); ++i)
      if (rr.request.submit < b.stop(i))
        requested[i] += rr.request.total_cpus() * rr.request.duration;
  }
  double total_cores = 0;
  for (int s : g.sites()) total_cores += g.vertex(s).cores;
  for (int i = 0; i < b.count(); ++i)
    rows.push_back({"request_load", "all", "", format_number(b.stop(i)),
                    ratio(requested[i], total_cores * window)});

  // Reserved CPU·s inside the window, counted from the bucket its request was submitted in on.
  std::vector<std::vector<double>> reserved(g.vertex_count(), std::vector<double>(b.count(), 0.0));
  for (const auto& r : rec.reservations) {
    auto sub = submit_of.find(r.request_id);
    if (r.kind != ResourceKind::Cores || sub == submit_of.end()) continue;
    if (r.resource < 0 || r.resource >= g.vertex_count()) continue;
    const double inside =
        std::min(r.frame.end, cfg.window_end) - std::max(r.frame.start, cfg.window_start);
    if (inside <= 0) continue;
    for (int i = 0; i < b.count(); ++i)
      if (sub->second < b.stop(i)) reserved[r.resource][i] += r.amount * inside;
  }
  for (int s : g.sites())
    for (int i = 0; i < b.count(); ++i)
      rows.push_back({"site_load", "all", g.vertex(s).name, format_number(b.stop(i)),
                      ratio(reserved[s][i], g.vertex(s).cores * window)});
}

}  // namespace

std::string resources_csv(const RunRecord& rec, const model::ResourceGraph& g,
                          const MetricsConfig& cfg) {
  validate(cfg);
  const Buckets b{cfg.bucket, cfg.horizon};
  const ResourceIntegrals in = integrate(rec, g, b);
  CsvWriter w(
      {"resource", "kind", "domain", "capacity", "bucket_start", "bucket_end", "reserved", "used"});
  auto put = [&](const std::string& name, const char* kind, const std::string& domain,
                 double capacity, int i, double reserved, double used) {
    w.field(name).field(kind).field(domain).field(capacity).field(b.start(i)).field(b.stop(i));
    for (double x : {reserved, used}) {
      if (auto v = ratio(x, capacity * b.length(i)))
        w.field(*v);
      else
        w.empty();
    }
    w.end_row();
  };
  for (int s : g.sites()) {
    const auto& v = g.vertex(s);
    for (int i = 0; i < b.count(); ++i)
      put(v.name, "cores", v.domain, v.cores, i, in.site_reserved[s][i], in.site_used[s][i]);
  }
  // Without transfers a path's use is taken to be its reservation; with them it is measured from
  // the flows that crossed it (transfers/model.hpp).
  const auto carried =
      rec.transfers ? transfers::edge_usage_gbit(rec.flows, g.edge_count(), b) : in.edge_reserved;
  for (int e = 0; e < g.edge_count(); ++e) {
    const auto& edge = g.edge(e);
    for (int i = 0; i < b.count(); ++i)
      put(edge.name, "bandwidth", edge.domain, edge.bandwidth, i, in.edge_reserved[e][i],
          carried[e][i]);
  }
  return w.str();
}

std::vector<SummaryRow> compute_summary(const RunRecord& rec, const model::ResourceGraph& g,
                                        const MetricsConfig& cfg) {
  validate(cfg);
  const Buckets b{cfg.bucket, cfg.arrival_end};
  std::vector<SummaryRow> rows;
  add_user_metrics(rows, rec, b);
  add_load_metrics(rows, rec, g, cfg, b);
  // A request released after a failure counts as not accepted (GridARS §5).
  std::set<int> accepted;
  for (const auto& rr : rec.requests)
    if (rr.outcome == Outcome::Accepted) accepted.insert(rr.request.id);
  for (const auto& r : rec.releases) accepted.erase(r.request_id);
  if (rec.resubmission) {
    std::vector<Decided> decided;
    for (const auto& rr : rec.requests)
      decided.push_back({rr.request.id, rr.request.user, rr.request.submit, rr.decision_time,
                         accepted.count(rr.request.id) > 0});
    for (auto& row : resubmission_metrics(decided, rec.resubmissions)) rows.push_back(row);
  }
  if (rec.failure_model) {
    std::vector<BrokenReservation> broken;
    for (const auto& r : rec.reservations)
      if (r.broken_at)
        broken.push_back({r.kind == ResourceKind::Cores, r.amount, r.frame.end, *r.broken_at});
    for (auto& row : failure_metrics(rec.failures.size(), broken)) rows.push_back(row);
    std::map<int, int> original_of;
    for (const auto& l : rec.resubmissions) original_of[l.request_id] = l.original_id;
    const auto released = std::count_if(rec.reservations.begin(), rec.reservations.end(),
                                        [](const auto& r) { return r.released_at.has_value(); });
    for (auto& row : release_metrics(static_cast<std::size_t>(released), rec.releases,
                                     lost_releases(rec.releases, accepted, original_of)))
      rows.push_back(row);
    std::vector<RepairTimes> repairs;
    for (const auto& r : rec.repairs) repairs.push_back({r.request_id, r.broken_at, r.repaired_at});
    for (auto& row : repair_metrics(repairs)) rows.push_back(row);
  }
  return rows;
}

std::string summary_csv(const std::vector<SummaryRow>& rows) {
  CsvWriter w({"metric", "user", "resource", "bucket_end", "value"});
  for (const auto& r : rows) {
    w.field(r.metric).field(r.user).field(r.resource).field(r.bucket_end);
    if (r.value)
      w.field(*r.value);
    else
      w.empty();
    w.end_row();
  }
  return w.str();
}

}  // namespace arsim::kinds::coallocation
