// The protocol's messages (schedulers/protocol/messages.hpp) as Python values and back, built
// directly with the C API: a message of the ELGL testbed converts in a few microseconds, several
// times faster than json.loads of its text (README.md, tests/bench/bench_python_bridge.cpp).
// Both need the GIL.
#pragma once

#include <pybind11/pybind11.h>

#include "schedulers/protocol/messages.hpp"

namespace arsim::python_bridge {

namespace py = pybind11;
using schedulers::protocol::Json;

// Objects become dicts, arrays lists; numbers keep their kind (int or float).
py::object to_python(const Json& value);

// A dict, list or tuple, str, int, float, bool or None, nested; an object with __index__ (numpy's
// integers) is an int and one with __float__ a float. Throws ProtocolError naming what is none of
// these, a key that is no str, a float that is not finite or an int beyond 64 bits.
Json to_json(py::handle value);

// "TYPE: message" of the Python exception being handled, on one line (the traceback's last line).
std::string exception_line(const py::error_already_set& error);

}  // namespace arsim::python_bridge
