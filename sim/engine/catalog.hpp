// Everything the engine finds by name: the algorithms of every family, the offline experiments
// and the run kinds. One Catalog per process, filled by kinds::register_builtins
// (sim/kinds/builtins.hpp).
#pragma once

#include "experiments/experiment.hpp"
#include "schedulers/builtins.hpp"
#include "sim/engine/kind_registry.hpp"

namespace arsim::engine {

struct Catalog {
  Catalog() = default;
  Catalog(const Catalog&) = delete;  // experiments and kinds refer to the algorithms
  Catalog& operator=(const Catalog&) = delete;

  schedulers::Registries algorithms;
  experiments::ExperimentRegistry experiments{"experiment"};
  KindRegistry kinds;
};

}  // namespace arsim::engine
