#include "sim/kinds/matching/background.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "model/random.hpp"

namespace arsim::kinds::matching {

Background::Background(const mm::Instance& inst, int type, BackgroundParams params,
                       std::mt19937_64 rng)
    : params_(params), rng_(std::move(rng)) {
  if (type < 0 || type >= static_cast<int>(inst.types.size()))
    throw std::invalid_argument("Background: unknown resource type");
  if (!(params.max_share >= 0 && params.max_share < 1))
    throw std::invalid_argument("Background: max_share must be in [0, 1)");
  if (!(params.step >= 0) || !std::isfinite(params.step))
    throw std::invalid_argument("Background: step must be >= 0");
  for (std::size_t r = 0; r < inst.resources.size(); ++r)
    if (inst.resources[r].type == type) {
      resources_.push_back(static_cast<int>(r));
      capacity_.push_back(inst.resources[r].capacity);
    }
}

std::vector<std::vector<double>> Background::next() {
  const double top = params_.max_share;
  if (!started_) {
    for (const auto& c : capacity_) {
      share_.emplace_back();
      for (std::size_t a = 0; a < c.size(); ++a)
        share_.back().push_back(top * model::uniform01(rng_));
    }
    started_ = true;
  } else {
    for (auto& shares : share_)
      for (double& x : shares) {
        x += params_.step * (2 * model::uniform01(rng_) - 1);
        if (x < 0) x = -x;                    // reflected at 0 ...
        if (x > top) x = 2 * top - x;         // ... and at max_share
        x = std::min(top, std::max(0.0, x));  // a step above max_share reflects past 0
      }
  }
  std::vector<std::vector<double>> offered(capacity_.size());
  for (std::size_t i = 0; i < capacity_.size(); ++i)
    for (std::size_t a = 0; a < capacity_[i].size(); ++a)
      offered[i].push_back(std::floor(capacity_[i][a] * (1 - share_[i][a])));
  return offered;
}

}  // namespace arsim::kinds::matching
