#include "experiments/builtins.hpp"

#include "experiments/ctaap/experiments.hpp"
#include "experiments/interval/experiments.hpp"

namespace arsim::experiments {

void register_builtins(ExperimentRegistry& registry, const schedulers::Registries& algorithms) {
  ctaap::register_experiments(registry);
  interval::register_experiments(registry, algorithms.intervals);
}

}  // namespace arsim::experiments
