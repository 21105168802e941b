// How long a matching run may last in simulated time, so that its files stay bounded
// (scenarios/README.md, "Keys", kind="matching"): resources.csv has one row per resource attribute
// per bucket of output.bucket and offers.csv one row per resource per report of providers.period,
// so a run of V resource attributes lasts at most kMaxRows / V × min(output.bucket,
// providers.period) simulated seconds. What the keys decide is refused before the run
// (check_limits); what only the run decides (a batch's matcher time, a job's end) stops it at the
// limit with one line.
#pragma once

#include <string>

#include "model/matching/instance.hpp"

namespace arsim::kinds::matching {

// The most rows resources.csv and offers.csv may have (each, up to one bucket or report more).
inline constexpr double kMaxRows = 1e6;

struct RunLimit {
  double seconds = 0;   // the latest simulated instant the run may reach
  std::string key;      // the key that binds it: "output.bucket" or "providers.period"
  std::string because;  // "10^6 rows of resources.csv: 250 resource attributes, buckets of 600 s"
};

// The number of resource attributes V (resource × dynamic attribute pairs) of `inst`.
double resource_attributes(const model::matching::Instance& inst);

// The limit of a run of `inst` with buckets of `bucket` seconds and reports every `period`.
RunLimit run_limit(const model::matching::Instance& inst, double bucket, double period);

}  // namespace arsim::kinds::matching
