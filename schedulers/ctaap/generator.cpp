#include "schedulers/ctaap/generator.hpp"

#include <stdexcept>

#include "model/random.hpp"

namespace arsim::schedulers::ctaap {

namespace {

double draw(std::mt19937_64& rng, int max) {
  return 1.0 + static_cast<double>(model::uniform_index(rng, static_cast<std::uint64_t>(max)));
}

}  // namespace

void validate(const GeneratorConfig& c) {
  if (c.tasks < 1) throw std::invalid_argument("ctaap generator: tasks must be >= 1");
  if (c.clusters < 1) throw std::invalid_argument("ctaap generator: clusters must be >= 1");
  if (c.request_max < 1 || c.offer_max < 1)
    throw std::invalid_argument("ctaap generator: request_max and offer_max must be >= 1");
  if (c.capacity_min < 0 || c.capacity_max < c.capacity_min)
    throw std::invalid_argument("ctaap generator: need 0 <= capacity_min <= capacity_max");
  if (!(c.edge_density >= 0 && c.edge_density <= 1))
    throw std::invalid_argument("ctaap generator: edge_density must be in [0, 1]");
  if (c.properties != 1 && c.properties != 2)
    throw std::invalid_argument("ctaap generator: properties must be 1 or 2");
}

Instance random_instance(const GeneratorConfig& c, std::mt19937_64& rng) {
  validate(c);
  const int n = c.tasks, m = c.clusters;
  Instance inst = make_instance(n, m);
  for (int i = 0; i < n; ++i) inst.cpu[i] = draw(rng, c.request_max);
  if (c.properties == 2)
    for (int i = 0; i < n; ++i) inst.memory[i] = draw(rng, c.request_max);
  for (int i = 0; i < n; ++i)
    for (int k = i + 1; k < n; ++k) {
      if (c.edge_density < 1 && !(model::uniform01(rng) < c.edge_density)) continue;
      inst.bandwidth(i, k) = inst.bandwidth(k, i) = draw(rng, c.request_max);
    }
  for (int j = 0; j < m; ++j) inst.cluster_cpu[j] = draw(rng, c.offer_max);
  if (c.properties == 2)
    for (int j = 0; j < m; ++j) inst.cluster_memory[j] = draw(rng, c.offer_max);
  const int span = c.capacity_max - c.capacity_min + 1;
  for (int j = 0; j < m; ++j)
    inst.capacity[j] = c.capacity_min + static_cast<int>(model::uniform_index(rng, span));
  for (int j = 0; j < m; ++j)
    for (int l = j; l < m; ++l)
      inst.cluster_bandwidth(j, l) = inst.cluster_bandwidth(l, j) = draw(rng, c.offer_max);
  return inst;
}

double fit_share(const Instance& inst) {
  const int n = inst.tasks(), m = inst.clusters();
  if (n == 0 || m == 0) return 0;
  int fit = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) fit += fits(inst, i, j);
  return static_cast<double>(fit) / (static_cast<double>(n) * m);
}

}  // namespace arsim::schedulers::ctaap
