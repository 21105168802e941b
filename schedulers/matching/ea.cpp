#include "schedulers/matching/ea.hpp"

#include <algorithm>
#include <stdexcept>

#include "model/random.hpp"
#include "schedulers/matching/exact.hpp"

namespace arsim::schedulers::matching {

MatchResult EaMatcher::match(const mm::Instance& inst, const mm::Policy& policy,
                             std::uint64_t seed) {
  const Placement placement =
      policy.objective == mm::Objective::LoadBalance ? Placement::Balanced : Placement::FirstFit;
  const Rebuild rebuild = [placement](State& s, std::mt19937_64& rng, MatchStats& stats) {
    Counter c;
    fill_greedy(s, random_order(static_cast<int>(s.instance().jobs.size()), rng), placement, rng,
                c);
    stats.probes += c.probes;
  };
  return evolve(inst, policy, o_, rebuild, seed, "ea");
}

namespace {

// Up to `count` distinct elements of `from` drawn at random, in the order drawn.
std::vector<int> sample(std::vector<int> from, int count, std::mt19937_64& rng) {
  std::vector<int> out;
  while (static_cast<int>(out.size()) < count && !from.empty()) {
    const std::size_t i = model::uniform_index(rng, from.size());
    out.push_back(from[i]);
    from[i] = from.back();
    from.pop_back();
  }
  return out;
}

// Whether job j can still be placed using only `allowed` (one list per dependency).
bool can_place(const State& s, int j, const std::vector<std::vector<int>>& allowed) {
  for (std::size_t d = 0; d < allowed.size(); ++d)
    if (std::none_of(allowed[d].begin(), allowed[d].end(),
                     [&](int r) { return s.fits(j, static_cast<int>(d), r); }))
      return false;
  return true;
}

// §3.1 lines 4-6: one partial problem over `jobs`, solved exactly, its solution added to the
// state. Skips the solver when no job fits on its drawn candidates: the formulation would have
// no column for it (formulation.hpp), so the solve could place nothing.
void solve_partial(State& s, std::vector<int> jobs, const HybridOptions& o,
                   const mm::Policy& policy, std::mt19937_64& rng, MatchStats& stats) {
  SubProblem sub;
  sub.jobs = std::move(jobs);
  bool any = false;
  for (int j : sub.jobs) {
    std::vector<std::vector<int>> allowed;
    for (const auto& set : s.candidates()[j]) {
      auto chosen = sample(set, o.partial_candidates, rng);
      std::sort(chosen.begin(), chosen.end());
      allowed.push_back(std::move(chosen));
    }
    any = any || can_place(s, j, allowed);
    sub.allowed.push_back(std::move(allowed));
  }
  if (!any) return;
  sub.base = s.load();
  ExactOptions eo;
  eo.backend = o.backend;
  const ExactResult r = solve_exact(s.instance(), sub, policy, eo, {}, stats);
  if (r.status == milp::Status::Error) throw std::runtime_error("hybrid: " + r.message);
  if (!r.has_solution) return;
  const auto& chosen = r.assignment;
  for (std::size_t i = 0; i < sub.jobs.size(); ++i) {
    if (chosen[i].empty()) continue;
    for (std::size_t d = 0; d < chosen[i].size(); ++d)  // Verify before placing
      if (chosen[i][d] < 0 || !s.fits(sub.jobs[i], static_cast<int>(d), chosen[i][d]))
        throw std::logic_error("hybrid: the partial solution overloads a resource");
    s.place(sub.jobs[i], chosen[i]);
  }
}

}  // namespace

void rebuild_by_partials(State& s, const HybridOptions& o, const mm::Policy& policy,
                         std::mt19937_64& rng, MatchStats& stats) {
  std::vector<int> open;  // unmatched jobs with a candidate for every dependency
  for (int j = 0; j < static_cast<int>(s.instance().jobs.size()); ++j) {
    bool possible = !s.matched(j);
    for (const auto& set : s.candidates()[j]) possible = possible && !set.empty();
    if (possible) open.push_back(j);
  }
  if (o.partials == Partials::One) {
    solve_partial(s, sample(open, o.partial_jobs, rng), o, policy, rng, stats);
    return;
  }
  const std::vector<int> order = sample(open, static_cast<int>(open.size()), rng);
  const std::size_t size = static_cast<std::size_t>(o.partial_jobs);
  for (std::size_t first = 0; first < order.size(); first += size) {
    const auto from = order.begin() + static_cast<std::ptrdiff_t>(first);
    solve_partial(s,
                  {from, from + static_cast<std::ptrdiff_t>(std::min(size, order.size() - first))},
                  o, policy, rng, stats);
  }
}

MatchResult HybridMatcher::match(const mm::Instance& inst, const mm::Policy& policy,
                                 std::uint64_t seed) {
  if (o_.partial_jobs < 1 || o_.partial_candidates < 1)
    throw std::invalid_argument("hybrid: partial_jobs and partial_candidates must be >= 1");
  const HybridOptions o = o_;
  const Rebuild rebuild = [o, policy](State& s, std::mt19937_64& rng, MatchStats& stats) {
    rebuild_by_partials(s, o, policy, rng, stats);
  };
  return evolve(inst, policy, o.evolution, rebuild, seed, "hybrid");
}

}  // namespace arsim::schedulers::matching
