#include "sim/kinds/interval/config.hpp"

#include "sim/scenario/config.hpp"

namespace arsim::kinds::interval {

IntervalConfig read_config(const scenario::Settings& s) {
  return scenario::read_config<IntervalConfig>(s);
}

workloads::SyntheticIntervalParams synthetic_params(const scenario::Settings& s) {
  return scenario::read_config<workloads::SyntheticIntervalParams>(s);
}

}  // namespace arsim::kinds::interval
