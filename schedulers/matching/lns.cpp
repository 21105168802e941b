#include "schedulers/matching/lns.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "model/random.hpp"
#include "schedulers/matching/common.hpp"
#include "schedulers/matching/exact.hpp"
#include "schedulers/matching/formulation.hpp"

namespace arsim::schedulers::matching {

namespace {

// Jobs in the order of the initial greedy: by increasing relative demand (sum of U(j,a) over the
// largest capacity of a), under prioritized throughput by decreasing priority / (1 + demand).
std::vector<int> greedy_order(const mm::Instance& inst, const mm::Policy& policy) {
  std::vector<std::vector<double>> top(inst.types.size());
  for (std::size_t t = 0; t < inst.types.size(); ++t)
    top[t].assign(inst.types[t].dynamic_attributes.size(), 0.0);
  for (const auto& r : inst.resources)
    for (std::size_t a = 0; a < r.capacity.size(); ++a)
      top[r.type][a] = std::max(top[r.type][a], r.capacity[a]);
  std::vector<double> key(inst.jobs.size(), 0.0);
  for (std::size_t j = 0; j < inst.jobs.size(); ++j) {
    double demand = 0;
    for (const auto& d : inst.jobs[j].depends)
      for (std::size_t a = 0; a < d.usage.size(); ++a)
        if (top[d.type][a] > 0) demand += d.usage[a] / top[d.type][a];
    key[j] = policy.objective == mm::Objective::Prioritized ? -inst.jobs[j].priority / (1 + demand)
                                                            : demand;
  }
  std::vector<int> order(inst.jobs.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return key[a] < key[b]; });
  return order;
}

// users[r]: the jobs with r among their candidates.
std::vector<std::vector<int>> candidate_users(const mm::Instance& inst, const mm::Candidates& c) {
  std::vector<std::vector<int>> users(inst.resources.size());
  for (std::size_t j = 0; j < c.size(); ++j)
    for (const auto& set : c[j])
      for (int r : set)
        if (users[r].empty() || users[r].back() != static_cast<int>(j))
          users[r].push_back(static_cast<int>(j));
  return users;
}

// k jobs related through shared candidates: a seed (an unmatched job that could be matched, else
// any matched job), then jobs sharing a candidate with a chosen one, drawn at random. Sorted.
std::vector<int> neighbourhood(const State& s, const std::vector<std::vector<int>>& users,
                               const std::vector<int>& matchable, int k, std::mt19937_64& rng) {
  const int n = static_cast<int>(s.instance().jobs.size());
  std::vector<int> out;
  if (k >= n) {
    out.resize(n);
    std::iota(out.begin(), out.end(), 0);
    return out;
  }
  std::vector<int> open, matched;
  for (int j : matchable) (s.matched(j) ? matched : open).push_back(j);
  const auto& seeds = open.empty() ? matched : open;
  if (seeds.empty()) return out;
  std::vector<char> in(n, 0);
  out.push_back(seeds[model::uniform_index(rng, seeds.size())]);
  in[out[0]] = 1;
  for (std::size_t next = 0; next < out.size() && static_cast<int>(out.size()) < k; ++next) {
    std::vector<int> related;
    for (const auto& set : s.candidates()[out[next]])
      for (int r : set)
        for (int u : users[r])
          if (!in[u]) in[u] = 2, related.push_back(u);
    for (int u : related) in[u] = 0;
    for (int i : random_order(static_cast<int>(related.size()), rng)) {
      if (static_cast<int>(out.size()) >= k) break;
      in[related[i]] = 1;
      out.push_back(related[i]);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The best of: jobs in greedy_order placed best-fit (throughput comes first under every
// objective), and `starts` random orders placed first-fit (balanced under load balance). Each
// improvement goes into the trace; ties keep the earlier construction.
State initial(const mm::Instance& inst, const mm::Candidates& cand, const mm::Policy& policy,
              int starts, std::mt19937_64& rng, MatchStats& stats, const Clock& clock) {
  const bool lb = policy.objective == mm::Objective::LoadBalance;
  Counter counter;
  State best(inst, cand);
  double best_value = -1;
  for (int i = -1; i < starts; ++i) {
    State s(inst, cand);
    const Placement rule = i < 0 ? Placement::Tightest
                           : lb  ? Placement::Balanced
                                 : Placement::FirstFit;
    fill_greedy(
        s,
        i < 0 ? greedy_order(inst, policy) : random_order(static_cast<int>(inst.jobs.size()), rng),
        rule, rng, counter);
    if (const double v = s.value(policy); v > best_value) best = std::move(s), best_value = v;
    stats.work = static_cast<double>(counter.probes);
    trace_point(stats, clock, best_value);
  }
  stats.probes = counter.probes;
  return best;
}

struct Move {
  milp::Status status;
  bool whole;
};

// Frees `jobs`, solves their partial problem from the current assignment, applies the result
// (or restores the old assignment should the solver return nothing better).
Move move(State& s, const std::vector<int>& jobs, const mm::Policy& policy, const LnsOptions& o,
          MatchStats& stats) {
  const double before = s.value(policy);
  SubProblem sub;
  std::vector<std::vector<int>> current;
  for (int j : jobs) {
    current.push_back(s.matching().assigned[j]);
    sub.jobs.push_back(j);
    sub.allowed.push_back(s.candidates()[j]);
    s.remove(j);
  }
  sub.base = s.load();
  ExactOptions eo;
  eo.solve.node_limit = o.node_limit;
  if (jobs.size() == s.instance().jobs.size())  // the whole problem: CBC's defaults (see lp.hpp)
    eo.solve.cbc_args = {"-maxNodes", std::to_string(o.node_limit)};
  const ExactResult r = solve_exact(s.instance(), sub, policy, eo, current, stats);
  if (r.status == milp::Status::Error) throw std::runtime_error("lns: " + r.message);
  const auto& chosen = r.has_solution ? r.assignment : current;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (chosen[i].empty()) continue;
    for (std::size_t d = 0; d < chosen[i].size(); ++d)  // Verify before placing
      if (chosen[i][d] < 0 || !s.fits(jobs[i], static_cast<int>(d), chosen[i][d]))
        throw std::logic_error("lns: the neighbourhood's solution overloads a resource");
    s.place(jobs[i], chosen[i]);
  }
  if (s.value(policy) < before - 1e-9) {  // never lose objective
    for (int j : jobs) s.remove(j);
    for (std::size_t i = 0; i < jobs.size(); ++i)
      if (!current[i].empty()) s.place(jobs[i], current[i]);
  }
  return {r.status, jobs.size() == s.instance().jobs.size()};
}

}  // namespace

MatchResult LnsMatcher::match(const mm::Instance& inst, const mm::Policy& policy,
                              std::uint64_t seed) {
  const Clock clock;
  mm::validate(inst);
  require_heuristic_policy(policy, "lns");
  if (o_.initial_size < 1 || o_.min_size < 1 || o_.grow < 1 || o_.shrink <= 0 || o_.shrink >= 1)
    throw std::invalid_argument("lns: need sizes >= 1, grow >= 1 and 0 < shrink < 1");
  const mm::Candidates cand = mm::candidate_sets(inst);
  auto rng = model::make_stream(seed, 0, "lns");
  MatchResult out;
  State s = initial(inst, cand, policy, o_.starts, rng, out.stats, clock);
  double value = s.value(policy);
  const auto users = candidate_users(inst, cand);
  std::vector<int> matchable;
  for (int j = 0; j < static_cast<int>(inst.jobs.size()); ++j)
    if (std::all_of(cand[j].begin(), cand[j].end(), [](const auto& s) { return !s.empty(); }))
      matchable.push_back(j);

  const int n = static_cast<int>(inst.jobs.size());
  const int max_size = std::max(1, std::min(n, o_.max_size));
  double k = std::min(o_.initial_size, max_size);
  long stall = 0;
  out.status = "feasible";
  for (long it = 0; it < o_.max_iterations && stall < o_.stall_iterations; ++it) {
    if (clock.past(o_.time_limit)) {
      out.status = "stopped";
      break;
    }
    const auto jobs = neighbourhood(s, users, matchable, static_cast<int>(k), rng);
    if (jobs.empty()) break;
    const double work_before = out.stats.work;
    const Move m = move(s, jobs, policy, o_, out.stats);
    const double work = out.stats.work - work_before;
    ++out.stats.iterations;
    const double now = s.value(policy);
    stall = now > value + 1e-9 ? 0 : stall + 1;
    value = std::max(value, now);
    trace_point(out.stats, clock, value);
    if (m.status == milp::Status::Optimal && m.whole) {
      out.optimal = true;
      out.status = "optimal";
      break;
    }
    // Deterministic adaptation: grow while moves are proven optimal within the work target,
    // shrink when the node limit stops one or it costs more than twice the target.
    const bool proven = m.status == milp::Status::Optimal;
    if (proven && work <= o_.move_work)
      k = std::min<double>(max_size, std::ceil(k * o_.grow));
    else if (!proven || work > 2 * o_.move_work)
      k = std::max<double>(o_.min_size, std::floor(k * o_.shrink));
  }
  finish(out, inst, policy, s.matching(), clock, "lns");
  if (out.optimal) out.best_bound = out.objective;
  return out;
}

}  // namespace arsim::schedulers::matching
