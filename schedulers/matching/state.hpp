// A matching under construction: the assignment plus the load of every resource attribute, so a
// placement is tested in O(attributes) (one "probe"). Shared by the heuristics (greedy, ea,
// hybrid, lns); the checker of model/matching/check.hpp verifies what they return.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "model/matching/instance.hpp"
#include "model/matching/matching.hpp"

namespace arsim::schedulers::matching {

namespace mm = arsim::model::matching;

class State {
 public:
  State(const mm::Instance& inst, const mm::Candidates& cand);

  const mm::Instance& instance() const { return *inst_; }
  const mm::Candidates& candidates() const { return *cand_; }
  const mm::Matching& matching() const { return m_; }
  const std::vector<std::vector<double>>& load() const { return load_; }
  bool matched(int j) const { return m_.matched(j); }
  int matched_count() const { return matched_; }
  double priority_sum() const { return priority_; }

  // Whether dependency d of job j fits on resource r given the current loads.
  bool fits(int j, int d, int r) const;
  // Assigns job j (unmatched) to one resource per dependency; the caller has checked fits().
  void place(int j, const std::vector<int>& resources);
  // Unmatches job j and releases its loads (nothing when it is unmatched).
  void remove(int j);
  // The objective value under `policy` (not LoadBalanceLiteral).
  double value(const mm::Policy& policy) const;

 private:
  const mm::Instance* inst_;
  const mm::Candidates* cand_;
  mm::Matching m_;
  std::vector<std::vector<double>> load_;
  int matched_ = 0;
  double priority_ = 0;
};

// Counts probes (deterministic work).
struct Counter {
  long probes = 0;
};

// How place_greedy picks among the candidates that fit: the first scanning E(j,t) from a random
// offset; the one whose most loaded attribute after placement is least loaded (load balance); or
// the one it loads most (best fit: keeps roomy resources for later jobs).
enum class Placement { FirstFit, Balanced, Tightest };

// Places job j greedily: for each dependency, a candidate that fits, chosen by `placement`. Places
// nothing and returns false when a dependency has no fitting candidate. Dependencies are on
// distinct types, so they never compete.
bool place_greedy(State& s, int j, Placement placement, std::mt19937_64& rng, Counter& c);

// Tries place_greedy on every unmatched job of `order`, in that order.
void fill_greedy(State& s, const std::vector<int>& order, Placement placement, std::mt19937_64& rng,
                 Counter& c);

// A uniformly random permutation of 0..n-1 (Fisher-Yates with the portable sampler).
std::vector<int> random_order(int n, std::mt19937_64& rng);

}  // namespace arsim::schedulers::matching
