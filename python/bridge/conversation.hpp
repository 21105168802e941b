// One Python algorithm's side of the protocol (docs/guide/protocol.md): an instance of the class,
// whose method named by each message's "type" answers it.
#pragma once

#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "python/bridge/interpreter.hpp"
#include "schedulers/params.hpp"
#include "schedulers/protocol/foreign.hpp"

namespace arsim::python_bridge {

namespace py = pybind11;

class ARSIM_PYTHON_HIDDEN PythonConversation : public schedulers::protocol::Conversation {
 public:
  // Makes `Class(params, rng)`: params a dict of the values of `specs` in `params`, typed as
  // declared, without `seed`, which seeds rng = random.Random(seed). Throws ParamError when the
  // constructor raises (its exception's last line).
  PythonConversation(std::string name, const std::vector<schedulers::ParamSpec>& specs,
                     const schedulers::Params& params);
  ~PythonConversation() override;
  PythonConversation(const PythonConversation&) = delete;
  PythonConversation& operator=(const PythonConversation&) = delete;

  // Calls the method named by message["type"] with the message as a dict; its dict is the answer
  // (None: {}). `graph` and `outcome` may be absent (answer {}). Throws ProtocolError for a
  // missing method, a Python exception ("TYPE: message") or an answer JSON cannot hold.
  schedulers::protocol::Json ask(const schedulers::protocol::Json& message) override;

 private:
  std::string name_;
  std::string what_;  // how errors name it: "Python class 'NAME'"
  py::object instance_;
};

}  // namespace arsim::python_bridge
