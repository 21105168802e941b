#include "sim/kinds/coallocation/resubmit.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace arsim::kinds::coallocation {

model::Request resubmitted(const model::Request& previous, const ResubmitPolicy& policy,
                           double rejected, int id) {
  if (!(policy.delay >= 0) || !(policy.window_factor >= 1) || !(policy.cpus_factor > 0) ||
      !(policy.cpus_factor <= 1) || !(policy.bandwidth_factor > 0) ||
      !(policy.bandwidth_factor <= 1))
    throw std::invalid_argument("resubmitted: policy outside the ranges of user.*.resubmit.*");
  // 1e-9: 0.29 × 100 is 28.999...; a decimal factor rounds down to the whole cores it names.
  model::Request next = previous;
  next.id = id;
  next.submit = rejected + policy.delay;
  next.est = std::max(previous.est, next.submit);
  next.lst = next.est + (previous.lst - previous.est) * policy.window_factor;
  for (auto& c : next.components)
    c.cpus = std::max(1, static_cast<int>(std::floor(c.cpus * policy.cpus_factor + 1e-9)));
  for (auto& p : next.pairs) p.bandwidth *= policy.bandwidth_factor;
  // A widened window may pass the last instant a request may reach: the run fails saying so,
  // instead of planning with times that are no longer exact. The rest of a valid request stays
  // valid (cores at least 1, bandwidths scaled by a positive factor, times in order).
  if (!(next.lst + next.duration <= model::kMaxRequestTime))
    throw std::invalid_argument(
        "the attempt of request " + std::to_string(id) + " of " + next.user +
        " would end after 1e12 s (its window widened by user.*.resubmit.window_factor)");
  return next;
}

}  // namespace arsim::kinds::coallocation
