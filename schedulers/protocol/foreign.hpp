// The four families' interfaces answered by an algorithm outside the C++ tree, through a
// Conversation: a Python class in process (python/bridge/) or an `external` command
// (schedulers/external/). Each adapter turns a call into one message (messages.hpp) and the answer
// back into the family's result; the callers check the result as they check every algorithm's.
#pragma once

#include <memory>
#include <string>

#include "schedulers/protocol/messages.hpp"
#include "schedulers/resource_matcher.hpp"

namespace arsim::schedulers::protocol {

// The folder an algorithm outside the tree is found in and runs in: the scenario's folder, set
// once by the command line when it reads the scenario (empty: the current folder).
void set_algorithm_directory(std::string directory);
const std::string& algorithm_directory();

// One algorithm's side of the protocol: ask() sends a message and returns the answer (the `end`
// message is the conversation's own business, on destruction). Throws ProtocolError, or
// std::runtime_error for a failed channel, with a message that names the algorithm.
class Conversation {
 public:
  virtual ~Conversation() = default;
  virtual Json ask(const Json& message) = 0;
};

// Adds "<what>: " before the message of whatever `f` throws, keeping its type where it is one of
// the protocol's (ProtocolError, std::runtime_error).
template <class F>
auto about(const std::string& what, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const ProtocolError& e) {
    throw ProtocolError(what + ": " + e.what());
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(what + ": " + e.what());
  }
}

class ForeignPlanner : public CoallocationPlanner {
 public:
  explicit ForeignPlanner(std::shared_ptr<Conversation> conversation);
  std::vector<model::Plan> plan(const model::ResourceGraph& graph, const model::Request& request,
                                const std::vector<model::Availability>& frames,
                                PlannerStats& stats) override;
  void decided(const model::Request& request, bool accepted) override;

 private:
  std::shared_ptr<Conversation> conversation_;
  const model::ResourceGraph* graph_sent_ = nullptr;  // the graph the algorithm knows
};

class ForeignIntervalScheduler : public IntervalScheduler {
 public:
  explicit ForeignIntervalScheduler(std::shared_ptr<Conversation> conversation);
  IntervalSchedule schedule(const IntervalProblem& problem, IntervalStats& stats) override;

 private:
  std::shared_ptr<Conversation> conversation_;
  long calls_ = 0;
};

class ForeignMatcher : public ResourceMatcher {
 public:
  explicit ForeignMatcher(std::shared_ptr<Conversation> conversation);
  MatchResult match(const model::matching::Instance& instance,
                    const model::matching::Policy& policy, std::uint64_t seed) override;

 private:
  std::shared_ptr<Conversation> conversation_;
  long calls_ = 0;
};

class ForeignGangMatcher : public GangMatcher {
 public:
  explicit ForeignGangMatcher(std::shared_ptr<Conversation> conversation);
  GangResult match(const model::gang::GangProblem& problem) override;

 private:
  std::shared_ptr<Conversation> conversation_;
  long calls_ = 0;
};

}  // namespace arsim::schedulers::protocol
