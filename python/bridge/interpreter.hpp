// The embedded Python interpreter: started at the first Python algorithm named (a run that uses
// none never starts it), kept for the process, finalized at its exit. Between calls no thread holds
// the GIL, so that the simulation may call Python from whichever thread runs the algorithm (SimGrid
// thread contexts) and a forked run (sim/engine/runner.cpp) takes it as the parent would.
#pragma once

#include <string>

#include <pybind11/pybind11.h>

namespace arsim::python_bridge {

namespace py = pybind11;

// Where a name `FILE.py:Class` or `package.module:Class` leads.
struct ClassName {
  std::string module;  // a file's absolute path, or a dotted module name
  std::string name;    // the class, possibly dotted (Outer.Inner)
  bool file = false;
};

// Splits at the last ':'; a module part ending in ".py" is a file, relative to the scenario's
// folder (schedulers/protocol/foreign.hpp, algorithm_directory) unless absolute. Throws ParamError
// when either part is empty.
ClassName parse_class_name(const std::string& name);

// The class a name denotes, imported once per process (the GIL held: call under Lock). Throws
// ParamError naming `name` and the problem: no such file, the import failed (the exception's last
// line), no such class.
py::object load_class(const std::string& name);

// Hidden like pybind11's own types, which it holds (as every class here that holds one).
#define ARSIM_PYTHON_HIDDEN __attribute__((visibility("hidden")))

// Holds the GIL for its scope, starting the interpreter first if need be.
class ARSIM_PYTHON_HIDDEN Lock {
 public:
  Lock();
  Lock(const Lock&) = delete;
  Lock& operator=(const Lock&) = delete;

 private:
  struct Started {
    Started();
  } started_;
  py::gil_scoped_acquire gil_;
};

}  // namespace arsim::python_bridge
