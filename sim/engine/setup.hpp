// Turns validated scenario settings into the pieces of a run: workload, planner, metric windows.
// Everything here is checked before any run starts (`arsim check` calls it too); errors are
// scenario::InputError naming the file, line and attribute.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "sim/engine/catalog.hpp"
#include "sim/metrics/writers.hpp"
#include "model/request.hpp"
#include "model/resource_graph.hpp"
#include "sim/scenario/scenario.hpp"
#include "workloads/gridars_generator.hpp"

namespace arsim::engine {

workloads::GridarsConfig gridars_config(const scenario::Settings& s);
metrics::MetricsConfig metrics_config(const scenario::Settings& s);

// The requests of one run: generated with (seed, run_index) or read from the workload file.
std::vector<model::Request> make_workload(const scenario::Settings& s, std::uint64_t seed,
                                          int run_index);

// Runs f(); a registry's ParamError (unknown name, key or value) becomes an InputError at `key`,
// the setting that named the registered entry.
template <class F>
decltype(auto) at_setting(const scenario::Settings& s, const std::string& key, F&& f) {
  try {
    return f();
  } catch (const schedulers::ParamError& e) {
    s.fail_message(key, e.what());
  }
}

std::shared_ptr<schedulers::CoallocationPlanner> make_planner(const Catalog& reg,
                                                              const scenario::Settings& s);

// Applies the scenario's <site name=... unit_value=...> overrides to the platform's graph; an
// unknown site name is an InputError at the override's location.
void apply_site_overrides(const scenario::Settings& s, model::ResourceGraph& g);

// Checks everything that can be checked without a SimGrid engine: the planner name and its
// parameters, the workload parameters (and file), the platform file's presence.
void check_settings(const Catalog& reg, const scenario::Settings& s);

}  // namespace arsim::engine
