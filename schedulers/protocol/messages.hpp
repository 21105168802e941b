// The JSON form of each family's question and answer (docs/guide/protocol.md), shared by the
// algorithms that decide outside the C++ tree: Python classes in process (python/bridge/) and
// `external` commands (schedulers/external/). Writing is total; reading an answer checks its shape
// only and throws ProtocolError naming the field. Feasibility is left to the checkers that check
// every algorithm's answers (model::check_plan, check_schedule, check_matching, check_gangs).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/gang/gang.hpp"
#include "model/matching/instance.hpp"
#include "model/matching/matching.hpp"
#include "model/plan.hpp"
#include "schedulers/gang_matcher.hpp"
#include "schedulers/interval_scheduler.hpp"
#include "schedulers/planner.hpp"

namespace arsim::schedulers::protocol {

using Json = nlohmann::ordered_json;

inline constexpr int kVersion = 1;

// An answer of the wrong shape, or an {"error": ...} answer; the message names the field.
class ProtocolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The four families, as `hello` names them.
inline constexpr const char* kPlanner = "planner";
inline constexpr const char* kInterval = "interval";
inline constexpr const char* kMatcher = "matcher";
inline constexpr const char* kGang = "gang";

Json hello(const std::string& family, const std::string& algorithm,
           const std::map<std::string, std::string>& params, std::uint64_t seed);
// Throws ProtocolError unless the answer is an object with "protocol": kVersion.
void read_hello(const Json& answer);

// Throws ProtocolError with the text of an {"error": TEXT} answer, or when `answer` is no object.
void check_answer(const Json& answer);

Json graph_message(const model::ResourceGraph& graph);
Json plan_message(const model::Request& request, const std::vector<model::Availability>& frames);
// The plans of an answer to plan_message, with their frames filled in; a plan without "cost" gets
// model::plan_value. Adds the answer's "nodes" to stats.
std::vector<model::Plan> read_plans(const Json& answer, const model::ResourceGraph& graph,
                                    const model::Request& request,
                                    const std::vector<model::Availability>& frames,
                                    PlannerStats& stats);
// What a planner is told once a request is decided (GridARS §3.1 stage 2v): accepted or not.
Json outcome_message(const model::Request& request, bool accepted);

Json schedule_message(const IntervalProblem& problem);
IntervalSchedule read_schedule(const Json& answer, const IntervalProblem& problem);

Json match_message(const model::matching::Instance& instance, const model::matching::Policy& policy,
                   std::uint64_t seed);
model::matching::Matching read_matching(const Json& answer,
                                        const model::matching::Instance& instance);

Json gang_message(const model::gang::GangProblem& problem);
std::vector<model::gang::Gang> read_gangs(const Json& answer);

// The JSON text of one message: one line, doubles written so that they read back exactly.
std::string line_of(const Json& message);

}  // namespace arsim::schedulers::protocol
