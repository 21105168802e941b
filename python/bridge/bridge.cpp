#include "python/bridge/bridge.hpp"

#include <memory>
#include <optional>

#include <fmt/format.h>

#include "python/bridge/conversation.hpp"
#include "python/bridge/convert.hpp"
#include "python/bridge/interpreter.hpp"
#include "schedulers/protocol/foreign.hpp"

namespace arsim::python_bridge {

namespace {

using schedulers::ParamError;
using schedulers::ParamSpec;
using schedulers::ParamType;

// One entry of `params`: its type from the default's (bool before int: a bool is an int in
// Python), its default as the text a scenario would write.
ParamSpec declaration(const std::string& key, py::handle value) {
  PyObject* v = value.ptr();
  if (PyBool_Check(v))
    return schedulers::declare(key, ParamType::Bool).def(v == Py_True ? "true" : "false");
  if (PyLong_Check(v)) return schedulers::declare(key, ParamType::Int).def(py::str(value));
  if (PyFloat_Check(v)) return schedulers::declare(key, ParamType::Double).def(py::repr(value));
  if (PyUnicode_Check(v))
    return schedulers::declare(key, ParamType::String).may_be_empty().def(py::str(value));
  throw ParamError(
      fmt::format("params['{}'] has a default of type {}; expected int, float, bool "
                  "or str",
                  key, Py_TYPE(v)->tp_name));
}

std::vector<ParamSpec> declarations(py::handle cls) {
  std::vector<ParamSpec> out;
  if (py::hasattr(cls, "params")) {
    py::object params = cls.attr("params");
    if (!PyDict_Check(params.ptr()))
      throw ParamError(
          fmt::format("its attribute params is a {}, not a dict", Py_TYPE(params.ptr())->tp_name));
    for (const auto& [key, value] : params.cast<py::dict>()) {
      if (!PyUnicode_Check(key.ptr())) throw ParamError("params has a key that is no str");
      const std::string name = py::str(key);
      if (name == "seed") throw ParamError("params declares 'seed', which arsim gives");
      ParamSpec spec = declaration(name, value).about("a parameter of the class");
      if (!base::normalize(spec, spec.fallback))
        throw ParamError(fmt::format("params['{}'] = {} is no {}", name, spec.fallback,
                                     base::expected_text(spec)));
      out.push_back(std::move(spec));
    }
  }
  out.push_back(schedulers::declare("seed", ParamType::UInt64)
                    .def("1")
                    .about("seeds the class's rng = random.Random(seed)"));
  return out;
}

template <class Foreign, class Registry>
void add_resolver(Registry& registry) {
  registry.set_resolver(
      [](const std::string& name) -> std::optional<typename Registry::Entry> {
        if (name.find(':') == std::string::npos) return std::nullopt;
        Declared d = declared(name);
        auto factory = [name, specs = d.params](const schedulers::Params& p) {
          return std::make_unique<Foreign>(std::make_shared<PythonConversation>(name, specs, p));
        };
        return typename Registry::Entry{name, d.description, d.params, factory};
      },
      "a Python class FILE.py:Class or module:Class");
}

}  // namespace

Declared declared(const std::string& name) {
  Lock lock;
  py::object cls = load_class(name);
  Declared out;
  try {
    out.params = declarations(cls);
    py::object doc = cls.attr("__doc__");
    std::string text = doc.is_none() ? "" : py::str(doc).attr("strip")().cast<std::string>();
    text = text.substr(0, text.find('\n'));
    out.description = fmt::format("Python class {}{}", name, text.empty() ? "" : ": " + text);
  } catch (const ParamError& e) {
    throw ParamError(fmt::format("Python class '{}': {}", name, e.what()));
  } catch (const py::error_already_set& e) {
    throw ParamError(fmt::format("Python class '{}': {}", name, exception_line(e)));
  }
  return out;
}

void register_python(schedulers::Registries& r) {
  add_resolver<schedulers::protocol::ForeignPlanner>(r.planners);
  add_resolver<schedulers::protocol::ForeignIntervalScheduler>(r.intervals);
  add_resolver<schedulers::protocol::ForeignMatcher>(r.matchers);
  add_resolver<schedulers::protocol::ForeignGangMatcher>(r.gang_matchers);
}

}  // namespace arsim::python_bridge
