// Turns validated scenario settings into the pieces of a run: workload, planner, metric windows.
// Everything here is checked before any run starts (`arsim check` calls it too); errors are
// scenario::InputError naming the file, line and attribute.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/request.hpp"
#include "model/resource_graph.hpp"
#include "sim/engine/catalog.hpp"
#include "sim/kinds/coallocation/output/writers.hpp"
#include "sim/scenario/scenario.hpp"
#include "workloads/gridars_generator.hpp"

namespace arsim::kinds::coallocation {

workloads::GridarsConfig gridars_config(const scenario::Settings& s);
MetricsConfig metrics_config(const scenario::Settings& s);

// The requests of one run: generated with (seed, run_index) or read from the workload file.
std::vector<model::Request> make_workload(const scenario::Settings& s, std::uint64_t seed,
                                          int run_index);

// The planner of grc.planner with the planner.* parameters. A run of a sweep dumps its models
// (planner.dump_dir) into a subfolder of its own, `run_dir` (the run's folder in the sweep), so
// names never collide; empty for a scenario's only run.
std::shared_ptr<schedulers::CoallocationPlanner> make_planner(const engine::Catalog& catalog,
                                                              const scenario::Settings& s,
                                                              const std::string& run_dir = "");

// Applies the scenario's <site name=... unit_value=...> overrides to the platform's graph; an
// unknown site name is an InputError at the override's location.
void apply_site_overrides(const scenario::Settings& s, model::ResourceGraph& g);

}  // namespace arsim::kinds::coallocation
