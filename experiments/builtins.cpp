#include "experiments/builtins.hpp"

#include "experiments/ctaap/experiments.hpp"
#include "experiments/gangmatch/experiment.hpp"
#include "experiments/interval/experiments.hpp"
#include "experiments/matching/experiments.hpp"

namespace arsim::experiments {

void register_builtins(ExperimentRegistry& registry, const schedulers::Registries& algorithms) {
  ctaap::register_experiments(registry);
  interval::register_experiments(registry, algorithms.intervals);
  matching::register_experiments(registry, algorithms.matchers);
  gangmatch::register_experiments(registry, algorithms.gang_matchers);
}

}  // namespace arsim::experiments
