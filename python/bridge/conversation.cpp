#include "python/bridge/conversation.hpp"

#include <fmt/format.h>

#include "base/numbers.hpp"
#include "python/bridge/convert.hpp"
#include "python/bridge/interpreter.hpp"

namespace arsim::python_bridge {

namespace {

using schedulers::ParamType;
using schedulers::protocol::Json;
using schedulers::protocol::ProtocolError;

// A validated parameter's text (schedulers/params.cpp) as the Python value of its type.
py::object typed(const schedulers::ParamSpec& spec, const std::string& text) {
  switch (spec.type) {
    case ParamType::Bool:
      return py::bool_(*base::parse_bool(text));
    case ParamType::Int:
      return py::int_(*base::parse_int(text));
    case ParamType::UInt64:
      return py::int_(*base::parse_uint64(text));
    case ParamType::Double:
      return py::float_(*base::parse_double(text));
    default:
      return py::str(text);
  }
}

}  // namespace

PythonConversation::PythonConversation(std::string name,
                                       const std::vector<schedulers::ParamSpec>& specs,
                                       const schedulers::Params& params)
    : name_(std::move(name)), what_(fmt::format("Python class '{}'", name_)) {
  Lock lock;
  py::dict values;
  py::object seed;
  for (const auto& spec : specs) {
    py::object value = typed(spec, params.values().at(spec.name));
    if (spec.name == "seed")
      seed = value;
    else
      values[py::str(spec.name)] = value;
  }
  try {
    py::object rng = py::module_::import("random").attr("Random")(seed);
    instance_ = load_class(name_)(values, rng);
  } catch (const py::error_already_set& e) {
    throw schedulers::ParamError(
        fmt::format("{}: its constructor raised {}", what_, exception_line(e)));
  }
}

PythonConversation::~PythonConversation() {
  Lock lock;
  instance_ = py::object();
}

Json PythonConversation::ask(const Json& message) {
  return schedulers::protocol::about(what_, [&] {
    const std::string type = message.at("type").get<std::string>();
    Lock lock;
    if (!py::hasattr(instance_, type.c_str())) {
      if (type == "graph" || type == "outcome") return Json::object();
      throw ProtocolError(fmt::format("the class has no method '{}'", type));
    }
    py::object answer;
    try {
      answer = instance_.attr(type.c_str())(to_python(message));
    } catch (const py::error_already_set& e) {
      throw ProtocolError(fmt::format("{}() raised {}", type, exception_line(e)));
    }
    if (answer.is_none()) return Json::object();
    if (!PyDict_Check(answer.ptr()))
      throw ProtocolError(
          fmt::format("{}() returned a {}, not a dict", type, Py_TYPE(answer.ptr())->tp_name));
    try {
      return to_json(answer);
    } catch (const py::error_already_set& e) {  // a str that is no UTF-8, a failing __index__
      throw ProtocolError(fmt::format("the answer of {}(): {}", type, exception_line(e)));
    }
  });
}

}  // namespace arsim::python_bridge
