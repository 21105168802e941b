// The registries the experiment tests create experiments from, registered once per process.
#pragma once

#include "experiments/builtins.hpp"

namespace arsim::experiments::testing {

struct Catalog {
  Catalog() {
    schedulers::register_builtins(algorithms);
    register_builtins(experiments, algorithms);
  }
  Catalog(const Catalog&) = delete;  // experiments keep a reference to algorithms
  Catalog& operator=(const Catalog&) = delete;

  schedulers::Registries algorithms;
  ExperimentRegistry experiments{"experiment"};
};

inline const Catalog& catalog() {
  static const Catalog c;
  return c;
}

}  // namespace arsim::experiments::testing
