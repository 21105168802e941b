#include "schedulers/external/external.hpp"

#include <fmt/format.h>

namespace arsim::schedulers::external {

ExternalConversation::ExternalConversation(std::string family, ExternalOptions options)
    : family_(std::move(family)), options_(std::move(options)) {
  if (options_.command.empty() == options_.connect.empty())
    throw ParamError(fmt::format(
        "{} 'external': give exactly one of the parameters 'command' and 'connect'", family_));
  for (const std::string& word : options_.client_params) {
    const auto eq = word.find('=');
    const std::string key = word.substr(0, eq);
    if (eq == std::string::npos || key.empty())
      throw ParamError(
          fmt::format("{} 'external': client_params: '{}' is not a key=value word", family_, word));
    if (key == "command" || key == "connect" || key == "timeout" || key == "seed")
      throw ParamError(fmt::format(
          "{} 'external': client_params: '{}' is a parameter of external itself; set it as one",
          family_, key));
  }
}

ExternalConversation::~ExternalConversation() {
  if (!channel_) return;
  try {
    channel_->write_line(protocol::line_of({{"type", "end"}}));
  } catch (const std::exception&) {  // a client that has gone is reaped all the same
  }
  channel_.reset();
}

std::string ExternalConversation::name() const {
  return fmt::format("external '{}'",
                     options_.command.empty() ? options_.connect : options_.command);
}

protocol::Json ExternalConversation::exchange(const protocol::Json& message) {
  channel_->write_line(protocol::line_of(message));
  const std::string line = channel_->read_line();
  try {
    return protocol::Json::parse(line);
  } catch (const protocol::Json::parse_error&) {
    const std::string shown = line.size() > 80 ? line.substr(0, 77) + "..." : line;
    throw protocol::ProtocolError(fmt::format("an answer that is not JSON: '{}'", shown));
  }
}

protocol::Json ExternalConversation::ask(const protocol::Json& message) {
  return protocol::about(name(), [&] {
    if (!channel_) {
      channel_.emplace(options_.command.empty()
                           ? Channel::connect(options_.connect, options_.timeout)
                           : Channel::start(options_.command, protocol::algorithm_directory(),
                                            options_.timeout));
      std::map<std::string, std::string> params = {
          {"timeout", fmt::format("{}", options_.timeout)}};
      if (!options_.command.empty()) params["command"] = options_.command;
      for (const std::string& word : options_.client_params) {
        const auto eq = word.find('=');
        params[word.substr(0, eq)] = word.substr(eq + 1);
      }
      protocol::read_hello(exchange(
          protocol::hello(family_, "external", params, static_cast<std::uint64_t>(options_.seed))));
    }
    return exchange(message);
  });
}

namespace {

std::vector<ParamSpec> external_params() {
  return {field("command", &ExternalOptions::command)
              .may_be_empty()
              .about("the client: a command run with `sh -c` in the scenario's folder"),
          field("connect", &ExternalOptions::connect)
              .may_be_empty()
              .about("instead of a command: the path of a Unix socket a client listens on"),
          field("timeout", &ExternalOptions::timeout)
              .above(0)
              .at_most(86400)
              .about("seconds to wait for each answer (and for the client's exit after `end`)"),
          field("seed", &ExternalOptions::seed)
              .at_least(0)
              .about("the seed `hello` gives the client for its random stream"),
          words("client_params", &ExternalOptions::client_params)
              .about("the client's own parameters: key=value words sent in hello's params")};
}

template <class Foreign, class Registry>
void add(Registry& registry, const char* family, const std::string& what) {
  registry.add(
      {"external",
       "Decided by a command in any language over JSON lines (docs/guide/protocol.md): " + what,
       external_params(), [family](const Params& p) {
         return std::make_unique<Foreign>(
             std::make_shared<ExternalConversation>(family, p.to<ExternalOptions>()));
       }});
}

}  // namespace

void register_external(Registries& r) {
  add<protocol::ForeignPlanner>(r.planners, protocol::kPlanner, "the plans of each request");
  add<protocol::ForeignIntervalScheduler>(r.intervals, protocol::kInterval,
                                          "the schedule of each activation");
  add<protocol::ForeignMatcher>(r.matchers, protocol::kMatcher, "the matching of each batch");
  add<protocol::ForeignGangMatcher>(r.gang_matchers, protocol::kGang, "the gangs of each cycle");
}

}  // namespace arsim::schedulers::external
