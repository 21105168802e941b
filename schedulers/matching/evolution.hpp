// The evolutionary skeleton of Garbacki & Naik §3.1 (Algorithm 1), shared by `ea` and `hybrid`:
// a constant-size population of feasible solutions, each perturbed every iteration by removing a
// fixed number of job-to-resource assignments and rebuilt (greedily for `ea`, by an exact partial
// problem for `hybrid`); the solutions above a cut-off survive with a few worse ones drawn at
// random; the best solution found is returned.
#pragma once

#include <cstdint>
#include <functional>
#include <random>

#include "schedulers/matching/common.hpp"
#include "schedulers/matching/state.hpp"

namespace arsim::schedulers::matching {

struct EvolutionOptions {
  int population = 10;               // solutions kept per generation
  int removals = 2;                  // assignments removed per perturbation
  int explore = 2;                   // of the population, how many are drawn from below the cut-off
  long long max_iterations = 1000;   // generations
  long long stall_iterations = 500;  // stop after this many generations without improvement
  double time_limit = 0;             // wall seconds, 0 = none (then deterministic)
};

// Rebuilds a perturbed solution in place; adds its work to the stats.
using Rebuild = std::function<void(State&, std::mt19937_64&, MatchStats&)>;

// Runs Algorithm 1. The initial population is `population` greedy solutions over random job
// orders (balanced placement under load balance). status: "stopped" when the time limit ended it,
// else "feasible".
MatchResult evolve(const mm::Instance& inst, const mm::Policy& policy, const EvolutionOptions& o,
                   const Rebuild& rebuild, std::uint64_t seed, const char* matcher);

// Throws std::invalid_argument naming `matcher` unless 1 <= explore < population, removals >= 1.
void validate(const EvolutionOptions& o, const char* matcher);

}  // namespace arsim::schedulers::matching
