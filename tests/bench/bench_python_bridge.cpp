// python-bridge: what a planner in Python costs per decision above the same planner in C++
// (python/bridge/README.md). On the ELGL graph (bench_gridars_ip.cpp), a 4-component ring request
// and 10 candidate frames (scenarios/elgl_greedy.xml's grc.frames), each decision is one plan()
// and one decided(), as the GRC makes them:
//   python-bridge/cpp-planner      a C++ planner returning one plan (every component on site 0)
//   python-bridge/python-planner   ForeignPlanner + PythonConversation, a Python class returning
//                                  the same plan
//   python-bridge/plan-message     of which: the adapter's plan message (schedulers/protocol),
//                                  which an `external` command costs as well
//   python-bridge/ask              of which: the bridge, PythonConversation::ask of that message
// and the two ways of passing a message, to keep the faster (the bridge converts directly):
//   python-bridge/to-python/direct   nlohmann json -> dict with the C API (convert.hpp)
//   python-bridge/to-python/text     json.loads(protocol::line_of(message))
//   python-bridge/to-json/direct     the answer dict -> json (convert.hpp)
//   python-bridge/to-json/text       json.dumps(answer), then parsed
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include <pybind11/eval.h>
#include <pybind11/pybind11.h>

#include "model/plan.hpp"
#include "python/bridge/conversation.hpp"
#include "python/bridge/convert.hpp"
#include "python/bridge/interpreter.hpp"
#include "schedulers/protocol/foreign.hpp"

namespace arsim::bench {
model::ResourceGraph elgl_graph();  // bench_gridars_ip.cpp
}  // namespace arsim::bench

namespace {

using namespace arsim;
namespace py = pybind11;
using schedulers::protocol::Json;

constexpr const char* kTrivial = R"(
class Trivial:
    def __init__(self, params, rng):
        pass

    def plan(self, message):
        request = message["request"]
        return {"plans": [{"frame": 0, "sites": [0] * len(request["components"]),
                           "routes": [[] for _ in request["pairs"]], "cost": 0.0}]}
)";

// Every component on site 0, no route: the plan both planners return.
class FirstSite : public schedulers::CoallocationPlanner {
 public:
  std::vector<model::Plan> plan(const model::ResourceGraph&, const model::Request& request,
                                const std::vector<model::Availability>& frames,
                                schedulers::PlannerStats&) override {
    model::Plan p{frames[0].frame, std::vector<int>(request.components.size(), 0),
                  std::vector<std::vector<int>>(request.pairs.size()), 0.0};
    return {p};
  }
};

struct Setup {
  model::ResourceGraph graph = bench::elgl_graph();
  model::Request request;
  std::vector<model::Availability> frames;
  Setup() {
    request.id = 1, request.user = "bench", request.est = 0, request.lst = 36000;
    request.duration = 3600;
    for (int cpus : {1, 2, 4, 8}) request.components.push_back({cpus});
    for (int j = 0; j < 4; ++j) request.pairs.push_back({j, (j + 1) % 4, 1.0});
    for (int f = 0; f < 10; ++f)
      frames.push_back(model::full_availability(graph, {3600.0 * f, 3600.0 * (f + 1)}));
  }
};

// The class as a module of its own, so that the bridge loads it by name (module:Class).
std::shared_ptr<python_bridge::PythonConversation> trivial_conversation() {
  {
    python_bridge::Lock lock;
    py::module_ types = py::module_::import("types");
    py::object module = types.attr("ModuleType")("arsim_bench_trivial");
    py::exec(kTrivial, module.attr("__dict__"));
    py::module_::import("sys").attr("modules")["arsim_bench_trivial"] = module;
  }
  const std::vector<schedulers::ParamSpec> specs = {
      schedulers::declare("seed", schedulers::ParamType::UInt64).def("1")};
  return std::make_shared<python_bridge::PythonConversation>(
      "arsim_bench_trivial:Trivial", specs, schedulers::Params("bench", specs, {}));
}

void decide(benchmark::State& state, schedulers::CoallocationPlanner& planner, const Setup& s) {
  schedulers::PlannerStats stats;
  for (auto _ : state) {
    auto plans = planner.plan(s.graph, s.request, s.frames, stats);
    planner.decided(s.request, true);
    benchmark::DoNotOptimize(plans);
  }
}

void BM_cpp_planner(benchmark::State& state) {
  const Setup s;
  FirstSite planner;
  decide(state, planner, s);
}
BENCHMARK(BM_cpp_planner)->Name("python-bridge/cpp-planner")->Unit(benchmark::kMicrosecond);

void BM_python_planner(benchmark::State& state) {
  const Setup s;
  schedulers::protocol::ForeignPlanner planner(trivial_conversation());
  decide(state, planner, s);
}
BENCHMARK(BM_python_planner)->Name("python-bridge/python-planner")->Unit(benchmark::kMicrosecond);

Json plan_message() {
  const Setup s;
  return schedulers::protocol::plan_message(s.request, s.frames);
}

// The bridge alone: the message built once, then asked (to dict, the call, the answer to JSON).
void BM_ask(benchmark::State& state) {
  const Json message = plan_message();
  const auto conversation = trivial_conversation();
  for (auto _ : state) {
    Json answer = conversation->ask(message);
    benchmark::DoNotOptimize(answer);
  }
}
BENCHMARK(BM_ask)->Name("python-bridge/ask")->Unit(benchmark::kMicrosecond);

void BM_plan_message(benchmark::State& state) {
  const Setup s;
  for (auto _ : state) {
    Json m = schedulers::protocol::plan_message(s.request, s.frames);
    benchmark::DoNotOptimize(m);
  }
}
BENCHMARK(BM_plan_message)->Name("python-bridge/plan-message")->Unit(benchmark::kMicrosecond);

void BM_to_python(benchmark::State& state, bool text) {
  const Json message = plan_message();
  python_bridge::Lock lock;
  py::object loads = py::module_::import("json").attr("loads");
  for (auto _ : state) {
    py::object value =
        text ? loads(schedulers::protocol::line_of(message)) : python_bridge::to_python(message);
    benchmark::DoNotOptimize(value.ptr());
  }
}
BENCHMARK_CAPTURE(BM_to_python, direct, false)
    ->Name("python-bridge/to-python/direct")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_to_python, text, true)
    ->Name("python-bridge/to-python/text")
    ->Unit(benchmark::kMicrosecond);

void BM_to_json(benchmark::State& state, bool text) {
  python_bridge::Lock lock;
  // A plan per frame: the largest answer a planner gives for this request.
  py::object answer = py::eval(
      "{'plans': [{'frame': f, 'sites': [0, 1, 2, 3], 'routes': [[1, 2], [3], [4, 5], [6]], "
      "'cost': 12.5} for f in range(10)], 'nodes': 0}");
  py::object dumps = py::module_::import("json").attr("dumps");
  for (auto _ : state) {
    Json value =
        text ? Json::parse(dumps(answer).cast<std::string>()) : python_bridge::to_json(answer);
    benchmark::DoNotOptimize(value);
  }
}
BENCHMARK_CAPTURE(BM_to_json, direct, false)
    ->Name("python-bridge/to-json/direct")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_to_json, text, true)
    ->Name("python-bridge/to-json/text")
    ->Unit(benchmark::kMicrosecond);

}  // namespace
