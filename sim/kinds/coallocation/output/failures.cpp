#include "sim/kinds/coallocation/output/failures.hpp"

#include <algorithm>

#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation {

std::string failures_csv(const RunRecord& rec) {
  metrics::CsvWriter w({"resource", "kind", "down", "up"});
  for (const auto& f : rec.failures) {
    w.field(f.resource).field(f.link ? "link" : "host").field(f.down).field(f.up).end_row();
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

}  // namespace arsim::kinds::coallocation
