// The settings of an interval run (keys.cpp binds each key to a field). The synthetic workload's
// keys fill workloads::SyntheticIntervalParams itself, so its defaults are written once, there.
#pragma once

#include <string>

#include "sim/scenario/settings.hpp"
#include "workloads/intervals/synthetic.hpp"

namespace arsim::kinds::interval {

// The settings of a run, one field per key of keys.cpp (the keys are bound to the fields, whose
// initializers are the keys' defaults; a required key's initializer is only a placeholder).
struct IntervalConfig {
  std::string platform;   // platform.file
  std::string generator;  // workload.*: intervals | swf (the synthetic keys fill
                          // workloads::SyntheticIntervalParams)
  std::string trace;      // swf
  int first_job = 0;
  int jobs = 0;
  std::string scheduler;  // interval_rm.*: a registered interval scheduler
  int resources = 10;
  double rm_period = 0;  // T
};

IntervalConfig read_config(const scenario::Settings& s);

// The synthetic workload's parameters (workload.* when generator=intervals).
workloads::SyntheticIntervalParams synthetic_params(const scenario::Settings& s);

}  // namespace arsim::kinds::interval
