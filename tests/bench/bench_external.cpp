// The round trip of the `external` protocol (schedulers/external/, docs/guide/protocol.md): one
// `plan` message for an ELGL request and one frame, answered by a Python client that returns the
// plans the C++ greedy finds for it (written once into the client's command line), against the
// C++ greedy itself. The difference is what a decision costs over the protocol: the message
// written and read on both sides, the socket, the client's json.loads and json.dumps.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "model/plan.hpp"
#include "schedulers/external/external.hpp"
#include "schedulers/greedy/greedy.hpp"

namespace arsim::bench {
model::ResourceGraph elgl_graph();  // bench_gridars_ip.cpp
}

namespace {

using namespace arsim;

// Answers `plan` with the JSON text in argv[1] (its frames re-indexed to 0), every other question
// with what the protocol asks.
const char* kClient = R"(import json, sys
answer = sys.argv[1]
for line in sys.stdin:
    kind = json.loads(line)["type"]
    if kind == "end":
        break
    sys.stdout.write('{"protocol": 1}\n' if kind == "hello" else answer + "\n" if kind == "plan" else "{}\n")
    sys.stdout.flush()
)";

model::Request ring_request() {
  model::Request r;
  r.id = 1;
  r.user = "bench";
  r.duration = 3600;
  r.lst = 0;
  r.components = {{4}, {2}, {8}, {1}};
  r.pairs = {{0, 1, 1.0}, {1, 2, 1.0}, {2, 3, 1.0}, {0, 3, 1.0}};
  return r;
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

void bm_cpp_greedy(benchmark::State& state) {
  const auto graph = bench::elgl_graph();
  const auto request = ring_request();
  const std::vector<model::Availability> frames = {model::full_availability(graph, {0, 3600})};
  schedulers::greedy::GreedyPlanner planner;
  schedulers::PlannerStats stats;
  for (auto _ : state) benchmark::DoNotOptimize(planner.plan(graph, request, frames, stats));
}

void bm_external_same_plans(benchmark::State& state) {
  const auto graph = bench::elgl_graph();
  const auto request = ring_request();
  const std::vector<model::Availability> frames = {model::full_availability(graph, {0, 3600})};
  schedulers::PlannerStats stats;
  const auto plans = schedulers::greedy::GreedyPlanner().plan(graph, request, frames, stats);
  schedulers::protocol::Json answer = {{"plans", schedulers::protocol::Json::array()}};
  for (const auto& p : plans)
    answer["plans"].push_back({{"frame", 0}, {"sites", p.sites}, {"routes", p.routes}});
  schedulers::external::ExternalOptions options;
  options.command = fmt::format("/usr/bin/python3 -c {} {}", shell_quote(kClient),
                                shell_quote(schedulers::protocol::line_of(answer)));
  schedulers::protocol::ForeignPlanner planner(
      std::make_shared<schedulers::external::ExternalConversation>("planner", options));
  if (planner.plan(graph, request, frames, stats).size() != plans.size())  // starts the client
    state.SkipWithError("the client's plans differ from greedy's");
  for (auto _ : state) benchmark::DoNotOptimize(planner.plan(graph, request, frames, stats));
}

BENCHMARK(bm_cpp_greedy)->Name("planner/greedy/elgl_ring")->Unit(benchmark::kMicrosecond);
BENCHMARK(bm_external_same_plans)
    ->Name("planner/external_python_client/elgl_ring")
    ->Unit(benchmark::kMicrosecond)
    ->MinTime(1.0);

}  // namespace
