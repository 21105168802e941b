#include "sim/engine/catalog.hpp"

#include "experiments/builtins.hpp"

namespace arsim::engine {

void register_builtins(Catalog& catalog) {
  schedulers::register_builtins(catalog.algorithms);
  experiments::register_builtins(catalog.experiments, catalog.algorithms);
}

}  // namespace arsim::engine
