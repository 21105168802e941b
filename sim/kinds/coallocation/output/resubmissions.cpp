#include "sim/kinds/coallocation/output/resubmissions.hpp"

#include <map>
#include <set>

#include "sim/metrics/csv.hpp"

namespace arsim::kinds::coallocation {

std::string resubmissions_csv(const RunRecord& rec) {
  metrics::CsvWriter w({"request_id", "original_id", "attempt"});
  for (const auto& l : rec.resubmissions)
    w.field(l.request_id).field(l.original_id).field(l.attempt).end_row();
  return w.str();
}

namespace {
struct Sums {
  int originals = 0, accepted = 0, attempts = 0;
  double delay = 0;
};
std::optional<double> mean(double sum, int n) {
  if (n <= 0) return std::nullopt;
  return sum / n;
}
}  // namespace

std::vector<SummaryRow> resubmission_metrics(const std::vector<Decided>& requests,
                                             const std::vector<ResubmissionRecord>& links) {
  std::map<int, const Decided*> by_id;
  for (const auto& r : requests) by_id[r.id] = &r;
  std::map<int, std::vector<const Decided*>> tries;  // original -> its attempts
  std::set<int> attempts;
  for (const auto& l : links) {
    attempts.insert(l.request_id);
    const auto it = by_id.find(l.request_id);
    if (it != by_id.end()) tries[l.original_id].push_back(it->second);
  }
  std::map<std::string, Sums> users;
  Sums all;
  for (const auto& r : requests) {
    if (attempts.count(r.id)) continue;
    const Decided* ok = r.accepted ? &r : nullptr;
    const auto& mine = tries[r.id];
    for (const Decided* t : mine)
      if (!ok && t->accepted) ok = t;
    for (Sums* s : {&users[r.user], &all}) {
      ++s->originals;
      s->attempts += 1 + static_cast<int>(mine.size());
      if (ok) {
        ++s->accepted;
        s->delay += ok->decision_time - r.submit;
      }
    }
  }
  std::vector<std::pair<std::string, const Sums*>> list;
  for (const auto& [name, s] : users) list.emplace_back(name, &s);
  list.emplace_back("all", &all);
  std::vector<SummaryRow> rows;
  for (const auto& [user, s] : list)
    rows.push_back({"eventual_acceptance", user, "", "all", mean(s->accepted, s->originals)});
  for (const auto& [user, s] : list)
    rows.push_back({"attempts_per_request", user, "", "all", mean(s->attempts, s->originals)});
  for (const auto& [user, s] : list)
    rows.push_back({"delay_until_acceptance", user, "", "all", mean(s->delay, s->accepted)});
  return rows;
}

}  // namespace arsim::kinds::coallocation
