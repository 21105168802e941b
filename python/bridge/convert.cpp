#include "python/bridge/convert.hpp"

#include <cmath>
#include <string>
#include <unordered_map>

#include <fmt/format.h>

namespace arsim::python_bridge {

namespace {

using schedulers::protocol::ProtocolError;

// Deeper than any message of the protocol; a list that contains itself stops here.
constexpr int kMaxDepth = 64;

py::object steal(PyObject* object) {
  if (!object) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(object);
}

std::string type_name(py::handle value) {
  return Py_TYPE(value.ptr())->tp_name;
}

Json integer(PyObject* value) {
  int overflow = 0;
  const long long n = PyLong_AsLongLongAndOverflow(value, &overflow);
  if (overflow == 0) return n;
  if (overflow > 0) {
    const unsigned long long u = PyLong_AsUnsignedLongLong(value);
    if (!PyErr_Occurred()) return u;
    PyErr_Clear();
  }
  throw ProtocolError("an int beyond 64 bits in the answer");
}

Json real(double x) {
  if (!std::isfinite(x)) throw ProtocolError(fmt::format("a float {} in the answer", x));
  return x;
}

Json convert(py::handle value, int depth);

// Items are appended to nlohmann's ordered map without its search for the key: a dict's keys are
// distinct already.
Json object(PyObject* dict, int depth) {
  Json out = Json::object();
  auto& items = out.get_ref<Json::object_t&>();
  items.reserve(static_cast<std::size_t>(PyDict_GET_SIZE(dict)));
  PyObject *key = nullptr, *item = nullptr;
  Py_ssize_t at = 0;
  while (PyDict_Next(dict, &at, &key, &item)) {
    if (!PyUnicode_Check(key))
      throw ProtocolError(
          fmt::format("a dict key of type {} in the answer; keys are str", type_name(key)));
    Py_ssize_t size = 0;
    const char* text = PyUnicode_AsUTF8AndSize(key, &size);
    if (!text) throw py::error_already_set();
    items.emplace_back(std::string(text, static_cast<std::size_t>(size)), convert(item, depth + 1));
  }
  return out;
}

Json array(PyObject* sequence, int depth) {
  Json out = Json::array();
  auto& values = out.get_ref<Json::array_t&>();
  const Py_ssize_t size = PySequence_Fast_GET_SIZE(sequence);
  values.reserve(static_cast<std::size_t>(size));
  PyObject** items = PySequence_Fast_ITEMS(sequence);
  for (Py_ssize_t i = 0; i < size; ++i) values.push_back(convert(items[i], depth + 1));
  return out;
}

Json convert(py::handle value, int depth) {
  if (depth > kMaxDepth)
    throw ProtocolError(fmt::format("an answer nested deeper than {} levels", kMaxDepth));
  PyObject* v = value.ptr();
  if (v == Py_None) return nullptr;
  if (PyBool_Check(v)) return v == Py_True;
  if (PyLong_Check(v)) return integer(v);
  if (PyFloat_Check(v)) return real(PyFloat_AS_DOUBLE(v));
  if (PyUnicode_Check(v)) {
    Py_ssize_t size = 0;
    const char* text = PyUnicode_AsUTF8AndSize(v, &size);
    if (!text) throw py::error_already_set();
    return std::string(text, static_cast<std::size_t>(size));
  }
  if (PyDict_Check(v)) return object(v, depth);
  if (PyList_Check(v) || PyTuple_Check(v)) return array(v, depth);
  if (PyIndex_Check(v)) return integer(steal(PyNumber_Index(v)).ptr());
  if (Py_TYPE(v)->tp_as_number && Py_TYPE(v)->tp_as_number->nb_float)
    return real(PyFloat_AsDouble(steal(PyNumber_Float(v)).ptr()));
  throw ProtocolError(fmt::format("a value of type {} in the answer, which JSON has no form for",
                                  type_name(value)));
}

// The str of a dict key, made once and kept (a borrowed reference; nullptr with the Python error
// set): the messages' keys are the protocol's few dozen words (messages.hpp), and a str kept has
// its hash computed once. The strs live as long as the interpreter, which lives as long as the
// process (interpreter.hpp).
PyObject* key_of(const std::string& key) {
  static std::unordered_map<std::string, PyObject*> keys;
  if (auto it = keys.find(key); it != keys.end()) return it->second;
  PyObject* made = PyUnicode_FromStringAndSize(key.data(), std::ssize(key));
  return made ? keys.emplace(key, made).first->second : nullptr;
}

// A new reference to the Python value of `value`, or nullptr with the Python error set: the C
// API without wrappers, the leaves (most of a message: frames' free capacities) made inline.
PyObject* make(const Json& value) {
  switch (value.type()) {
    case Json::value_t::object: {
      PyObject* dict = PyDict_New();
      for (const auto& [key, item] : value.get_ref<const Json::object_t&>()) {
        PyObject* k = dict ? key_of(key) : nullptr;
        PyObject* made = k ? make(item) : nullptr;
        const int failed = made ? PyDict_SetItem(dict, k, made) : -1;
        Py_XDECREF(made);
        if (failed) {
          Py_XDECREF(dict);
          return nullptr;
        }
      }
      return dict;
    }
    case Json::value_t::array: {
      PyObject* list = PyList_New(std::ssize(value));
      Py_ssize_t at = 0;
      for (const auto& item : value) {
        PyObject* made = list ? make(item) : nullptr;
        if (!made) {
          Py_XDECREF(list);
          return nullptr;
        }
        PyList_SET_ITEM(list, at++, made);
      }
      return list;
    }
    case Json::value_t::string: {
      const auto& text = *value.get_ptr<const Json::string_t*>();
      return PyUnicode_FromStringAndSize(text.data(), std::ssize(text));
    }
    case Json::value_t::boolean:
      return PyBool_FromLong(*value.get_ptr<const Json::boolean_t*>());
    case Json::value_t::number_integer:
      return PyLong_FromLongLong(*value.get_ptr<const Json::number_integer_t*>());
    case Json::value_t::number_unsigned:
      return PyLong_FromUnsignedLongLong(*value.get_ptr<const Json::number_unsigned_t*>());
    case Json::value_t::number_float:
      return PyFloat_FromDouble(*value.get_ptr<const Json::number_float_t*>());
    default:  // null (and nlohmann's binary and discarded, which messages never hold)
      Py_RETURN_NONE;
  }
}

}  // namespace

py::object to_python(const Json& value) {
  return steal(make(value));
}

Json to_json(py::handle value) {
  return convert(value, 0);
}

std::string exception_line(const py::error_already_set& error) {
  std::string text = py::str(error.value());
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  const std::string type = py::str(error.type().attr("__name__"));
  return text.empty() ? type : type + ": " + text;
}

}  // namespace arsim::python_bridge
