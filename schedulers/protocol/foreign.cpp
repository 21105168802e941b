#include "schedulers/protocol/foreign.hpp"

#include <chrono>
#include <stdexcept>

#include <fmt/format.h>

#include "model/matching/check.hpp"

namespace arsim::schedulers::protocol {

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::shared_ptr<Conversation> required(std::shared_ptr<Conversation> c) {
  if (!c) throw std::invalid_argument("foreign algorithm: no conversation");
  return c;
}

std::string& directory() {
  static std::string dir;
  return dir;
}

}  // namespace

void set_algorithm_directory(std::string dir) {
  directory() = std::move(dir);
}
const std::string& algorithm_directory() {
  return directory();
}

ForeignPlanner::ForeignPlanner(std::shared_ptr<Conversation> conversation)
    : conversation_(required(std::move(conversation))) {}

std::vector<model::Plan> ForeignPlanner::plan(const model::ResourceGraph& graph,
                                              const model::Request& request,
                                              const std::vector<model::Availability>& frames,
                                              PlannerStats& stats) {
  const auto started = std::chrono::steady_clock::now();
  if (graph_sent_ != &graph) {
    about("graph", [&] { check_answer(conversation_->ask(graph_message(graph))); });
    graph_sent_ = &graph;
  }
  auto plans = about(fmt::format("plan of request {}", request.id), [&] {
    return read_plans(conversation_->ask(plan_message(request, frames)), graph, request, frames,
                      stats);
  });
  stats.solves += static_cast<int>(frames.size());
  stats.solve_seconds += seconds_since(started);
  return plans;
}

void ForeignPlanner::decided(const model::Request& request, bool accepted) {
  about(fmt::format("outcome of request {}", request.id),
        [&] { check_answer(conversation_->ask(outcome_message(request, accepted))); });
}

ForeignIntervalScheduler::ForeignIntervalScheduler(std::shared_ptr<Conversation> conversation)
    : conversation_(required(std::move(conversation))) {}

IntervalSchedule ForeignIntervalScheduler::schedule(const IntervalProblem& problem,
                                                    IntervalStats& stats) {
  const auto started = std::chrono::steady_clock::now();
  auto out = about(
      fmt::format("schedule of activation {} (period start {})", ++calls_, problem.period_start),
      [&] { return read_schedule(conversation_->ask(schedule_message(problem)), problem); });
  stats.solve_seconds += seconds_since(started);
  return out;
}

ForeignMatcher::ForeignMatcher(std::shared_ptr<Conversation> conversation)
    : conversation_(required(std::move(conversation))) {}

MatchResult ForeignMatcher::match(const model::matching::Instance& instance,
                                  const model::matching::Policy& policy, std::uint64_t seed) {
  const auto started = std::chrono::steady_clock::now();
  const std::string what = fmt::format("match of batch {}", ++calls_);
  MatchResult out;
  out.matching = about(what, [&] {
    return read_matching(conversation_->ask(match_message(instance, policy, seed)), instance);
  });
  // The objective is recomputed here, which needs a matching of the right structure: the same
  // checker as the caller's, so that a wrong answer is named, not read out of range.
  if (auto err = model::matching::check_feasible(instance, out.matching, policy))
    throw std::runtime_error(what + ": infeasible matching: " + *err);
  out.objective = model::matching::objective_value(instance, out.matching, policy);
  out.status = "feasible";
  out.stats.iterations = 1;
  out.stats.seconds = seconds_since(started);
  return out;
}

ForeignGangMatcher::ForeignGangMatcher(std::shared_ptr<Conversation> conversation)
    : conversation_(required(std::move(conversation))) {}

GangResult ForeignGangMatcher::match(const model::gang::GangProblem& problem) {
  const auto started = std::chrono::steady_clock::now();
  GangResult out;
  out.gangs = about(fmt::format("gangs of cycle {}", ++calls_),
                    [&] { return read_gangs(conversation_->ask(gang_message(problem))); });
  out.stats.roots = static_cast<long>(problem.roots.size());
  out.stats.matched = static_cast<long>(out.gangs.size());
  out.stats.seconds = seconds_since(started);
  return out;
}

}  // namespace arsim::schedulers::protocol
