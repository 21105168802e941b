#include "sim/kinds/builtins.hpp"

#include "experiments/builtins.hpp"
#include "sim/kinds/coallocation/kind.hpp"
#include "sim/kinds/gangmatch/kind.hpp"
#include "sim/kinds/interval/kind.hpp"
#include "sim/kinds/matching/kind.hpp"
#include "sim/kinds/offline/kind.hpp"

namespace arsim::kinds {

void register_builtins(engine::Catalog& catalog) {
  schedulers::register_builtins(catalog.algorithms);
  experiments::register_builtins(catalog.experiments, catalog.algorithms);
  auto& kinds = catalog.kinds;
  kinds.add("coallocation", std::make_unique<coallocation::Kind>(), {"simulation"});
  kinds.add("interval", std::make_unique<interval::Kind>());
  kinds.add("offline", std::make_unique<offline::Kind>());
  kinds.add("gangmatch", std::make_unique<gangmatch::Kind>());
  kinds.add("matching", std::make_unique<matching::Kind>());
  kinds.set_default("coallocation");
}

}  // namespace arsim::kinds
