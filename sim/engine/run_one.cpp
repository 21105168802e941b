#include "sim/engine/run_one.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <xbt/log.h>

#include "sim/actors/compute_rm.hpp"
#include "sim/actors/grc.hpp"
#include "sim/actors/network_rm.hpp"
#include "sim/actors/user.hpp"
#include "sim/engine/interval_run.hpp"
#include "sim/engine/offline.hpp"
#include "sim/engine/run_info.hpp"
#include "sim/engine/setup.hpp"
#include "sim/metrics/auditor.hpp"
#include "sim/metrics/csv.hpp"
#include "workloads/request_file.hpp"

XBT_LOG_NEW_CATEGORY(arsim, "arsim: advance-reservation co-allocation simulator");
XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_engine, arsim, "One simulation run");

namespace arsim::engine {

namespace sg4 = simgrid::s4u;

namespace {

void start_actors(const scenario::Settings& s, const Catalog& reg,
                  actors::RunContext ctx, const std::vector<model::Request>& requests) {
  const auto& view = *ctx.platform;
  for (int site : view.graph.sites())
    actors::spawn<actors::ComputeRm>("crm-" + view.graph.vertex(site).name,
                                     view.site_hosts.at(site).front(), ctx, site);
  for (const auto& [domain, host] : view.network_rm_hosts)
    actors::spawn<actors::NetworkRm>("nrm-" + domain, host, ctx, domain);
  actors::GrcConfig gc{static_cast<int>(s.get_int("grc.frames")), s.get_string("grc.order"),
                       s.get_double("grc.hold_timeout")};
  actors::spawn<actors::Grc>("grc", view.grc_host, ctx, make_planner(reg, s), gc);
  // One user actor per user that has requests, in file order of the scenario's users.
  std::vector<std::string> names = s.users();
  for (const auto& r : requests)
    if (std::find(names.begin(), names.end(), r.user) == names.end()) names.push_back(r.user);
  for (const auto& name : names) {
    std::vector<model::Request> mine;
    for (const auto& r : requests)
      if (r.user == name) mine.push_back(r);
    std::stable_sort(mine.begin(), mine.end(),
                     [](const auto& a, const auto& b) { return a.submit < b.submit; });
    if (!mine.empty()) actors::spawn<actors::User>("user-" + name, view.user_host, name, mine);
  }
}

}  // namespace

bool run_complete(const std::string& dir) {
  return std::filesystem::is_regular_file(std::filesystem::path(dir) / "run.json");
}

int run_one(const Catalog& reg, const scenario::RunSpec& spec,
            const std::string& dir, const RunOptions& options, std::ostream& report) {
  const auto wall_start = std::chrono::steady_clock::now();
  const scenario::Settings& s = spec.settings;
  if (s.get_string("scenario.kind") == "offline") return run_offline(reg, spec, dir, report);
  if (is_interval_workload(s)) return run_interval(reg, spec, dir, report);
  check_settings(reg, s);
  const auto requests = make_workload(s, s.get_uint64("scenario.seed"), spec.run_index);
  const auto mcfg = metrics_config(s);

  int argc = 2;
  std::string log = options.verbose ? "--log=arsim.thresh:info" : "--log=root.thresh:warning";
  char arg0[] = "arsim";
  char* argv[] = {arg0, log.data(), nullptr};
  sg4::Engine engine(&argc, argv);
  const std::string platform_file = s.get_path("platform.file");
  engine.load_platform(platform_file);
  auto view = platform::read_platform(engine, platform_file);
  apply_site_overrides(s, view.graph);

  metrics::RunRecord record;
  start_actors(s, reg, {&view, &record}, requests);
  engine.run();
  record.end_time = sg4::Engine::get_clock();
  std::sort(record.requests.begin(), record.requests.end(),
            [](const auto& a, const auto& b) { return a.request.id < b.request.id; });
  if (record.requests.size() != requests.size())
    throw std::runtime_error("the run ended with " + std::to_string(record.requests.size()) +
                             " of " + std::to_string(requests.size()) + " requests decided");

  std::filesystem::create_directories(dir);
  metrics::write_atomically(dir + "/workload.txt", workloads::format_request_file(requests));
  metrics::write_run(dir, record, view.graph, mcfg);
  metrics::print_summary(report, record, view.graph, mcfg);
  int status = 0;
  if (options.audit) {
    const auto violations = metrics::audit_run(dir, view.graph);
    for (const auto& v : violations) report << "audit: " << v << "\n";
    report << "audit: " << (violations.empty() ? "passed" : "FAILED") << " (" << dir << ")\n";
    status = violations.empty() ? 0 : 1;
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  write_run_info(dir, spec, record, platform_file, workloads::format_request_file(requests), wall);
  return status;
}

}  // namespace arsim::engine
