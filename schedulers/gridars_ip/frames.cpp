#include "schedulers/gridars_ip/frames.hpp"

#include <algorithm>
#include <functional>
#include <numeric>

namespace arsim::schedulers::gridars_ip {

bool obviously_infeasible(const model::ResourceGraph& g, const model::Request& r,
                          const model::Availability& avail) {
  if (!model::pins_on_sites(g, r) || !model::pins_fit(r, avail)) return true;
  std::vector<int> need, have;
  for (const auto& c : r.components) need.push_back(c.cpus);
  for (int site : g.sites()) have.push_back(avail.free_cores[site]);
  if (need.size() > have.size()) return true;  // eq. (5): one component per site
  std::sort(need.begin(), need.end(), std::greater<>());
  std::sort(have.begin(), have.end(), std::greater<>());
  for (std::size_t k = 0; k < need.size(); ++k)
    if (need[k] > have[k]) return true;  // the k+1 largest need k+1 sites with that much
  const double widest =
      avail.free_bandwidth.empty()
          ? 0.0
          : *std::max_element(avail.free_bandwidth.begin(), avail.free_bandwidth.end());
  return std::any_of(r.pairs.begin(), r.pairs.end(),
                     [&](const model::Pair& p) { return p.bandwidth > 0 && p.bandwidth > widest; });
}

bool covers(const model::Availability& a, const model::Availability& b) {
  return std::equal(a.free_cores.begin(), a.free_cores.end(), b.free_cores.begin(),
                    b.free_cores.end(), std::greater_equal<>()) &&
         std::equal(a.free_bandwidth.begin(), a.free_bandwidth.end(), b.free_bandwidth.begin(),
                    b.free_bandwidth.end(), std::greater_equal<>());
}

std::vector<std::size_t> solve_order(const std::vector<model::Availability>& frames) {
  struct Key {
    long cores;
    double bandwidth;
  };
  std::vector<Key> keys;
  for (const auto& a : frames)
    keys.push_back({std::accumulate(a.free_cores.begin(), a.free_cores.end(), 0L),
                    std::accumulate(a.free_bandwidth.begin(), a.free_bandwidth.end(), 0.0)});
  std::vector<std::size_t> order(frames.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
    if (keys[i].cores != keys[j].cores) return keys[i].cores > keys[j].cores;
    return keys[i].bandwidth > keys[j].bandwidth;
  });
  return order;
}

}  // namespace arsim::schedulers::gridars_ip
