// The settings of one gangmatching run, read from the scenario (keys.cpp lists the keys) and
// checked, so that `arsim check` refuses what a run would refuse. No SimGrid.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "schedulers/gang_matcher.hpp"
#include "sim/kinds/gangmatch/negotiation.hpp"
#include "sim/kinds/gangmatch/workload.hpp"
#include "sim/scenario/scenario.hpp"

namespace arsim::engine {
struct Catalog;
}

namespace arsim::kinds::gangmatch {

// The limits of a run (scenarios/README.md lists them), so that every value `arsim check` accepts
// runs in bounded time and memory with finite simulated times.
inline constexpr double kMaxSeconds = 1e9;      // a duration, time between events, period, horizon
inline constexpr double kMaxStepCost = 1;       // s per probe or per evaluation
inline constexpr double kMaxCycles = 1e6;       // output.horizon / matchmaker.period
inline constexpr double kMaxBuckets = 1e5;      // output.horizon / output.bucket (rows per kind)
inline constexpr double kMaxBucketCells = 1e8;  // buckets x (workstations + licenses)
inline constexpr double kMaxPeriods = 1e6;      // unavailable periods expected before the horizon

struct RunConfig {
  std::string platform;
  WorkloadConfig workload;
  std::string matcher;                        // a registered gang matcher
  std::map<std::string, std::string> params;  // its parameters (matcher.*)
  double period = 60;                         // s between the starts of negotiation cycles
  CostModel cost;
  AvailabilityConfig owners;    // workstations
  AvailabilityConfig external;  // licenses
  double bucket = 3600;
  double horizon = 86400;
};

// Throws InputError at the key whose value is wrong.
RunConfig read_config(const scenario::Settings& s);

// The registered matcher with its parameters; a ParamError becomes an InputError at
// matchmaker.matcher.
std::unique_ptr<schedulers::GangMatcher> make_matcher(const engine::Catalog& catalog,
                                                      const scenario::Settings& s);

}  // namespace arsim::kinds::gangmatch
