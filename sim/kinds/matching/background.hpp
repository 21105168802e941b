// The background load behind a resource provider's reports (Garbacki & Naik §4: "the available
// capacities of the dynamic attributes are updated periodically to reflect the current resource
// usage", by a resource usage monitor). The paper's values came from a proprietary trace; ours
// are a seeded process (sim/kinds/matching/README.md): each resource attribute has a background
// share x in [0, max_share] of its capacity N(r,a) used outside the grid, drawn uniformly at the
// first report and moved by a uniform step in [-step, +step] at every later one, reflected at the
// bounds. The provider offers the grid floor(N(r,a) (1 - x)). Pure: no SimGrid.
#pragma once

#include <random>
#include <vector>

#include "model/matching/instance.hpp"

namespace arsim::kinds::matching {

namespace mm = arsim::model::matching;

struct BackgroundParams {
  double max_share = 0.2;  // largest share of a capacity used outside the grid, in [0, 1)
  double step = 0.05;      // largest change of the share between two reports, >= 0
};

class Background {
 public:
  // The resources of type `type` of `inst`, with draws from `rng` (one stream per provider).
  // Throws std::invalid_argument on parameters out of range or an unknown type.
  Background(const mm::Instance& inst, int type, BackgroundParams params, std::mt19937_64 rng);

  // The offers of the next report, offered[i][a] for resources()[i]: the first call gives the
  // initial shares, each later call moves them one step. Draws in resource then attribute order.
  std::vector<std::vector<double>> next();
  const std::vector<int>& resources() const { return resources_; }

 private:
  std::vector<int> resources_;                 // instance indices of the type, ascending
  std::vector<std::vector<double>> capacity_;  // N(r,a) per resources_[i]
  std::vector<std::vector<double>> share_;     // x(r,a)
  BackgroundParams params_;
  std::mt19937_64 rng_;
  bool started_ = false;
};

}  // namespace arsim::kinds::matching
