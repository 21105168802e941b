#include "sim/kinds/coallocation/settings.hpp"

#include <cmath>
#include <filesystem>
#include <map>
#include <set>

#include <fmt/format.h>

#include "workloads/request_file.hpp"

namespace arsim::kinds::coallocation {

namespace {

// The expected number of requests of one run, arrival_end / mean_interarrival summed over the
// users, may not exceed kMaxRequests; the key of the busiest user is named.
void check_request_count(const scenario::Settings& s, const workloads::GridarsConfig& c) {
  double expected = 0;
  std::size_t busiest = 0;
  for (std::size_t i = 0; i < c.users.size(); ++i) {
    expected += c.arrival_end / c.users[i].mean_interarrival;
    if (c.users[i].mean_interarrival < c.users[busiest].mean_interarrival) busiest = i;
  }
  if (c.users.empty() || expected <= kMaxRequests) return;
  s.fail_message("user." + c.users[busiest].name + ".mean_interarrival",
                 fmt::format("the users would submit {:.4g} requests per run (arrival_end / "
                             "mean_interarrival summed over the users); the limit is {:g}",
                             expected, kMaxRequests));
}

}  // namespace

workloads::GridarsConfig gridars_config(const scenario::Settings& s) {
  workloads::GridarsConfig c;
  c.users.clear();
  for (const auto& name : s.users())
    c.users.push_back({name, s.get_double("user." + name + ".mean_interarrival"),
                       s.get_double("user." + name + ".service_level")});
  c.arrival_end = s.get_double("workload.arrival_end");
  c.window_start = s.get_double("workload.window_start");
  c.window_end = s.get_double("workload.window_end");
  c.durations = s.get_doubles("workload.durations");
  c.cpus = s.get_ints("workload.cpus");
  c.bandwidth = s.get_double("workload.bandwidth");
  c.lst_factor = s.get_double("workload.lst_factor");
  c.types = s.get_ints("workload.types");
  c.cpu_draw = s.get_string("workload.cpu_draw") == "component" ? workloads::CpuDraw::PerComponent
                                                                : workloads::CpuDraw::PerRequest;
  c.type4 = s.get_string("workload.type4") == "complete" ? workloads::Type4Shape::Complete
                                                         : workloads::Type4Shape::Ring;
  if (s.has("workload.est_grain")) c.est_grain = s.get_double("workload.est_grain");
  try {
    workloads::validate(c);
  } catch (const std::invalid_argument& e) {
    s.fail_message("workload.generator", e.what());
  }
  check_request_count(s, c);
  return c;
}

MetricsConfig metrics_config(const scenario::Settings& s) {
  MetricsConfig m;
  m.bucket = s.get_double("output.bucket");
  m.horizon = s.get_double("output.horizon");
  m.arrival_end = s.get_double("workload.arrival_end");
  m.window_start = s.get_double("workload.window_start");
  m.window_end = s.get_double("workload.window_end");
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
  if (s.get_string("workload.generator") == "file") {
    try {
      return workloads::read_request_file(s.get_path("workload.file"));
    } catch (const workloads::InputError& e) {
      throw scenario::InputError(e.what());  // already names the request file and line
    }
  }
  return workloads::generate_gridars(gridars_config(s), seed, run_index);
}

namespace {
// The key that sets `attribute` for coordinator `name`: its own, else the <grc>'s.
std::string key_of(const scenario::Settings& s, const std::string& name,
                   const std::string& attribute) {
  const std::string own = "coordinator." + name + "." + attribute;
  return name != kDefaultCoordinator && s.has(own) ? own : "grc." + attribute;
}
}  // namespace

std::vector<CoordinatorSetup> coordinator_setups(const scenario::Settings& s) {
  std::vector<std::string> names{kDefaultCoordinator};
  names.insert(names.end(), s.coordinators().begin(), s.coordinators().end());
  std::vector<CoordinatorSetup> out;
  for (const auto& name : names) {
    CoordinatorSetup c;
    c.name = name;
    c.decision.frames = static_cast<int>(s.get_int(key_of(s, name, "frames")));
    c.decision.order = s.get_string(key_of(s, name, "order"));
    c.decision.plan_all = s.get_bool(key_of(s, name, "plan_all"));
    c.hold_timeout = s.get_double(key_of(s, name, "hold_timeout"));
    const std::string delay = key_of(s, name, "planning_delay");
    c.planning_delay = s.has(delay) ? s.get_double(delay) : 0;
    out.push_back(std::move(c));
  }
  return out;
}

std::string coordinator_of(const scenario::Settings& s, const std::string& user) {
  const std::string key = "user." + user + ".grc";
  return s.has(key) ? s.get_string(key) : kDefaultCoordinator;
}

std::shared_ptr<schedulers::CoallocationPlanner> make_planner(const engine::Catalog& catalog,
                                                              const scenario::Settings& s,
                                                              const std::string& run_dir,
                                                              const std::string& coordinator) {
  const std::string planner_key = key_of(s, coordinator, "planner");
  return engine::at_setting(s, planner_key, [&] {
    const auto& planners = catalog.algorithms.planners;
    const std::string name = s.get_string(planner_key);
    const auto& specs = planners.get(name).params;
    std::map<std::string, std::string> params;
    if (planner_key == "grc.planner") params = engine::algorithm_params(s, "planner.", specs);
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
  if (s.get_string("workload.generator") == "gridars") {
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
        s.fail_message(key_of(s, c.name, "planner"), *why);
  }
}

void apply_site_overrides(const scenario::Settings& s, model::ResourceGraph& g) {
  const std::string prefix = "site.", suffix = ".unit_value";
  for (const auto& [key, setting] : s.all()) {
    if (key.rfind(prefix, 0) != 0 || key.size() <= prefix.size() + suffix.size()) continue;
    const std::string name = key.substr(prefix.size(), key.size() - prefix.size() - suffix.size());
    const auto v = g.find_vertex(name);
    if (!v || g.vertex(*v).role != model::VertexRole::Site)
      s.fail_message(key, "no compute site '" + name + "' in the platform");
    g.set_unit_value(*v, s.get_double(key));
  }
}

}  // namespace arsim::kinds::coallocation
