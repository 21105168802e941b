// `ea`: the evolutionary matcher of Garbacki & Naik §3.1 (after Naik et al., ICPADS'06): the
// skeleton of evolution.hpp with a greedy rebuild of all unmatched jobs in random order.
// `hybrid`: the same skeleton whose rebuild solves a partial problem exactly (§3.1-3.2):
// `partial_jobs` unmatched jobs drawn at random, each dependency restricted to a random subset of
// at most `partial_candidates` of its candidates, on the capacity the other jobs leave.
#pragma once

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

struct HybridOptions {
  EvolutionOptions evolution{4, 2, 1, 100, 50, 0};
  int partial_jobs = 5;         // jobs per partial problem (§5.1: 5)
  int partial_candidates = 10;  // resources per dependency in a partial problem
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

}  // namespace arsim::schedulers::matching
