// The pure arithmetic of transfers over reserved paths (no SimGrid): volumes, unit conversions,
// the measured use of path links, and the reserved bandwidth per path over time that background
// traffic must leave free. docs/design/transfers.md explains the model.
#pragma once

#include <cstdint>
#include <map>
#include <random>
#include <vector>

#include "model/step_function.hpp"
#include "model/time.hpp"
#include "sim/kinds/coallocation/output/buckets.hpp"
#include "sim/kinds/coallocation/output/records.hpp"

namespace arsim::kinds::coallocation::transfers {

// The reservation graph counts bandwidth in Gbit/s (10^9 bit/s); SimGrid counts bytes/s.
constexpr double kBytesPerSecondPerGbps = 1e9 / 8;
inline double gbps_to_bytes_per_second(double gbps) {
  return gbps * kBytesPerSecondPerGbps;
}
inline double bytes_to_gbit(double bytes) {
  return bytes / kBytesPerSecondPerGbps;
}

// The volume of a pair: `fraction` of what its reservation can carry (duration × bandwidth), in
// whole bytes. Throws std::invalid_argument for a negative or non-finite input.
std::uint64_t pair_volume_bytes(double fraction, double duration, double gbps);

// The volume fraction of pair `pair` of request `request`: one of `choices`, drawn uniformly from
// its own stream of (seed, run index), so it does not depend on the order pairs are decided in.
// One choice is returned as is; none throws std::invalid_argument.
double volume_fraction(const std::vector<double>& choices, std::uint64_t seed, int run_index,
                       int request, int pair);

// Mean throughput in Gbit/s of `bytes` carried over [start, end); 0 for an empty interval.
double throughput_gbps(double bytes, double start, double end);

// The number of events of a Poisson law of mean `mean` >= 0 (exponential gaps counted in [0, 1),
// portable samplers of model/random.hpp); throws std::invalid_argument for a bad mean.
int poisson(std::mt19937_64& rng, double mean);

// Per path edge, Gbit carried in each bucket: every flow's bytes spread evenly over its
// [start, end) (exact for a flow at a constant rate, such as a capped reserved hop) and counted
// on every edge its route crossed.
std::vector<std::vector<double>> edge_usage_gbit(const std::vector<FlowRecord>& flows,
                                                 int edge_count, const Buckets& b);

// Reserved bandwidth per path edge as a step function of time (model::StepFunction, as the RMs'
// reservation tables), filled as reservations are decided; background traffic asks it how much an
// edge has reserved at most over a slot.
class ReservedSchedule {
 public:
  void add(int edge, model::TimeFrame frame, double gbps);
  // The largest total reserved on `edge` at any instant of [start, end) (frames half-open).
  double peak(int edge, double start, double end) const;

 private:
  std::map<int, model::StepFunction> by_edge_;
};

}  // namespace arsim::kinds::coallocation::transfers
