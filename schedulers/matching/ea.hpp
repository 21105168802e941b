// `ea`: the evolutionary matcher of Garbacki & Naik §3.1 (after Naik et al., ICPADS'06): the
// skeleton of evolution.hpp with a greedy rebuild of all unmatched jobs in random order.
// `hybrid`: the same skeleton (§3.1: "the hybrid matcher follows the iterative procedure of the
// evolutionary resource matcher", so the EA's population by default) whose rebuild solves partial
// problems exactly (§3.1-3.2): `partial_jobs` unmatched jobs drawn at random, each dependency
// restricted to a random subset of at most `partial_candidates` of its candidates, on the
// capacity the other jobs leave.
#pragma once

#include <random>

#include "schedulers/matching/evolution.hpp"
#include "schedulers/milp/solve.hpp"
#include "schedulers/resource_matcher.hpp"

namespace arsim::schedulers::matching {

class EaMatcher : public ResourceMatcher {
 public:
  explicit EaMatcher(EvolutionOptions o) : o_(o) {}
  MatchResult match(const mm::Instance& instance, const mm::Policy& policy,
                    std::uint64_t seed) override;

 private:
  EvolutionOptions o_;
};

// Which unmatched jobs a rebuild hands to the LP. Cover (§3.1: "the complete resource matching
// problem is divided into partial problems ... Each partial problem is then solved"): every
// unmatched job, in random order, in consecutive partial problems of `partial_jobs`, each solved
// on the capacity the previous ones left. One: a single partial problem per rebuild (with
// population 4 and explore 1, the hybrid's default before it followed the paper).
enum class Partials { Cover, One };

struct HybridOptions {
  EvolutionOptions evolution{10, 2, 2, 100, 50, 0};  // the EA's population; §5.1's limits
  int partial_jobs = 5;                              // jobs per partial problem (§5.1: 5)
  int partial_candidates = 10;  // resources per dependency in a partial problem
  Partials partials = Partials::Cover;
  milp::Backend backend = milp::Backend::Cbc;
};

class HybridMatcher : public ResourceMatcher {
 public:
  explicit HybridMatcher(HybridOptions o) : o_(o) {}
  MatchResult match(const mm::Instance& instance, const mm::Policy& policy,
                    std::uint64_t seed) override;

 private:
  HybridOptions o_;
};

// The hybrid's rebuild (§3.1 lines 4-6): draws the partial problems of `o.partials` from the
// unmatched jobs of `s`, solves each exactly and places its solution; adds the solves to `stats`.
void rebuild_by_partials(State& s, const HybridOptions& o, const mm::Policy& policy,
                         std::mt19937_64& rng, MatchStats& stats);

}  // namespace arsim::schedulers::matching
