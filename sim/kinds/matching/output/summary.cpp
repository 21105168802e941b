// The metrics of summary.csv (sim/kinds/matching/README.md): counts, waits, the matcher's load,
// and the utilisation of every dynamic attribute over the run.
#include <algorithm>
#include <map>

#include "sim/kinds/matching/deadline.hpp"
#include "sim/kinds/matching/output/usage.hpp"
#include "sim/kinds/matching/output/writers.hpp"

namespace arsim::kinds::matching {

namespace {

double ratio(double a, double b) {
  return b > 0 ? a / b : 0;
}

void job_metrics(const RunRecord& r, std::vector<Metric>& out) {
  double completed = 0, dropped = 0, expired = 0, rejected = 0, wait = 0, max_wait = 0,
         attempts = 0;
  for (const auto& h : r.jobs) {
    completed += h.status == JobStatus::Completed;
    dropped += h.status == JobStatus::Dropped;
    expired += h.status == JobStatus::Expired;
    rejected += h.status == JobStatus::Rejected;
    if (h.status != JobStatus::Completed) continue;
    wait += h.start - h.submit;
    max_wait = std::max(max_wait, h.start - h.submit);
    attempts += h.attempts;
  }
  const double n = static_cast<double>(r.jobs.size());
  out.push_back({"submitted", "", n});
  out.push_back({"completed", "", completed});
  out.push_back({"dropped", "", dropped});
  out.push_back({"expired", "", expired});
  out.push_back({"rejected", "", rejected});
  out.push_back({"match_ratio", "", ratio(completed, n)});
  out.push_back({"mean_wait", "", ratio(wait, completed)});
  out.push_back({"max_wait", "", max_wait});
  out.push_back({"mean_attempts", "", ratio(attempts, completed)});
}

void batch_metrics(const RunRecord& r, bool deadline, std::vector<Metric>& out) {
  double size = 0, busy = 0, longest = 0, missed = 0;
  for (const auto& b : r.batches) {
    size += b.size;
    busy += b.matcher_time;
    longest = std::max(longest, b.matcher_time);
    missed += b.status == kMissedStatus;
  }
  const double n = static_cast<double>(r.batches.size());
  out.push_back({"batches", "", n});
  out.push_back({"mean_batch_size", "", ratio(size, n)});
  out.push_back({"mean_matcher_time", "", ratio(busy, n)});
  out.push_back({"max_matcher_time", "", longest});
  out.push_back({"matcher_busy", "", ratio(busy, r.end_time)});
  out.push_back({"simulated_end", "", r.end_time});
  if (deadline) out.push_back({"missed_deadline", "", missed});
}

// Per "type.attribute": the capacity-seconds held by jobs and offered by the providers over the
// arrival period [0, last submission), where the load is offered (the drain after it is not), as
// shares of the capacity-seconds of every resource of the type.
void utilisation_metrics(const OnlineWorkload& w, const RunRecord& r, std::vector<Metric>& out) {
  const auto& inst = w.instance;
  double horizon = 0;
  for (const auto& h : r.jobs) horizon = std::max(horizon, h.submit);
  const auto held = held_steps(inst, r);
  const auto offered = offered_steps(inst, r);
  struct Sums {
    double capacity = 0, held = 0, offered = 0;
  };
  std::map<std::pair<int, int>, Sums> per;  // (type, attribute), in type order
  for (std::size_t res = 0; res < inst.resources.size(); ++res)
    for (std::size_t a = 0; a < inst.resources[res].capacity.size(); ++a) {
      Sums& s = per[{inst.resources[res].type, static_cast<int>(a)}];
      s.capacity += inst.resources[res].capacity[a] * horizon;
      s.held += held[res][a].integral(0, horizon);
      s.offered += offered[res][a].integral(0, horizon);
    }
  double used = 0, offer = 0;
  int attributes = 0;
  std::vector<Metric> each;
  for (const auto& [key, s] : per) {
    const auto& type = inst.types[key.first];
    const std::string name = type.name + "." + type.dynamic_attributes[key.second];
    each.push_back({"attribute_utilisation", name, ratio(s.held, s.capacity)});
    each.push_back({"attribute_offered_share", name, ratio(s.offered, s.capacity)});
    if (s.capacity > 0) {
      used += ratio(s.held, s.capacity);
      offer += ratio(s.offered, s.capacity);
      ++attributes;
    }
  }
  // sweep.csv reads a metric by name alone, so the run-wide means have names of their own
  out.push_back({"utilisation", "", ratio(used, attributes)});
  out.push_back({"offered_share", "", ratio(offer, attributes)});
  out.push_back({"arrival_period", "", horizon});
  out.insert(out.end(), each.begin(), each.end());
}

}  // namespace

std::vector<Metric> summary_metrics(const OnlineWorkload& w, const RunRecord& r,
                                    const OutputOptions& options) {
  std::vector<Metric> out;
  job_metrics(r, out);
  batch_metrics(r, options.deadline, out);
  utilisation_metrics(w, r, out);
  return out;
}

}  // namespace arsim::kinds::matching
