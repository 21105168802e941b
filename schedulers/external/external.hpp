// The `external` algorithm of every family (docs/guide/protocol.md): a command, in any language,
// that answers the family's questions over JSON lines. The command starts at the first question
// (so `arsim check` starts nothing) in the scenario's folder (protocol::algorithm_directory), and
// is told `end` and reaped when the algorithm is destroyed.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "schedulers/builtins.hpp"
#include "schedulers/external/channel.hpp"
#include "schedulers/protocol/foreign.hpp"

namespace arsim::schedulers::external {

// The parameters of `external`.
struct ExternalOptions {
  std::string command;  // run with `sh -c` in the scenario's folder
  std::string connect;  // or: the path of a Unix socket a client listens on
  double timeout = 60;  // seconds to wait for each answer, and for the exit after `end`
  int seed = 1;         // sent in `hello`: the client's random stream
  // The client's own parameters, `key=value` words sent in hello's params beside command and
  // timeout, so that a scenario (or a sweep) sets them like any algorithm's.
  std::vector<std::string> client_params;
};

class ExternalConversation : public protocol::Conversation {
 public:
  // Throws ParamError unless exactly one of command and connect is given and every client
  // parameter is a `key=value` word whose key is not one of external's own.
  ExternalConversation(std::string family, ExternalOptions options);
  ~ExternalConversation() override;
  protocol::Json ask(const protocol::Json& message) override;

 private:
  protocol::Json exchange(const protocol::Json& message);
  std::string name() const;

  std::string family_;
  ExternalOptions options_;
  std::optional<Channel> channel_;
};

// Registers "external" in each of the four registries.
void register_external(Registries& registries);

}  // namespace arsim::schedulers::external
