// The available speed of the run's resource hosts as SimGrid changes it (a host's speed profile,
// `speed_file`), recorded from the signal SimGrid sends at each change, for the auditor to judge
// the executions by (speed_model.hpp). Records from its construction until its destruction.
#pragma once

#include <unordered_map>
#include <vector>

#include <simgrid/s4u/Host.hpp>

#include "sim/kinds/interval/speed_model.hpp"

namespace arsim::kinds::interval {

class SpeedLog {
 public:
  explicit SpeedLog(const std::vector<simgrid::s4u::Host*>& hosts);
  ~SpeedLog();
  SpeedLog(const SpeedLog&) = delete;
  SpeedLog& operator=(const SpeedLog&) = delete;

  // Per host, in the constructor's order: its speed from the construction's date on.
  const std::vector<SpeedSteps>& steps() const { return steps_; }

 private:
  std::unordered_map<const simgrid::s4u::Host*, std::vector<std::size_t>> index_;
  std::vector<SpeedSteps> steps_;
  unsigned int connection_ = 0;
};

}  // namespace arsim::kinds::interval
