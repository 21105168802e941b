// Turns validated scenario settings into the pieces of a run: workload, planner, metric windows.
// Everything here is checked before any run starts (`arsim check` calls it too); errors are
// scenario::InputError naming the file, line and attribute. The keys (keys.cpp) fill the structs
// below and those of the library they configure (workloads::GridarsConfig and GridarsUser,
// CoordinatorConfig, MetricsConfig, transfers::TransferConfig), so each default is written once,
// in its field's initializer.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/request.hpp"
#include "model/resource_graph.hpp"
#include "sim/engine/catalog.hpp"
#include "sim/kinds/coallocation/coordinator.hpp"
#include "sim/kinds/coallocation/output/writers.hpp"
#include "sim/kinds/coallocation/resubmit.hpp"
#include "sim/platform/platform_check.hpp"
#include "sim/scenario/scenario.hpp"
#include "workloads/gridars_generator.hpp"

namespace arsim::kinds::coallocation {

// Limits of one run, checked before anything runs (scenarios/README.md, co-allocation keys): the
// expected requests of the gridars generator (each is planned by the GRC), and the rows written
// per time bucket (every site and path per bucket of resources.csv, and summary.csv's rows).
constexpr double kMaxRequests = 100'000;
constexpr double kMaxOutputRows = 2'000'000;

// platform.*
struct PlatformKeys {
  std::string file;  // the SimGrid platform file, resolved against the scenario file
  long long max_paths = static_cast<long long>(platform::ReadOptions{}.max_default_paths);
};
platform::ReadOptions read_options(const PlatformKeys& p);

// workload.* beyond the generator's numbers, which fill workloads::GridarsConfig.
struct WorkloadKeys {
  std::string generator;            // gridars or file
  std::optional<std::string> file;  // the request file (generator file), resolved
};

// user.NAME.* beyond the generator's (workloads::GridarsUser), site.NAME.*.
struct UserKeys {
  std::optional<std::string> grc;  // the coordinator it submits to; the <grc> when absent
};
// The resubmission policy of `user` (user.NAME.resubmit.*; none for users the scenario does not
// declare), and whether some user of the scenario resubmits.
ResubmitPolicy resubmit_policy(const scenario::Settings& s, const std::string& user);
bool resubmits(const scenario::Settings& s);
struct SiteKeys {
  std::optional<double> unit_value;  // overrides the platform's
};

// The generator's settings; the users' expected requests at most kMaxRequests.
workloads::GridarsConfig gridars_config(const scenario::Settings& s);
MetricsConfig metrics_config(const scenario::Settings& s);
// Throws InputError at output.bucket when the buckets of a run on `platform` with `users` users
// would write more than kMaxOutputRows rows.
void check_output_rows(const scenario::Settings& s, const platform::PlatformSize& platform,
                       std::size_t users);

// The requests of one run: generated with (seed, run_index) or read from the workload file.
std::vector<model::Request> make_workload(const scenario::Settings& s, std::uint64_t seed,
                                          int run_index);

// One coordinator of a run: the <grc> first, then each <coordinator> in file order. Attributes a
// <coordinator> leaves out take the <grc>'s values. grc.* fill the fields, `decision` and `timing`.
struct CoordinatorSetup {
  std::string name = kDefaultCoordinator;
  std::string planner = "greedy";             // a registry name
  std::string planner_key = "grc.algorithm";  // the key that names it: errors about it point there
  CoordinatorConfig decision;
  GrcTiming timing;
};

// coordinator.NAME.*: each absent one is the <grc>'s.
struct CoordinatorKeys {
  std::optional<std::string> planner;
  std::optional<int> frames;
  std::optional<std::string> order;
  std::optional<bool> plan_all;
  std::optional<double> hold_timeout;
  std::optional<double> planning_delay;
};
std::vector<CoordinatorSetup> coordinator_setups(const scenario::Settings& s);

// The coordinator `user` submits to (user.NAME.grc; the <grc> for users the scenario does not
// declare, such as those of a request file).
std::string coordinator_of(const scenario::Settings& s, const std::string& user);

// The planner of a coordinator: for the <grc>, grc.planner with the planner.* parameters; for a
// <coordinator>, its planner with its <param>s, or, without a planner attribute, the <grc>'s
// planner and parameters with its <param>s on top. A run of a sweep dumps its models
// (planner.dump_dir) into a subfolder of its own, `run_dir` (the run's folder in the sweep), so
// names never collide; empty for a scenario's only run. A <coordinator> dumps into a subfolder
// named after it.
std::shared_ptr<schedulers::CoallocationPlanner> make_planner(
    const engine::Catalog& catalog, const scenario::Settings& s, const std::string& run_dir = "",
    const std::string& coordinator = kDefaultCoordinator);

// The distinct shapes of the requests a run can submit, as (components, pairs with bandwidth):
// every type the gridars generator draws from, or the requests of `from_file` (the workload file).
std::vector<std::pair<std::size_t, std::size_t>> request_shapes(
    const scenario::Settings& s, const std::vector<model::Request>& from_file);

// Throws InputError at a coordinator's planner key when its planner has a limit
// (schedulers::LimitedPlanner) that a request of one of `shapes` on `platform` would exceed.
void check_planner_limits(const engine::Catalog& catalog, const scenario::Settings& s,
                          const platform::PlatformSize& platform,
                          const std::vector<std::pair<std::size_t, std::size_t>>& shapes);

// Applies the scenario's <site name=... unit_value=...> overrides to the platform's graph; an
// unknown site name is an InputError at the override's location.
void apply_site_overrides(const scenario::Settings& s, model::ResourceGraph& g);

}  // namespace arsim::kinds::coallocation
