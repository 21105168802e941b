// Test support: tiny hand-made and random instances, and a brute-force optimum that enumerates
// every matching (for cross-checking the matchers).
#pragma once

#include <cstdint>
#include <vector>

#include "model/matching/instance.hpp"
#include "model/matching/matching.hpp"

namespace arsim::test::matching {

namespace mm = arsim::model::matching;

// One type "server" (static "os", dynamic "cpu", "mem") and one "disk" (static "fs", dynamic
// "size"). add_* helpers append resources and jobs.
mm::Instance two_types();
int add_server(mm::Instance& inst, const char* os, double cpu, double mem);
int add_disk(mm::Instance& inst, const char* fs, double size);
mm::Dependency server_dep(const char* os, double cpu, double mem);  // os "" = any
mm::Dependency disk_dep(const char* fs, double size);               // fs "" = any
int add_job(mm::Instance& inst, double priority, std::vector<mm::Dependency> deps);

// s0 linux (cpu 10, mem 10), s1 aix (4, 4), d2 ext3 (10). j0 (P 5) linux 6/2; j1 (P 1) any 6/2;
// j2 (P 3) any 3/3 plus ext3 4. j0 and j1 only fit s0 and not together.
mm::Instance example();

// A random tiny instance: 2 types, 2-3 resources each, `jobs` jobs (each needs one or both
// types), integral capacities 1..10 and usages 0..8.
mm::Instance random_tiny(std::uint64_t seed, int jobs);

struct Optimum {
  double value = 0;
  mm::Matching matching;
};

// The best feasible matching under `policy` by full enumeration (checker-feasible ones only).
Optimum brute_force(const mm::Instance& inst, const mm::Policy& policy);

}  // namespace arsim::test::matching
