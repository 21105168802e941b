// Instances of the resource-matching experiments of Garbacki & Naik §5.1. Resources follow
// Table 1 (server, database, network, file storage with their static and dynamic attributes);
// the paper drew their values from a proprietary trace, so the distributions here are ours
// (workloads/README.md lists them). Jobs follow §5.1: priority uniform in 1..10; each type is a
// dependency with probability p (the complexity), at least one; each static and each dynamic
// attribute of a dependent type is used with probability p, at least one of each; the required
// static value is uniform among the values the resources have; the usage of a dynamic attribute
// is uniform in 0..the largest capacity of that attribute among the resources.
#pragma once

#include <cstdint>

#include "model/matching/instance.hpp"

namespace arsim::workloads::matching {

namespace mm = arsim::model::matching;

// The four types of Table 1 with `per_type` resources each (the paper: 50), drawn from
// make_stream(seed, run_index, "matching-resources"). Capacities are integral.
mm::Instance table1_resources(std::uint64_t seed, std::uint64_t run_index, int per_type);

// Appends `jobs` jobs of complexity p in (0, 1] to `inst`, drawn from make_stream(seed,
// run_index, "matching-jobs"). Usages are integral. Throws std::invalid_argument on p outside
// (0, 1] or a negative job count.
void add_jobs(mm::Instance& inst, std::uint64_t seed, std::uint64_t run_index, int jobs,
              double complexity);

}  // namespace arsim::workloads::matching
