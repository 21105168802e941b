#include "sim/kinds/matching/limits.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace arsim::kinds::matching {

double resource_attributes(const model::matching::Instance& inst) {
  double v = 0;
  for (const auto& r : inst.resources) v += static_cast<double>(r.capacity.size());
  return std::max(1.0, v);
}

RunLimit run_limit(const model::matching::Instance& inst, double bucket, double period) {
  const double v = resource_attributes(inst);
  const bool by_bucket = bucket <= period;
  RunLimit out;
  out.seconds = kMaxRows / v * std::min(bucket, period);
  out.key = by_bucket ? "output.bucket" : "providers.period";
  out.because = fmt::format("at most 10^6 rows of {} for {:g} resource attributes, {} {:g} s",
                            by_bucket ? "resources.csv" : "offers.csv", v,
                            by_bucket ? "buckets of" : "reports every", std::min(bucket, period));
  return out;
}

}  // namespace arsim::kinds::matching
