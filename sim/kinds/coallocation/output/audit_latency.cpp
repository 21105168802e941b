#include "sim/kinds/coallocation/output/audit_latency.hpp"

#include <fmt/format.h>

#include "base/numbers.hpp"

namespace arsim::kinds::coallocation::audit {

namespace {
constexpr double kTol = 1e-9;  // seconds, as model::check_plan
}  // namespace

std::map<int, int> original_ids(const metrics::CsvTable& links) {
  std::map<int, int> out;
  const auto c_id = links.column("request_id"), c_original = links.column("original_id");
  for (const auto& row : links.rows) {
    const auto id = base::parse_int32(row[c_id]), original = base::parse_int32(row[c_original]);
    if (id && original) out[*id] = *original;
  }
  return out;
}

void check_latency(const std::vector<RequestRow>& requests,
                   const std::vector<model::Request>& workload,
                   const std::map<int, int>& original_of, const model::ResourceGraph& g,
                   std::vector<std::string>& violations) {
  std::map<int, const model::Request*> submitted;
  for (const auto& r : workload) submitted[r.id] = &r;
  for (const auto& row : requests) {
    if (!row.accepted) continue;
    const auto link = original_of.find(row.id);
    const auto it = submitted.find(link == original_of.end() ? row.id : link->second);
    if (it == submitted.end()) continue;
    const auto& pairs = it->second->pairs;
    for (std::size_t l = 0; l < pairs.size() && l < row.paths.size(); ++l) {
      if (!pairs[l].has_latency_bound()) continue;
      double latency = 0;  // summed in route order, as model::route_latency
      bool known = true;
      for (const auto& name : row.paths[l]) {
        const auto e = g.find_edge(name);
        known = known && e.has_value();
        if (e) latency += g.edge(*e).latency;
      }
      if (known && latency > pairs[l].max_latency + kTol)
        violations.push_back(fmt::format(
            "{}: request {} pair {} ({}-{}): route latency {} s exceeds its bound {} s", row.where,
            row.id, l, pairs[l].a, pairs[l].b, latency, pairs[l].max_latency));
    }
  }
}

}  // namespace arsim::kinds::coallocation::audit
