// Random CTAAP instances as in §4 of the paper: every random number uniform in the given integer
// range.
//  - Fig. 2: 50 tasks, computing and network properties in 1..100; 5 clusters with capacity in
//    1..11 and offered properties in 1..R, R = 100, 200, ..., 500.
//  - Fig. 3: n tasks (10..200), request properties 1..100; 5 clusters, capacity in 1..n/5, offered
//    properties 1..200.
// Readings (the paper does not say more):
//  - "network properties" is a bandwidth b_ik = b_ki for every pair of tasks (a complete request
//    graph; edge_density < 1 keeps each pair with that probability) and b̂_jl = b̂_lj for every
//    pair of clusters including the self-loops b̂_jj.
//  - "computing properties": `properties` = 1 draws only the CPU c_i and ĉ_j (memory 0), so one
//    task fits one cluster with probability 50.5 % at R = 100, as §4 states; 2 also draws memory
//    (probability 0.505² then).
// Draw order (deterministic for a seeded stream): task CPU, task memory (if drawn), request
// edges (i < k, row by row: keep-draw if density < 1, then the value), cluster CPU, cluster memory
// (if drawn), capacities, cluster bandwidths (j <= l, row by row).
#pragma once

#include <random>

#include "schedulers/ctaap/instance.hpp"

namespace arsim::schedulers::ctaap {

struct GeneratorConfig {
  int tasks = 50;
  int clusters = 5;
  int request_max = 100;  // request properties in 1..request_max
  int offer_max = 100;    // offered properties in 1..offer_max
  int capacity_min = 1;
  int capacity_max = 11;
  double edge_density = 1;  // probability that a pair of tasks has a request edge
  int properties = 1;       // 1: CPU only; 2: CPU and memory
};

// Throws std::invalid_argument naming the first bad field.
void validate(const GeneratorConfig& c);

Instance random_instance(const GeneratorConfig& config, std::mt19937_64& rng);

// The share of (task, cluster) pairs where the task fits (eq. 3): the "chance of a single request
// to be mapped to a single available resource" of §4.
double fit_share(const Instance& inst);

}  // namespace arsim::schedulers::ctaap
