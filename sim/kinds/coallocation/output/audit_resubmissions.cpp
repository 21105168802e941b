#include "sim/kinds/coallocation/output/audit_resubmissions.hpp"

#include <cmath>

#include <fmt/format.h>

#include "sim/kinds/coallocation/output/resubmissions.hpp"

namespace arsim::kinds::coallocation::audit {

namespace {

bool near(double a, double b) {
  return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b));
}

// The request resubmitted() would make of `previous` (its row) at `rejected`, as requests.csv
// shows it: what of `attempt` differs from it, or "".
std::string differs(const RequestRow& previous, const RequestRow& attempt,
                    const ResubmitPolicy& policy, double rejected) {
  model::Request p;
  p.submit = previous.submit;
  p.est = previous.est;
  p.lst = previous.lst;
  p.duration = previous.duration;
  for (int c : previous.component_cpus) p.components.push_back({c});
  for (const auto& d : previous.pairs) p.pairs.push_back({d.a, d.b, d.bandwidth});
  const model::Request want = resubmitted(p, policy, rejected, attempt.id);
  if (attempt.user != previous.user) return "another user";
  if (!near(attempt.submit, want.submit))
    return fmt::format("submit {} (expected {}: decision {} + delay {})", attempt.submit,
                       want.submit, rejected, policy.delay);
  if (!near(attempt.est, want.est) || !near(attempt.lst, want.lst) ||
      !near(attempt.duration, want.duration))
    return fmt::format("window est {} lst {} duration {} (expected {} {} {})", attempt.est,
                       attempt.lst, attempt.duration, want.est, want.lst, want.duration);
  bool same = attempt.component_cpus.size() == want.components.size() &&
              attempt.pairs.size() == want.pairs.size();
  for (std::size_t i = 0; same && i < want.components.size(); ++i)
    same = attempt.component_cpus[i] == want.components[i].cpus;
  for (std::size_t i = 0; same && i < want.pairs.size(); ++i)
    same = attempt.pairs[i].a == want.pairs[i].a && attempt.pairs[i].b == want.pairs[i].b &&
           near(attempt.pairs[i].bandwidth, want.pairs[i].bandwidth);
  return same ? "" : "demands that are not the previous request's scaled by the policy";
}

}  // namespace

std::set<int> attempt_ids(const metrics::CsvTable& links, std::vector<std::string>& violations) {
  std::set<int> out;
  const auto c = links.column("request_id");
  for (std::size_t i = 0; i < links.rows.size(); ++i) try {
      out.insert(std::stoi(links.rows[i][c]));
    } catch (const std::exception&) {
      violations.push_back(
          fmt::format("{}: request_id '{}' is not an integer", links.where(i), links.rows[i][c]));
    }
  return out;
}

std::vector<SummaryRow> check_resubmissions(const metrics::CsvTable& req,
                                            const std::vector<RequestRow>& requests,
                                            const metrics::CsvTable& links,
                                            const ResubmitPolicies& policies,
                                            std::vector<std::string>& violations,
                                            const std::map<int, double>& released) {
  auto fail = [&](std::string m) { violations.push_back(std::move(m)); };
  std::map<int, const RequestRow*> rows;
  for (const auto& r : requests) rows[r.id] = &r;
  std::map<int, double> decided;  // request id -> decision_time
  const auto c_id = req.column("request_id"), c_time = req.column("decision_time");
  for (const auto& f : req.rows) try {
      decided[std::stoi(f[c_id])] = std::stod(f[c_time]);
    } catch (const std::exception&) {  // read_requests reported the row
    }
  // A released request counts as rejected at its release (its notice to the user).
  for (const auto& [id, at] : released) decided[id] = at;
  const auto accepted = [&](const RequestRow& r) { return r.accepted && !released.count(r.id); };
  const auto c_req = links.column("request_id"), c_orig = links.column("original_id"),
             c_att = links.column("attempt");
  std::vector<ResubmissionRecord> all;
  std::map<int, std::vector<std::pair<ResubmissionRecord, std::size_t>>> of;  // by original
  for (std::size_t i = 0; i < links.rows.size(); ++i) try {
      const auto& f = links.rows[i];
      const ResubmissionRecord l{std::stoi(f[c_req]), std::stoi(f[c_orig]), std::stoi(f[c_att])};
      if (!rows.count(l.request_id) || !rows.count(l.original_id))
        fail(fmt::format("{}: request {} or its original {} is not in requests.csv", links.where(i),
                         l.request_id, l.original_id));
      else
        of[l.original_id].push_back({l, i});
      all.push_back(l);
    } catch (const std::exception&) {
      fail(fmt::format("{}: a field is not an integer", links.where(i)));
    }
  const std::set<int> attempts = attempt_ids(links, violations);
  for (const auto& r : requests) {
    if (attempts.count(r.id)) continue;
    const auto policy = policies.count(r.user) ? policies.at(r.user) : ResubmitPolicy{};
    const auto& chain = of[r.id];
    const RequestRow* previous = &r;
    for (std::size_t k = 0; k < chain.size(); ++k) {
      const auto& [l, i] = chain[k];
      const RequestRow& a = *rows.at(l.request_id);
      const std::string where = links.where(i);
      if (l.attempt != static_cast<int>(k) + 1 || attempts.count(l.original_id) ||
          (k > 0 && l.request_id <= chain[k - 1].first.request_id))
        fail(
            fmt::format("{}: request {} is attempt {} of request {}; expected attempt {} of an "
                        "original, after the previous attempt's id",
                        where, l.request_id, l.attempt, l.original_id, k + 1));
      else if (l.attempt > policy.attempts)
        fail(fmt::format("{}: attempt {} of request {}; user '{}' makes at most {}", where,
                         l.attempt, l.original_id, r.user, policy.attempts));
      else if (accepted(*previous))
        fail(fmt::format("{}: request {} resubmits request {}, which was accepted", where,
                         l.request_id, previous->id));
      else if (const auto why = differs(*previous, a, policy, decided[previous->id]); !why.empty())
        fail(
            fmt::format("{}: attempt {} (request {}) has {}", where, l.attempt, l.request_id, why));
      previous = &a;
    }
    // A release notice reaching the user after its frame ended is not answered: no check there.
    if (!previous->accepted && static_cast<int>(chain.size()) < policy.attempts)
      fail(
          fmt::format("{}: request {} was rejected and its user has attempts left, but no "
                      "attempt follows it in resubmissions.csv",
                      previous->where, previous->id));
  }
  std::vector<Decided> outcomes;
  for (const auto& r : requests)
    outcomes.push_back({r.id, r.user, r.submit, decided[r.id], accepted(r)});
  return resubmission_metrics(outcomes, all);
}

}  // namespace arsim::kinds::coallocation::audit
