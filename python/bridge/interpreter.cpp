#include "python/bridge/interpreter.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>
#include <pybind11/embed.h>

#include "python/bridge/convert.hpp"
#include "schedulers/params.hpp"
#include "schedulers/protocol/foreign.hpp"

namespace arsim::python_bridge {

namespace {

namespace fs = std::filesystem;
using schedulers::ParamError;

// Python starts as /usr/bin/python3 would from a shell (PYTHONPATH, PYTHONHOME, the user's
// site-packages), with sys.executable that Python rather than whichever `python3` is first on
// PATH, and without signal handlers: SIGINT and SIGTERM stay arsim's (sim/engine/runner.cpp,
// StopSignals).
PyConfig* config() {
  static PyConfig c;
  PyConfig_InitPythonConfig(&c);
  c.install_signal_handlers = 0;
  const PyStatus status = PyConfig_SetBytesString(&c, &c.program_name, ARSIM_PYTHON_EXECUTABLE);
  if (PyStatus_Exception(status)) throw std::runtime_error(status.err_msg ? status.err_msg : "");
  return &c;
}

// The interpreter and what it loaded. Members are destroyed after the destructor's body, which
// takes the GIL back first: the loaded objects go before the interpreter ends.
struct Interpreter {
  // Not arsim's own folder on sys.path: the scenario's goes first (put_first_on_path).
  py::scoped_interpreter guard{config(), 0, nullptr, false};
  std::map<std::string, py::object> modules;  // by absolute path or module name
  std::map<std::string, py::object> classes;  // by the name the scenario gave
  PyThreadState* released = nullptr;

  Interpreter() {
    // print() in an algorithm reaches the output even from a run that ends with _exit.
    py::module_ sys = py::module_::import("sys");
    for (const char* stream : {"stdout", "stderr"})
      if (!sys.attr(stream).is_none())  // None when arsim's is closed
        sys.attr(stream).attr("reconfigure")(py::arg("line_buffering") = true);
    released = PyEval_SaveThread();
  }
  ~Interpreter() {
    PyEval_RestoreThread(released);
    classes.clear();
    modules.clear();
  }
};

std::optional<Interpreter>& interpreter() {
  static std::optional<Interpreter> it;
  return it;
}

// Puts `folder` first on sys.path unless it is on it: the scenario's folder (module:Class), and a
// FILE.py's folder, so that a module beside the file imports.
void put_first_on_path(const std::string& folder) {
  py::list path = py::module_::import("sys").attr("path");
  py::str entry(folder);
  if (path.contains(entry)) return;
  path.insert(0, entry);
}

py::object import_file(const std::string& file) {
  auto& modules = interpreter()->modules;
  if (auto it = modules.find(file); it != modules.end()) return it->second;
  put_first_on_path(fs::path(file).parent_path().string());
  py::module_ util = py::module_::import("importlib.util");
  // A name of its own per file, so that two files with one stem do not replace each other.
  const std::string module_name = fmt::format("arsim_algorithm_{}", modules.size());
  py::object spec = util.attr("spec_from_file_location")(module_name, file);
  py::object module = util.attr("module_from_spec")(spec);
  py::module_::import("sys").attr("modules")[py::str(module_name)] = module;
  spec.attr("loader").attr("exec_module")(module);
  return modules.emplace(file, module).first->second;
}

py::object import_module(const std::string& name) {
  auto& modules = interpreter()->modules;
  if (auto it = modules.find(name); it != modules.end()) return it->second;
  return modules.emplace(name, py::module_::import(name.c_str())).first->second;
}

std::string folder() {
  const std::string& dir = schedulers::protocol::algorithm_directory();
  const fs::path at = fs::absolute(dir.empty() ? fs::path(".") : fs::path(dir)).lexically_normal();
  return (at.has_filename() ? at : at.parent_path()).string();  // without a trailing '/'
}

}  // namespace

ClassName parse_class_name(const std::string& name) {
  const auto colon = name.rfind(':');
  ClassName out;
  if (colon != std::string::npos) out = {name.substr(0, colon), name.substr(colon + 1)};
  if (out.module.empty() || out.name.empty())
    throw ParamError(
        fmt::format("Python class '{}': expected FILE.py:Class or package.module:Class", name));
  if (out.module.ends_with(".py")) {
    out.file = true;
    out.module = (fs::path(folder()) / out.module).lexically_normal().string();
  }
  return out;
}

Lock::Started::Started() {
  if (interpreter()) return;
  try {
    interpreter().emplace();
  } catch (const std::exception& e) {  // PYTHONHOME wrong, say: no library to start with
    throw std::runtime_error(std::string("starting Python: ") + e.what());
  }
}

Lock::Lock() = default;

py::object load_class(const std::string& name) {
  auto& classes = interpreter()->classes;
  if (auto it = classes.find(name); it != classes.end()) return it->second;
  const ClassName at = parse_class_name(name);
  const std::string shown = at.file ? fs::path(at.module).filename().string() : at.module;
  auto fail = [&](const std::string& problem) {
    return ParamError(fmt::format("Python class '{}': {}", name, problem));
  };
  if (at.file && !fs::is_regular_file(at.module)) throw fail("no file " + at.module);
  py::object found;
  try {
    put_first_on_path(folder());
    found = at.file ? import_file(at.module) : import_module(at.module);
  } catch (const py::error_already_set& e) {
    throw fail(fmt::format("importing {} failed: {}", shown, exception_line(e)));
  }
  std::string path;
  for (std::size_t from = 0, dot = 0; dot != std::string::npos; from = dot + 1) {
    dot = at.name.find('.', from);
    const std::string part = at.name.substr(from, dot - from);
    path += (path.empty() ? "" : ".") + part;
    if (!py::hasattr(found, part.c_str()))
      throw fail(fmt::format("{} has no class '{}'", shown, path));
    found = found.attr(part.c_str());
  }
  if (!PyType_Check(found.ptr()))
    throw fail(fmt::format("'{}' in {} is a {}, not a class", at.name, shown,
                           Py_TYPE(found.ptr())->tp_name));
  return classes.emplace(name, found).first->second;
}

}  // namespace arsim::python_bridge
