#include "schedulers/matching/evolution.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

#include "model/random.hpp"

namespace arsim::schedulers::matching {

namespace {

struct Member {
  State state;
  double value;
};

// Removes up to `count` random matched jobs (§3.1 line 3: releases their capacity).
void perturb(State& s, int count, std::mt19937_64& rng) {
  std::vector<int> matched;
  for (int j = 0; j < static_cast<int>(s.instance().jobs.size()); ++j)
    if (s.matched(j)) matched.push_back(j);
  for (int k = 0; k < count && !matched.empty(); ++k) {
    const std::size_t i = model::uniform_index(rng, matched.size());
    s.remove(matched[i]);
    matched[i] = matched.back();
    matched.pop_back();
  }
}

// §3.1 line 8: the best population - explore solutions (those above the cut-off) and explore
// solutions drawn at random from the rest. Sorting is stable, so ties keep parents first.
std::vector<Member> select(std::vector<Member> pool, const EvolutionOptions& o,
                           std::mt19937_64& rng) {
  std::stable_sort(pool.begin(), pool.end(),
                   [](const Member& a, const Member& b) { return a.value > b.value; });
  const std::size_t keep = static_cast<std::size_t>(o.population - o.explore);
  std::vector<Member> next(pool.begin(), pool.begin() + std::min(keep, pool.size()));
  std::vector<std::size_t> rest(pool.size() - next.size());
  std::iota(rest.begin(), rest.end(), next.size());
  for (int k = 0; k < o.explore && !rest.empty(); ++k) {
    const std::size_t i = model::uniform_index(rng, rest.size());
    next.push_back(pool[rest[i]]);
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
  }
  return next;
}

}  // namespace

void validate(const EvolutionOptions& o, const char* matcher) {
  if (o.population < 2 || o.explore < 1 || o.explore >= o.population || o.removals < 1)
    throw std::invalid_argument(std::string(matcher) +
                                ": need population >= 2, 1 <= explore < population, removals >= 1");
}

MatchResult evolve(const mm::Instance& inst, const mm::Policy& policy, const EvolutionOptions& o,
                   const Rebuild& rebuild, std::uint64_t seed, const char* matcher) {
  const Clock clock;
  mm::validate(inst);
  require_heuristic_policy(policy, matcher);
  validate(o, matcher);
  const mm::Candidates cand = mm::candidate_sets(inst);
  auto rng = model::make_stream(seed, 0, matcher);
  const Placement placement =
      policy.objective == mm::Objective::LoadBalance ? Placement::Balanced : Placement::FirstFit;
  MatchResult out;
  Counter counter;
  std::vector<Member> pop;
  for (int p = 0; p < o.population; ++p) {  // §3.1 line 1
    State s(inst, cand);
    fill_greedy(s, random_order(static_cast<int>(inst.jobs.size()), rng), placement, rng, counter);
    pop.push_back({s, s.value(policy)});
  }
  out.stats.probes = counter.probes;
  out.stats.work = static_cast<double>(counter.probes);
  std::size_t best = 0;
  for (std::size_t p = 1; p < pop.size(); ++p)
    if (pop[p].value > pop[best].value) best = p;
  State incumbent = pop[best].state;
  double best_value = pop[best].value;
  trace_point(out.stats, clock, best_value);
  long stall = 0;
  bool timed_out = false;
  for (long it = 0; it < o.max_iterations && stall < o.stall_iterations; ++it) {
    if ((timed_out = clock.past(o.time_limit))) break;
    std::vector<Member> pool = pop;
    for (const Member& parent : pop) {  // §3.1 lines 3-7
      State child = parent.state;
      perturb(child, o.removals, rng);
      const long before = out.stats.probes;
      rebuild(child, rng, out.stats);
      out.stats.work += static_cast<double>(out.stats.probes - before);
      pool.push_back({child, child.value(policy)});
    }
    pop = select(std::move(pool), o, rng);
    ++out.stats.iterations;
    if (pop.front().value > best_value + 1e-9) {
      best_value = pop.front().value;
      incumbent = pop.front().state;
      stall = 0;
      trace_point(out.stats, clock, best_value);
    } else {
      ++stall;
    }
  }
  out.status = timed_out ? "stopped" : "feasible";
  finish(out, inst, policy, incumbent.matching(), clock, matcher);
  return out;
}

}  // namespace arsim::schedulers::matching
