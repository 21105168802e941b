// Registers every built-in offline experiment; the one place that knows them all.
#pragma once

#include "experiments/experiment.hpp"
#include "schedulers/builtins.hpp"

namespace arsim::experiments {

// Experiments that compare registered algorithms create them from `algorithms`, which must outlive
// `registry`.
void register_builtins(ExperimentRegistry& registry, const schedulers::Registries& algorithms);

}  // namespace arsim::experiments
