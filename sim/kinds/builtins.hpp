// Registers every built-in algorithm, offline experiment and run kind: the one place that knows
// them all. A new run kind is a folder under sim/kinds/ and one line in builtins.cpp.
#pragma once

#include "sim/engine/catalog.hpp"

namespace arsim::kinds {

void register_builtins(engine::Catalog& catalog);

}  // namespace arsim::kinds
