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
