#include "sim/kinds/coallocation/transfers/model.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "model/random.hpp"

namespace arsim::kinds::coallocation::transfers {

std::uint64_t pair_volume_bytes(double fraction, double duration, double gbps) {
  for (double x : {fraction, duration, gbps})
    if (!std::isfinite(x) || x < 0)
      throw std::invalid_argument("transfer volume: fraction, duration and bandwidth must be >= 0");
  return static_cast<std::uint64_t>(
      std::llround(fraction * duration * gbps_to_bytes_per_second(gbps)));
}

double volume_fraction(const std::vector<double>& choices, std::uint64_t seed, int run_index,
                       int request, int pair) {
  if (choices.empty()) throw std::invalid_argument("transfer volume: no fraction to draw from");
  if (choices.size() == 1) return choices.front();
  auto rng = model::make_stream(seed, static_cast<std::uint64_t>(run_index),
                                "transfer:" + std::to_string(request) + ":" + std::to_string(pair));
  return choices[model::uniform_index(rng, choices.size())];
}

int poisson(std::mt19937_64& rng, double mean) {
  if (!(mean >= 0) || !std::isfinite(mean)) throw std::invalid_argument("poisson: bad mean");
  if (mean == 0) return 0;
  int k = 0;
  for (double t = model::exponential(rng, 1 / mean); t < 1; t += model::exponential(rng, 1 / mean))
    ++k;
  return k;
}

double throughput_gbps(double bytes, double start, double end) {
  return end > start ? bytes_to_gbit(bytes) / (end - start) : 0.0;
}

std::vector<std::vector<double>> edge_usage_gbit(const std::vector<FlowRecord>& flows,
                                                 int edge_count, const Buckets& b) {
  std::vector<std::vector<double>> used(edge_count, std::vector<double>(b.count(), 0.0));
  for (const auto& f : flows) {
    if (!(f.end > f.start) || f.bytes <= 0) continue;
    const double rate = bytes_to_gbit(f.bytes) / (f.end - f.start);
    for (int e : f.edges)
      if (e >= 0 && e < edge_count) b.accumulate(f.start, f.end, rate, used[e]);
  }
  return used;
}

void ReservedSchedule::add(int edge, model::TimeFrame frame, double gbps) {
  by_edge_[edge].add(frame, gbps);
}

double ReservedSchedule::peak(int edge, double start, double end) const {
  const auto it = by_edge_.find(edge);
  if (it == by_edge_.end()) return 0;
  return end > start ? it->second.max_over({start, end}) : it->second.at(start);
}

}  // namespace arsim::kinds::coallocation::transfers
