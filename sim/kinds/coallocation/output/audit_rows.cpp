#include "sim/kinds/coallocation/output/audit_rows.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "base/numbers.hpp"

namespace arsim::kinds::coallocation::audit {

using metrics::CsvTable;

namespace {

// Reads typed fields of one row; the first bad field throws, and the caller drops the row.
class Fields {
 public:
  Fields(const CsvTable& t, std::size_t row) : t_(t), row_(row) {}

  const std::string& text(std::string_view col) const { return t_.rows[row_][t_.column(col)]; }

  double number(std::string_view col) const {
    const std::string& s = text(col);
    const auto v = base::parse_double(s);
    if (!v)
      throw std::runtime_error(
          fmt::format("{}: column {}: '{}' is not a number", t_.where(row_), col, s));
    return *v;
  }

  std::optional<double> maybe_number(std::string_view col) const {
    if (text(col).empty()) return std::nullopt;
    return number(col);
  }

  int integer(std::string_view col) const { return to_int(text(col), col); }

  int to_int(const std::string& s, std::string_view col) const {
    const auto v = base::parse_int32(s);
    if (!v)
      throw std::runtime_error(
          fmt::format("{}: column {}: '{}' is not an integer", t_.where(row_), col, s));
    return *v;
  }

  std::string where() const { return t_.where(row_); }

 private:
  const CsvTable& t_;
  std::size_t row_;
};

// "a-b:bandwidth" or "a-b:bandwidth@max_latency" per pair.
PairDemand parse_pair(const Fields& f, const std::string& s) {
  const auto dash = s.find('-');
  const auto colon = s.find(':');
  if (dash == std::string::npos || colon == std::string::npos || colon < dash)
    throw std::runtime_error(
        fmt::format("{}: pair_demands: '{}' is not a-b:bandwidth", f.where(), s));
  PairDemand p;
  p.a = f.to_int(s.substr(0, dash), "pair_demands");
  p.b = f.to_int(s.substr(dash + 1, colon - dash - 1), "pair_demands");
  const auto at = s.find('@');  // a latency bound follows; the auditor takes bounds from
                                // workload.txt, this one is only compared with it
  const auto bw = base::parse_double(s.substr(colon + 1, at == s.npos ? s.npos : at - colon - 1));
  if (!bw)
    throw std::runtime_error(fmt::format("{}: pair_demands: bad bandwidth in '{}'", f.where(), s));
  p.bandwidth = *bw;
  if (at != s.npos) {
    const auto bound = base::parse_double(s.substr(at + 1));
    if (!bound || !(*bound >= 0))
      throw std::runtime_error(
          fmt::format("{}: pair_demands: bad latency bound in '{}'", f.where(), s));
    p.max_latency = *bound;
  }
  return p;
}

RequestRow read_request(const Fields& f) {
  RequestRow r;
  r.where = f.where();
  r.id = f.integer("request_id");
  const std::string& outcome = f.text("outcome");
  if (outcome != "accepted" && outcome != "rejected")
    throw std::runtime_error(
        fmt::format("{}: outcome '{}' is neither accepted nor rejected", r.where, outcome));
  r.accepted = outcome == "accepted";
  r.user = f.text("user");
  r.submit = f.number("submit");
  r.time_deviation = f.maybe_number("time_deviation");
  r.est = f.number("est");
  r.lst = f.number("lst");
  r.duration = f.number("duration");
  r.components = f.integer("components");
  r.cpus = f.integer("cpus");
  r.pairs_with_bandwidth = f.integer("pairs");
  r.start = f.maybe_number("reserved_start");
  r.end = f.maybe_number("reserved_end");
  r.sites = split_list(f.text("sites"), ';');
  for (const auto& c : split_list(f.text("component_cpus"), ';'))
    r.component_cpus.push_back(f.to_int(c, "component_cpus"));
  for (const auto& p : split_list(f.text("pair_demands"), ';')) r.pairs.push_back(parse_pair(f, p));
  // An empty paths field is one empty chain when the request has exactly one pair.
  const std::string& paths = f.text("paths");
  if (paths.empty() && r.pairs.size() == 1) {
    r.paths.emplace_back();
  } else {
    for (const auto& chain : split_list(paths, ';')) r.paths.push_back(split_list(chain, '+'));
  }
  return r;
}

// A missing column would fail every row: report it once instead.
bool has_columns(const CsvTable& t, const std::vector<std::string_view>& names,
                 std::vector<std::string>& violations) {
  bool ok = true;
  for (auto name : names) {
    try {
      t.column(name);
    } catch (const std::exception& e) {
      violations.push_back(e.what());
      ok = false;
    }
  }
  return ok;
}

}  // namespace

std::vector<std::string> split_list(const std::string& s, char sep) {
  std::vector<std::string> out;
  if (s.empty()) return out;
  std::size_t from = 0;
  for (;;) {
    const auto at = s.find(sep, from);
    out.push_back(s.substr(from, at == std::string::npos ? std::string::npos : at - from));
    if (at == std::string::npos) return out;
    from = at + 1;
  }
}

std::vector<RequestRow> read_requests(const CsvTable& t, std::vector<std::string>& violations) {
  std::vector<RequestRow> out;
  if (!has_columns(t,
                   {"request_id", "user", "submit", "outcome", "est", "lst", "duration",
                    "components", "cpus", "pairs", "reserved_start", "reserved_end",
                    "time_deviation", "sites", "paths", "component_cpus", "pair_demands"},
                   violations))
    return out;
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    try {
      out.push_back(read_request(Fields(t, i)));
    } catch (const std::exception& e) {
      violations.push_back(e.what());
    }
  }
  return out;
}

std::vector<ReservationRow> read_reservations(const CsvTable& t,
                                              std::vector<std::string>& violations) {
  std::vector<ReservationRow> out;
  if (!has_columns(t, {"request_id", "kind", "resource", "domain", "start", "end", "amount"},
                   violations))
    return out;
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    try {
      const Fields f(t, i);
      ReservationRow r;
      r.where = f.where();
      r.request_id = f.integer("request_id");
      r.kind = f.text("kind");
      r.resource = f.text("resource");
      r.domain = f.text("domain");
      r.start = f.number("start");
      r.end = f.number("end");
      r.amount = f.number("amount");
      if (std::find(t.header.begin(), t.header.end(), "broken_at") != t.header.end())
        r.broken_at = f.maybe_number("broken_at");
      if (std::find(t.header.begin(), t.header.end(), "released_at") != t.header.end())
        r.released_at = f.maybe_number("released_at");
      if (std::find(t.header.begin(), t.header.end(), "repair") != t.header.end())
        r.repair = f.integer("repair");
      out.push_back(std::move(r));
    } catch (const std::exception& e) {
      violations.push_back(e.what());
    }
  }
  return out;
}

std::string chain_problem(const model::ResourceGraph& g, const std::vector<std::string>& route,
                          int from, int to) {
  std::set<int> visited{from};
  int at = from;
  for (const auto& name : route) {
    const auto e = g.find_edge(name);
    if (!e) return fmt::format("'{}' is not a path", name);
    if (g.edge(*e).a != at && g.edge(*e).b != at)
      return fmt::format("'{}' does not touch '{}'", name, g.vertex(at).name);
    at = g.other_end(*e, at);
    if (!visited.insert(at).second) return fmt::format("visits '{}' twice", g.vertex(at).name);
  }
  return at == to ? ""
                  : fmt::format("ends at '{}', not at '{}'", g.vertex(at).name, g.vertex(to).name);
}

}  // namespace arsim::kinds::coallocation::audit
