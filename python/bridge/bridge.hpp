// Python classes as algorithms of the four families (README.md): a scenario names
// `FILE.py:Class` or `package.module:Class` where it names an algorithm, and each registry's
// resolver (schedulers/registry.hpp, set_resolver) makes an entry for it, whose parameters are the
// class's `params` plus `seed`. The class answers the protocol's messages
// (docs/guide/protocol.md) through the family's adapter (schedulers/protocol/foreign.hpp).
#pragma once

#include <string>
#include <vector>

#include "schedulers/builtins.hpp"
#include "schedulers/params.hpp"

namespace arsim::python_bridge {

// What arsim knows of a class before making it: its parameters and a description.
struct Declared {
  std::vector<schedulers::ParamSpec> params;  // the class's `params`, then `seed`
  std::string description;                    // the first line of its docstring, if any
};

// Loads the class (starting Python) and reads its `params = {"name": default}`: a default of type
// bool, int, float or str declares a parameter of that type. Throws ParamError naming `name` and
// the problem.
Declared declared(const std::string& name);

// Installs the resolver of names with a ':' on each of the four registries.
void register_python(schedulers::Registries& registries);

}  // namespace arsim::python_bridge
