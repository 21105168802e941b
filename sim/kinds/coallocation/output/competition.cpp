#include "sim/kinds/coallocation/output/competition.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "base/numbers.hpp"

namespace arsim::kinds::coallocation {

namespace {

const char* phase_name(AttemptPhase p) {
  return p == AttemptPhase::Hold ? "hold" : "commit";
}

// What grcs.csv says of one coordinator; the writer and the auditor each compute it.
struct Tally {
  long requests = 0, accepted = 0, plans_found = 0, plans_tried = 0;
  long hold_refusals = 0, frame_started = 0, commit_failures = 0;

  void add_request(bool was_accepted, long found, long tried) {
    ++requests;
    accepted += was_accepted ? 1 : 0;
    plans_found += found;
    plans_tried += tried;
  }
  void add_attempt(bool hold, bool started) {
    if (!hold) {
      ++commit_failures;
      return;
    }
    ++hold_refusals;
    frame_started += started ? 1 : 0;
  }
};

}  // namespace

std::string grcs_csv(const RunRecord& rec) {
  std::map<std::string, Tally> t;
  for (const auto& r : rec.requests)
    t[r.coordinator].add_request(r.outcome == Outcome::Accepted, r.plans_found, r.plans_tried);
  for (const auto& a : rec.attempts)
    t[a.coordinator].add_attempt(a.phase == AttemptPhase::Hold, a.started > 0);
  std::vector<std::string> names = rec.coordinators;
  for (const auto& [name, x] : t)  // a coordinator the record does not list still gets its row
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  metrics::CsvWriter w({"coordinator", "requests", "accepted", "success_ratio", "plans_found",
                        "plans_tried", "hold_refusals", "frame_started", "commit_failures"});
  for (const auto& name : names) {
    const Tally x = t[name];
    w.field(name).field(x.requests).field(x.accepted);
    if (x.requests > 0)
      w.field(static_cast<double>(x.accepted) / static_cast<double>(x.requests));
    else
      w.empty();
    w.field(x.plans_found).field(x.plans_tried).field(x.hold_refusals).field(x.frame_started);
    w.field(x.commit_failures).end_row();
  }
  return w.str();
}

std::string attempts_csv(const RunRecord& rec) {
  metrics::CsvWriter w({"request_id", "coordinator", "attempt", "phase", "frame_start", "frame_end",
                        "time", "rms", "refused", "started"});
  for (const auto& a : rec.attempts) {
    w.field(a.request_id).field(a.coordinator).field(a.attempt).field(phase_name(a.phase));
    w.field(a.frame.start).field(a.frame.end).field(a.time).field(a.rms).field(a.refused);
    w.field(a.started).end_row();
  }
  return w.str();
}

namespace audit {

namespace {

constexpr double kTol = 1e-6;

// The columns of requests.csv this check needs, per request id.
struct RequestInfo {
  std::string where, coordinator;
  bool accepted = false;
  long long plans_found = 0, plans_tried = 0;
  double est = 0, lst = 0, duration = 0;
  std::optional<double> start;  // the reserved start, when accepted
  std::set<long long> failed;   // attempt numbers in attempts.csv
};

// Rows that do not parse are left out here: read_requests reports them.
std::map<int, RequestInfo> read_infos(const metrics::CsvTable& t, const CoordinatorOfUser& of) {
  const auto c_id = t.column("request_id"), c_user = t.column("user"), c_out = t.column("outcome"),
             c_found = t.column("plans_found"), c_tried = t.column("plans_tried"),
             c_est = t.column("est"), c_lst = t.column("lst"), c_d = t.column("duration"),
             c_start = t.column("reserved_start");
  std::map<int, RequestInfo> out;
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const auto& f = t.rows[i];
    const auto id = base::parse_int(f[c_id]), found = base::parse_int(f[c_found]),
               tried = base::parse_int(f[c_tried]);
    const auto est = base::parse_double(f[c_est]), lst = base::parse_double(f[c_lst]),
               d = base::parse_double(f[c_d]);
    if (!id || !found || !tried || !est || !lst || !d) continue;
    RequestInfo r{t.where(i),
                  of.of(f[c_user]),
                  f[c_out] == "accepted",
                  *found,
                  *tried,
                  *est,
                  *lst,
                  *d,
                  base::parse_double(f[c_start]),
                  {}};
    out.emplace(static_cast<int>(*id), std::move(r));
  }
  return out;
}

// One row of attempts.csv against its request; adds the row to its coordinator's tally.
void check_attempt(const metrics::CsvTable& t, std::size_t i, std::map<int, RequestInfo>& infos,
                   std::map<std::string, Tally>& tally, std::vector<std::string>& violations) {
  const auto& f = t.rows[i];
  auto fail = [&](const std::string& what) { violations.push_back(t.where(i) + ": " + what); };
  const auto id = base::parse_int(f[t.column("request_id")]),
             attempt = base::parse_int(f[t.column("attempt")]),
             rms = base::parse_int(f[t.column("rms")]),
             refused = base::parse_int(f[t.column("refused")]),
             started = base::parse_int(f[t.column("started")]);
  const auto start = base::parse_double(f[t.column("frame_start")]),
             end = base::parse_double(f[t.column("frame_end")]),
             time = base::parse_double(f[t.column("time")]);
  const std::string& phase = f[t.column("phase")];
  const std::string& coordinator = f[t.column("coordinator")];
  if (!id || !attempt || !rms || !refused || !started || !start || !end || !time ||
      (phase != "hold" && phase != "commit"))
    return fail("is not a row of request, attempt, phase hold|commit, frame, time and counts");
  const auto it = infos.find(static_cast<int>(*id));
  if (it == infos.end()) return fail(fmt::format("names request {}, not in requests.csv", *id));
  RequestInfo& r = it->second;
  if (coordinator != r.coordinator)
    fail(fmt::format("request {} was tried by '{}', but its user submits to '{}'", *id, coordinator,
                     r.coordinator));
  if (!r.failed.insert(*attempt).second)
    fail(fmt::format("attempt {} of request {} appears twice", *attempt, *id));
  if (std::abs(*end - *start - r.duration) > kTol || *start < r.est - kTol ||
      *end > r.lst + r.duration + kTol)
    fail(fmt::format("frame [{}, {}) is not a frame of length {} in [{}, {}]", *start, *end,
                     r.duration, r.est, r.lst + r.duration));
  if (r.start && std::abs(*r.start - *start) < kTol)
    fail(
        fmt::format("failed on frame [{}, {}), the frame request {} committed", *start, *end, *id));
  if (*refused < 1 || *refused > *rms || *started < 0 || *started > *refused)
    fail(fmt::format("{} of {} RMs refused, {} for a started frame", *refused, *rms, *started));
  if (phase == "commit" && *started > 0) fail("a commit was refused for a started frame");
  if (*started > 0 && *start > *time + kTol)
    fail(fmt::format("refused as started at {}, before its frame began at {}", *time, *start));
  tally[coordinator].add_attempt(phase == "hold", *started > 0);
}

// Each grcs.csv row against what requests.csv and attempts.csv add up to.
void check_rows(const metrics::CsvTable& g, std::map<std::string, Tally> tally,
                std::vector<std::string>& violations) {
  const std::vector<std::string> cols{"requests",       "accepted",      "plans_found",
                                      "plans_tried",    "hold_refusals", "frame_started",
                                      "commit_failures"};
  std::set<std::string> seen;
  for (std::size_t i = 0; i < g.rows.size(); ++i) {
    const auto& f = g.rows[i];
    const std::string& name = f[g.column("coordinator")];
    if (!seen.insert(name).second) violations.push_back(g.where(i) + ": '" + name + "' twice");
    const Tally x = tally[name];
    const long want[] = {x.requests,      x.accepted,      x.plans_found,    x.plans_tried,
                         x.hold_refusals, x.frame_started, x.commit_failures};
    for (std::size_t c = 0; c < cols.size(); ++c) {
      const auto v = base::parse_int(f[g.column(cols[c])]);
      if (!v || *v != want[c])
        violations.push_back(fmt::format("{}: {} of '{}' is '{}', the other files say {}",
                                         g.where(i), cols[c], name, f[g.column(cols[c])], want[c]));
    }
    const std::string& ratio = f[g.column("success_ratio")];
    const auto r = base::parse_double(ratio);
    const bool ok = x.requests == 0
                        ? ratio.empty()
                        : r && std::abs(*r - static_cast<double>(x.accepted) /
                                                 static_cast<double>(x.requests)) < 1e-12;
    if (!ok)
      violations.push_back(fmt::format("{}: success_ratio of '{}' is '{}', not {} of {}",
                                       g.where(i), name, ratio, x.accepted, x.requests));
  }
  for (const auto& [name, x] : tally)
    if (x.requests > 0 && !seen.count(name))
      violations.push_back(fmt::format("{}: no row for coordinator '{}' of {} requests", g.source,
                                       name, x.requests));
}

}  // namespace

void check_competition(const metrics::CsvTable& requests, const metrics::CsvTable& attempts,
                       const metrics::CsvTable& grcs, const CoordinatorOfUser& coordinators,
                       std::vector<std::string>& violations) {
  auto infos = read_infos(requests, coordinators);
  std::map<std::string, Tally> tally;
  for (const auto& [id, r] : infos)
    tally[r.coordinator].add_request(r.accepted, static_cast<long>(r.plans_found),
                                     static_cast<long>(r.plans_tried));
  for (std::size_t i = 0; i < attempts.rows.size(); ++i)
    check_attempt(attempts, i, infos, tally, violations);
  // Every plan tried failed but the one that committed: attempts 1..tried-1 (accepted) or
  // 1..tried (rejected), each once.
  for (const auto& [id, r] : infos) {
    const long long want = r.plans_tried - (r.accepted ? 1 : 0);
    const bool exact = static_cast<long long>(r.failed.size()) == want &&
                       (r.failed.empty() || (*r.failed.begin() == 1 && *r.failed.rbegin() == want));
    if (!exact)
      violations.push_back(fmt::format(
          "{}: request {} tried {} plan(s) and was {}, but attempts.csv has {} failed attempt(s)",
          r.where, id, r.plans_tried, r.accepted ? "accepted" : "rejected", r.failed.size()));
  }
  check_rows(grcs, std::move(tally), violations);
}

}  // namespace audit
}  // namespace arsim::kinds::coallocation
