// Everything the engine finds by name: the algorithms of every family and the offline experiments.
#pragma once

#include "experiments/experiment.hpp"
#include "schedulers/builtins.hpp"

namespace arsim::engine {

struct Catalog {
  schedulers::Registries algorithms;
  experiments::ExperimentRegistry experiments{"experiment"};
};

// Registers every built-in algorithm and experiment.
void register_builtins(Catalog& catalog);

}  // namespace arsim::engine
