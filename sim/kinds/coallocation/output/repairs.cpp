#include "sim/kinds/coallocation/output/repairs.hpp"

#include <optional>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sim/kinds/coallocation/output/writers.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation {

std::string repairs_csv(const RunRecord& rec, const model::ResourceGraph& g) {
  metrics::CsvWriter w({"request_id", "repair", "kind", "resource", "broken_at", "repaired_at",
                        "start", "moved", "new_sites", "rerouted", "routes"});
  for (const auto& r : rec.repairs) {
    const bool cores = r.kind == ResourceKind::Cores;
    w.field(r.request_id).field(r.repair).field(cores ? "cores" : "bandwidth");
    w.field(cores ? g.vertex(r.resource).name : g.edge(r.resource).name).field(r.broken_at);
    w.field(r.repaired_at).field(r.start).field(fmt::format("{}", fmt::join(r.moved, ";")));
    w.field(join_sites(g, r.new_sites))
        .field(fmt::format("{}", fmt::join(r.rerouted, ";")))
        .field(join_paths(g, r.routes))
        .end_row();
  }
  return w.str();
}

std::vector<SummaryRow> repair_metrics(const std::vector<RepairTimes>& repairs) {
  std::optional<double> delay;
  std::set<int> requests;
  if (!repairs.empty()) {
    double sum = 0;
    for (const auto& r : repairs) {
      sum += r.repaired_at - r.broken_at;
      requests.insert(r.request_id);
    }
    delay = sum / static_cast<double>(repairs.size());
  }
  return {{"repairs", "all", "", "all", static_cast<double>(repairs.size())},
          {"requests_repaired", "all", "", "all", static_cast<double>(requests.size())},
          {"repair_delay", "all", "", "all", delay}};
}

}  // namespace arsim::kinds::coallocation
