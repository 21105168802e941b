// The settings of one gangmatching run, read from the scenario (keys.cpp lists the keys) and
// checked, so that `arsim check` refuses what a run would refuse. No SimGrid.
#pragma once

#include <memory>
#include <string>
#include <vector>

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

// The settings of a run, one field per key of keys.cpp (the keys are bound to the fields, whose
// initializers are the keys' defaults); the parts of the run take the views below.
struct RunConfig {
  std::string platform;  // platform.file (required)
  int jobs = 100;        // workload.*
  double license_density = 1;
  int selectivity = 1;
  int platforms = 7;
  int request_scale = 1;
  std::string arrival = "batch";
  double mean_interarrival = 60;
  std::vector<double> durations{3600};
  std::string matcher = "dynamic";  // matchmaker.*: a registered gang matcher
  double period = 60;               // s between the starts of negotiation cycles
  double probe_cost = 0.00136;
  double evaluation_cost = 0;
  double owner_return_rate = 0;  // workstations.*
  double owner_stay = 1800;
  double external_rate = 0;  // licenses.*
  double external_hold = 1800;
  double bucket = 3600;  // output.*
  double horizon = 86400;

  WorkloadConfig workload() const;
  CostModel cost() const { return {probe_cost, evaluation_cost}; }
  AvailabilityConfig owners() const { return {owner_return_rate, owner_stay}; }   // workstations
  AvailabilityConfig external() const { return {external_rate, external_hold}; }  // licenses
};

// Throws InputError at the key whose value is wrong.
RunConfig read_config(const scenario::Settings& s);

// The registered matcher with its parameters; a ParamError becomes an InputError at
// matchmaker.algorithm.
std::unique_ptr<schedulers::GangMatcher> make_matcher(const engine::Catalog& catalog,
                                                      const scenario::Settings& s);

}  // namespace arsim::kinds::gangmatch
