#include "sim/kinds/coallocation/transfers/output.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/numbers.hpp"
#include "sim/kinds/coallocation/transfers/model.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation::transfers {

std::string transfers_csv(const RunRecord& rec) {
  std::vector<const TransferRecord*> rows;
  for (const auto& t : rec.transfers_done) rows.push_back(&t);
  std::sort(rows.begin(), rows.end(), [](const auto* a, const auto* b) {
    return std::pair(a->request_id, a->pair) < std::pair(b->request_id, b->pair);
  });
  metrics::CsvWriter w({"request_id", "pair", "volume_bytes", "reserved_gbps", "reserved_start",
                        "reserved_end", "transfer_start", "transfer_end", "throughput_gbps",
                        "on_time", "mode", "exact", "links"});
  for (const auto* t : rows) {
    w.field(t->request_id).field(t->pair).field(t->bytes).field(t->reserved_gbps);
    w.field(t->reserved.start).field(t->reserved.end).field(t->start).field(t->end);
    w.field(throughput_gbps(t->bytes, t->start, t->end)).field(t->end <= t->reserved.end ? 1 : 0);
    w.field(t->rate_capped ? "reserved" : "unreserved").field(t->exact ? 1 : 0);
    w.field(fmt::format("{}", fmt::join(t->links, "+")));
    w.end_row();
  }
  return w.str();
}

namespace {

struct Row {
  std::string where;
  int request = -1, pair = -1;
  double bytes = 0, gbps = 0, rstart = 0, rend = 0, start = 0, end = 0, throughput = 0;
  int on_time = 0;
  bool reserved = true;
  std::vector<std::string> links;
};

bool read_row(const metrics::CsvTable& t, std::size_t i, Row& r, std::vector<std::string>& out) {
  r.where = t.where(i);
  const auto& f = t.rows[i];
  auto num = [&](const char* col, double& into) {
    const auto v = base::parse_double(f[t.column(col)]);
    if (!v)
      out.push_back(fmt::format("{}: {} '{}' is not a number", r.where, col, f[t.column(col)]));
    into = v.value_or(0);
    return v.has_value();
  };
  double request = 0, pair = 0, on_time = 0;
  // Every column is read, so that a row reports each of its bad numbers, not only the first.
  const std::pair<const char*, double*> columns[] = {
      {"request_id", &request},           {"pair", &pair},
      {"volume_bytes", &r.bytes},         {"reserved_gbps", &r.gbps},
      {"reserved_start", &r.rstart},      {"reserved_end", &r.rend},
      {"transfer_start", &r.start},       {"transfer_end", &r.end},
      {"throughput_gbps", &r.throughput}, {"on_time", &on_time}};
  bool ok = true;
  for (const auto& [col, into] : columns) ok = num(col, *into) && ok;
  r.request = static_cast<int>(request);
  r.pair = static_cast<int>(pair);
  r.on_time = static_cast<int>(on_time);
  r.reserved = f[t.column("mode")] == "reserved";
  r.links = audit::split_list(f[t.column("links")], '+');
  return ok;
}

// The most reserved bandwidth crossing `link` at an instant of [start, end), over reserved rows.
double peak_on_link(const std::vector<Row>& rows, const std::string& link, double start,
                    double end) {
  std::vector<const Row*> on;
  for (const auto& r : rows)
    if (r.reserved && std::find(r.links.begin(), r.links.end(), link) != r.links.end())
      on.push_back(&r);
  std::vector<double> instants{start};
  for (const auto* r : on)
    if (r->rstart > start && r->rstart < end) instants.push_back(r->rstart);
  double best = 0;
  for (double x : instants) {
    double sum = 0;
    for (const auto* r : on)
      if (r->rstart <= x && x < r->rend) sum += r->gbps;
    best = std::max(best, sum);
  }
  return best;
}

void check_rate(const std::vector<Row>& rows, const Row& r, const model::ResourceGraph& g,
                std::vector<std::string>& out) {
  for (const auto& link : r.links) {
    const auto e = g.find_edge(link);
    if (!e) return;  // not a path edge: its capacity is not in the reservation graph
    if (peak_on_link(rows, link, r.start, r.end) > g.edge(*e).bandwidth + 1e-9) return;
  }
  const double needed = bytes_to_gbit(r.bytes) / r.gbps;
  if (r.end - r.start > needed + kLatencyAllowance)
    out.push_back(fmt::format(
        "{}: request {} pair {} ran at {} Gbit/s, below its reserved {} Gbit/s ({} s for {} s)",
        r.where, r.request, r.pair, r.throughput, r.gbps, r.end - r.start, needed));
}

}  // namespace

void audit_transfers(const std::vector<audit::RequestRow>& requests, const metrics::CsvTable& t,
                     const model::ResourceGraph& g, std::vector<std::string>& out) {
  std::vector<Row> rows;
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    Row r;
    if (read_row(t, i, r, out)) rows.push_back(r);
  }
  std::set<std::pair<int, int>> expected, seen;
  for (const auto& q : requests)
    if (q.accepted)
      for (std::size_t l = 0; l < q.pairs.size(); ++l)
        if (q.pairs[l].bandwidth > 0) expected.emplace(q.id, static_cast<int>(l));
  for (const auto& r : rows) {
    if (!expected.count({r.request, r.pair}))
      out.push_back(
          fmt::format("{}: request {} pair {} is not a reserved pair of an accepted "
                      "request",
                      r.where, r.request, r.pair));
    if (!seen.emplace(r.request, r.pair).second)
      out.push_back(fmt::format("{}: request {} pair {} listed twice", r.where, r.request, r.pair));
    if (r.start < r.rstart - 1e-9 || !(r.end > r.start))
      out.push_back(
          fmt::format("{}: transfer [{}, {}) starts before the reserved start {} or "
                      "is empty",
                      r.where, r.start, r.end, r.rstart));
    if (r.on_time != (r.end <= r.rend ? 1 : 0))
      out.push_back(fmt::format("{}: on_time {} disagrees with transfer_end {} and reserved_end {}",
                                r.where, r.on_time, r.end, r.rend));
    const double tp = throughput_gbps(r.bytes, r.start, r.end);
    if (std::abs(tp - r.throughput) > 1e-9 * std::max(1.0, tp))
      out.push_back(
          fmt::format("{}: throughput {} is not volume / time ({})", r.where, r.throughput, tp));
    if (r.reserved && r.gbps > 0 && r.end > r.start) check_rate(rows, r, g, out);
  }
  for (const auto& [req, pair] : expected)
    if (!seen.count({req, pair}))
      out.push_back(fmt::format("{}: no transfer of request {} pair {}", t.source, req, pair));
}

}  // namespace arsim::kinds::coallocation::transfers
