#include "sim/kinds/coallocation/config.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

#include <fmt/format.h>

#include "sim/scenario/config.hpp"
#include "workloads/request_file.hpp"

namespace arsim::kinds::coallocation {

namespace {

// The expected number of requests of one run, arrival_end / mean_interarrival summed over the
// users, may not exceed kMaxRequests; the key of the busiest user is named. A user that resubmits
// may make 1 + resubmit.attempts requests of each.
void check_request_count(const scenario::Settings& s, const workloads::GridarsConfig& c) {
  double expected = 0;
  std::size_t busiest = 0;
  for (std::size_t i = 0; i < c.users.size(); ++i) {
    const int attempts = resubmit_policy(s, c.users[i].name).attempts;
    expected += c.arrival_end / c.users[i].mean_interarrival * (1 + attempts);
    if (c.users[i].mean_interarrival < c.users[busiest].mean_interarrival) busiest = i;
  }
  if (c.users.empty() || expected <= kMaxRequests) return;
  s.fail_message("user." + c.users[busiest].name + ".mean_interarrival",
                 fmt::format("the users would submit {:.4g} requests per run (arrival_end / "
                             "mean_interarrival × (1 + resubmit.attempts) summed over the "
                             "users); the limit is {:g}",
                             expected, kMaxRequests));
}

}  // namespace

platform::ReadOptions read_options(const PlatformKeys& p) {
  platform::ReadOptions options;
  options.max_default_paths = static_cast<std::size_t>(p.max_paths);
  options.failures = true;  // state profiles where the run survives them (failures/board.hpp)
  return options;
}

workloads::GridarsConfig gridars_config(const scenario::Settings& s) {
  auto c = scenario::read_config<workloads::GridarsConfig>(s);
  c.users.clear();
  for (const auto& name : s.users()) {
    c.users.push_back(scenario::read_config<workloads::GridarsUser>(s, {name}));
    c.users.back().name = name;
  }
  try {
    workloads::validate(c);
  } catch (const std::invalid_argument& e) {
    s.fail_message("workload.generator", e.what());
  }
  check_request_count(s, c);
  return c;
}

MetricsConfig metrics_config(const scenario::Settings& s) {
  auto m = scenario::read_config<MetricsConfig>(s);  // output.*
  const auto w = scenario::read_config<workloads::GridarsConfig>(s);
  m.arrival_end = w.arrival_end;
  m.window_start = w.window_start;
  m.window_end = w.window_end;
  try {
    validate(m);
  } catch (const std::exception& e) {
    s.fail_message("output.bucket", e.what());
  }
  return m;
}

void check_output_rows(const scenario::Settings& s, const platform::PlatformSize& platform,
                       std::size_t users) {
  const MetricsConfig m = metrics_config(s);
  const double resources = static_cast<double>(platform.sites + platform.paths);
  // resources.csv: a row per site and path per bucket up to the horizon; summary.csv: per bucket
  // up to arrival_end, a success ratio per user and for all, the request load, a load per site.
  const double rows =
      resources * std::ceil(m.horizon / m.bucket) +
      static_cast<double>(users + 2 + platform.sites) * std::ceil(m.arrival_end / m.bucket);
  if (rows > kMaxOutputRows)
    s.fail_message("output.bucket",
                   fmt::format("{:g} s buckets would write {:.4g} rows of resources.csv and "
                               "summary.csv ({} sites and paths, {:g} s horizon, {:g} s "
                               "arrivals); the limit is {:g} rows per run",
                               m.bucket, rows, platform.sites + platform.paths, m.horizon,
                               m.arrival_end, kMaxOutputRows));
}

std::vector<model::Request> make_workload(const scenario::Settings& s, std::uint64_t seed,
                                          int run_index) {
  const auto w = scenario::read_config<WorkloadKeys>(s);
  if (w.generator == "file") {
    try {
      return workloads::read_request_file(w.file.value());
    } catch (const workloads::InputError& e) {
      throw scenario::InputError(e.what());  // already names the request file and line
    }
  }
  return workloads::generate_gridars(gridars_config(s), seed, run_index);
}

namespace {
template <class T>
void take(T& value, const std::optional<T>& own) {
  if (own) value = *own;
}
}  // namespace

std::vector<CoordinatorSetup> coordinator_setups(const scenario::Settings& s) {
  auto grc = scenario::read_config<CoordinatorSetup>(s);  // grc.*
  grc.decision = scenario::read_config<CoordinatorConfig>(s);
  grc.timing = scenario::read_config<GrcTiming>(s);
  std::vector<CoordinatorSetup> out{grc};
  for (const auto& name : s.coordinators()) {
    const auto own = scenario::read_config<CoordinatorKeys>(s, {name});
    CoordinatorSetup c = grc;
    c.name = name;
    if (own.planner) {
      c.planner = *own.planner;
      c.planner_key = scenario::key_of("coordinator.*.algorithm", {name});
    }
    take(c.decision.frames, own.frames);
    take(c.decision.order, own.order);
    take(c.decision.plan_all, own.plan_all);
    take(c.timing.hold_timeout, own.hold_timeout);
    take(c.timing.planning_delay, own.planning_delay);
    out.push_back(std::move(c));
  }
  return out;
}

std::string coordinator_of(const scenario::Settings& s, const std::string& user) {
  return scenario::read_config<UserKeys>(s, {user}).grc.value_or(kDefaultCoordinator);
}

ResubmitPolicy resubmit_policy(const scenario::Settings& s, const std::string& user) {
  return scenario::read_config<ResubmitPolicy>(s, {user});
}

bool resubmits(const scenario::Settings& s) {
  const auto& users = s.users();
  return std::any_of(users.begin(), users.end(),
                     [&](const std::string& u) { return resubmit_policy(s, u).attempts > 0; });
}

std::shared_ptr<schedulers::CoallocationPlanner> make_planner(const engine::Catalog& catalog,
                                                              const scenario::Settings& s,
                                                              const std::string& run_dir,
                                                              const std::string& coordinator) {
  const auto setups = coordinator_setups(s);
  const auto c = std::find_if(setups.begin(), setups.end(),
                              [&](const CoordinatorSetup& x) { return x.name == coordinator; });
  if (c == setups.end()) throw std::logic_error("no coordinator '" + coordinator + "'");
  return engine::at_setting(s, c->planner_key, [&] {
    const auto& planners = catalog.algorithms.planners;
    const std::string& name = c->planner;
    const auto& specs = planners.get(name).params;
    std::map<std::string, std::string> params;
    // The <grc>'s parameters go with its planner, not with one a <coordinator> names itself.
    if (c->planner_key == setups.front().planner_key)
      params = engine::algorithm_params(s, "grc.param.", specs);
    if (coordinator != kDefaultCoordinator)
      for (auto& [k, v] :
           engine::algorithm_params(s, "coordinator." + coordinator + ".param.", specs))
        params[k] = v;
    std::string dir = run_dir;
    if (coordinator != kDefaultCoordinator) dir += (dir.empty() ? "" : "/") + coordinator;
    if (!dir.empty() && params.count("dump_dir")) params["dump_dir"] += "/" + dir;
    return std::shared_ptr<schedulers::CoallocationPlanner>(planners.create(name, params));
  });
}

std::vector<std::pair<std::size_t, std::size_t>> request_shapes(
    const scenario::Settings& s, const std::vector<model::Request>& from_file) {
  std::set<std::pair<std::size_t, std::size_t>> shapes;
  if (scenario::read_config<WorkloadKeys>(s).generator == "gridars") {
    const auto c = gridars_config(s);
    for (int type : c.types) {
      const auto shape = workloads::type_shape(type, c.type4);
      shapes.emplace(shape.components, c.bandwidth > 0 ? shape.paths.size() : 0);
    }
  }
  for (const auto& r : from_file) {
    std::size_t flows = 0;
    for (const auto& pair : r.pairs) flows += pair.bandwidth > 0;
    shapes.emplace(r.components.size(), flows);
  }
  return {shapes.begin(), shapes.end()};
}

void check_planner_limits(const engine::Catalog& catalog, const scenario::Settings& s,
                          const platform::PlatformSize& platform,
                          const std::vector<std::pair<std::size_t, std::size_t>>& shapes) {
  for (const auto& c : coordinator_setups(s)) {
    const auto planner = make_planner(catalog, s, "", c.name);
    const auto* limited = dynamic_cast<const schedulers::LimitedPlanner*>(planner.get());
    if (limited == nullptr) continue;
    for (const auto& [components, flows] : shapes)
      if (auto why = limited->refuses({platform.sites, platform.paths, components, flows}))
        s.fail_message(c.planner_key, *why);
  }
}

void apply_site_overrides(const scenario::Settings& s, model::ResourceGraph& g) {
  const std::string pattern = "site.*.unit_value";
  for (const auto& name : scenario::names_set(s, pattern)) {
    const auto v = g.find_vertex(name);
    if (!v || g.vertex(*v).role != model::VertexRole::Site)
      s.fail_message(scenario::key_of(pattern, {name}),
                     "no compute site '" + name + "' in the platform");
    g.set_unit_value(*v, scenario::read_config<SiteKeys>(s, {name}).unit_value.value());
  }
}

}  // namespace arsim::kinds::coallocation
