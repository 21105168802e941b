#include "sim/kinds/coallocation/output/failures.hpp"

#include <algorithm>

#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation {

std::string failures_csv(const RunRecord& rec) {
  metrics::CsvWriter w({"resource", "kind", "down", "up"});
  for (const auto& f : rec.failures) {
    const char* kind = f.scope == FailureScope::Coordinator ? "coordinator"
                       : f.scope == FailureScope::Control
                           ? (f.link ? "control-link" : "control-host")
                       : f.link ? "link"
                                : "host";
    w.field(f.resource).field(kind).field(f.down).field(f.up).end_row();
  }
  return w.str();
}

std::string releases_csv(const RunRecord& rec) {
  metrics::CsvWriter w({"request_id", "broken_at", "released_at"});
  for (const auto& r : rec.releases)
    w.field(r.request_id).field(r.broken_at).field(r.released_at).end_row();
  return w.str();
}

std::optional<double> broken_from(double start, double end,
                                  const std::vector<const FailureRecord*>& failures) {
  // Empty: given back before it began (a repair's part that a later repair or a release made
  // moot before its start), it held nothing a failure could break.
  if (!(end > start)) return std::nullopt;
  std::optional<double> out;
  for (const FailureRecord* f : failures)
    if (f->down < end && (!f->up || *f->up > start)) {
      const double at = std::max(start, f->down);
      if (!out || at < *out) out = at;
    }
  return out;
}

std::vector<SummaryRow> failure_metrics(std::size_t failures,
                                        const std::vector<BrokenReservation>& broken) {
  double cpu = 0, bandwidth = 0;
  for (const auto& b : broken) (b.cores ? cpu : bandwidth) += b.amount * (b.end - b.broken_at);
  return {{"failures", "all", "", "all", static_cast<double>(failures)},
          {"reservations_broken", "all", "", "all", static_cast<double>(broken.size())},
          {"cpu_seconds_lost", "all", "", "all", cpu},
          {"bandwidth_seconds_lost", "all", "", "all", bandwidth}};
}

std::size_t lost_releases(const std::vector<ReleaseRecord>& releases, const std::set<int>& accepted,
                          const std::map<int, int>& original_of) {
  const auto original = [&](int id) {
    const auto it = original_of.find(id);
    return it == original_of.end() ? id : it->second;
  };
  std::size_t lost = 0;
  for (const auto& r : releases)
    lost += std::none_of(accepted.upper_bound(r.request_id), accepted.end(),
                         [&](int a) { return original(a) == original(r.request_id); })
                ? 1
                : 0;
  return lost;
}

std::vector<SummaryRow> release_metrics(std::size_t reservations_released,
                                        const std::vector<ReleaseRecord>& releases,
                                        std::size_t lost) {
  std::optional<double> delay;
  if (!releases.empty()) {
    double sum = 0;
    for (const auto& r : releases) sum += r.released_at - r.broken_at;
    delay = sum / static_cast<double>(releases.size());
  }
  return {{"reservations_released", "all", "", "all", static_cast<double>(reservations_released)},
          {"requests_released", "all", "", "all", static_cast<double>(releases.size())},
          {"requests_lost", "all", "", "all", static_cast<double>(lost)},
          {"release_delay", "all", "", "all", delay}};
}

}  // namespace arsim::kinds::coallocation
