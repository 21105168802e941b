// arsim._core: what the Python package (python/arsim) reads without starting an engine — the
// registered run kinds, algorithms and offline experiments with their parameters, and the
// scenario keys — from the same registries and declarations `arsim list` prints (sim/main.cpp,
// schedulers/param_text.hpp, sim/scenario/key_text.hpp), so the two cannot differ.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "schedulers/param_text.hpp"
#include "sim/kinds/builtins.hpp"
#include "sim/scenario/key_text.hpp"
#include "sim/scenario/settings.hpp"

namespace py = pybind11;

namespace {

using arsim::base::Declaration;

// The catalog of this process: built once, it never changes.
const arsim::engine::Catalog& catalog() {
  static const auto* const reg = [] {
    auto* c = new arsim::engine::Catalog;
    arsim::kinds::register_builtins(*c);
    return c;
  }();
  return *reg;
}

// One declaration as a dict: the cells of `arsim list --markdown` without the code spans.
py::dict declaration(const Declaration& d) {
  const auto c = arsim::schedulers::cells_of(d, false);
  py::dict out;
  out["name"] = d.name;
  out["type"] = c.type;
  out["default"] = c.fallback;
  out["unit"] = d.unit;
  out["allowed"] = c.allowed;
  out["help"] = d.doc;
  out["required"] = d.required;
  return out;
}

py::list declarations(const std::vector<Declaration>& ds) {
  py::list out;
  for (const auto& d : ds) out.append(declaration(d));
  return out;
}

template <class Registry>
py::list family(const Registry& registry) {
  py::list out;
  for (const auto& [name, e] : registry.entries()) {
    py::dict one;
    one["name"] = name;
    one["description"] = e.description;
    one["params"] = declarations(e.params);
    out.append(one);
  }
  return out;
}

py::dict algorithms() {
  const auto& reg = catalog();
  py::list kinds;
  for (const auto& [name, e] : reg.kinds.entries()) {
    py::dict one;
    one["name"] = name;
    one["description"] = e.kind->description();
    one["aliases"] = py::cast(e.aliases);
    kinds.append(one);
  }
  py::dict out;
  out["default_kind"] = reg.kinds.default_kind();
  out["kinds"] = kinds;
  out["planners"] = family(reg.algorithms.planners);
  out["intervals"] = family(reg.algorithms.intervals);
  out["matchers"] = family(reg.algorithms.matchers);
  out["gang_matchers"] = family(reg.algorithms.gang_matchers);
  out["experiments"] = family(reg.experiments);
  return out;
}

// The scenario.* keys are those of every kind; each kind's own follow (key_text.cpp splits the
// same way).
bool is_common(const Declaration& d) {
  return d.name.rfind("scenario.", 0) == 0;
}

// kind None: {"scenario": [...], "<kind>": [...], ...}; "scenario" or a kind (or an old name of
// one): that list. Anything else raises ValueError with the message of `arsim list --keys`.
py::object keys(const std::optional<std::string>& which) {
  const auto& schemas = catalog().kinds.schemas();
  const auto part = [&](const std::string& kind, bool common) {
    std::vector<Declaration> out;
    for (const auto& d : schemas.find(kind)->keys())
      if (is_common(d) == common) out.push_back(d);
    return declarations(out);
  };
  if (which && *which == "scenario") return part(schemas.default_kind, true);
  if (which) {
    std::string kind;
    if (!schemas.find(*which, &kind)) {
      try {
        arsim::scenario::keys_text(schemas, *which, false);  // throws the CLI's message
      } catch (const arsim::scenario::InputError& e) {
        throw py::value_error(e.what());
      }
    }
    return part(kind, false);
  }
  py::dict all;
  all["scenario"] = part(schemas.default_kind, true);
  for (const auto& name : schemas.names()) all[py::str(name)] = part(name, false);
  return all;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "The registries of arsim as Python data (what `arsim list` prints).";
  m.def("algorithms", &algorithms,
        "Run kinds, planners, interval schedulers, resource matchers, gang matchers and offline "
        "experiments, each with its parameters.");
  m.def("keys", &keys, py::arg("kind") = py::none(),
        "The scenario keys: all (dict by kind, 'scenario' for the common ones), or of one kind.");
}
