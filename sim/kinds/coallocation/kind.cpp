#include "sim/kinds/coallocation/kind.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include <fmt/format.h>

#include "model/random.hpp"
#include "sim/engine/catalog.hpp"
#include "sim/engine/progress.hpp"
#include "sim/engine/run_info.hpp"
#include "sim/engine/simulation.hpp"
#include "sim/kinds/coallocation/actors/compute_rm.hpp"
#include "sim/kinds/coallocation/actors/grc.hpp"
#include "sim/kinds/coallocation/actors/network_rm.hpp"
#include "sim/kinds/coallocation/actors/user.hpp"
#include "sim/kinds/coallocation/config.hpp"
#include "sim/kinds/coallocation/failures/board.hpp"
#include "sim/kinds/coallocation/failures/coordinator_crashes.hpp"
#include "sim/kinds/coallocation/failures/process.hpp"
#include "sim/kinds/coallocation/output/auditor.hpp"
#include "sim/kinds/coallocation/transfers/launcher.hpp"
#include "sim/metrics/csv.hpp"
#include "sim/platform/platform_check.hpp"
#include "sim/scenario/config.hpp"
#include "workloads/request_file.hpp"

namespace arsim::kinds::coallocation {

namespace {

// `transfers`: what the GRCs start the transfers of their committed plans with; null when off.
void start_actors(const engine::Catalog& catalog, const scenario::RunSpec& spec, RunContext ctx,
                  const std::vector<model::Request>& requests, TransferStarter* transfers,
                  const FailureKeys& failure) {
  const auto& s = spec.settings;
  const auto& view = *ctx.platform;
  // With failures, every compute RM runs on the coordinator's host: its site's host may fail, the
  // RM does not (failures/board.hpp).
  for (int site : view.graph.sites())
    spawn<ComputeRm>("crm-" + view.graph.vertex(site).name,
                     ctx.failures ? view.grc_host : view.site_hosts.at(site).front(), ctx, site);
  // A network RM whose host fails starts again with its table when the host is back.
  for (const auto& [domain, host] : view.network_rm_hosts) {
    auto rm = spawn<NetworkRm>("nrm-" + domain, host, ctx, domain);
    if (ctx.control_faults) rm->set_auto_restart(true);
  }
  const auto setups = coordinator_setups(s);
  for (std::size_t i = 0; i < setups.size(); ++i) {
    const auto& c = setups[i];
    const GrcConfig gc{c.decision, c.timing, c.name, static_cast<int>(i)};
    const std::string name = c.name == kDefaultCoordinator ? "grc" : "grc-" + c.name;
    auto grc = std::make_shared<Grc>(
        ctx, make_planner(catalog, s, spec.single ? "" : spec.dir, c.name), gc, transfers);
    auto actor = start_grc(grc, name, view.grc_host);
    if (failure.coordinator_ttf > 0)
      spawn<CoordinatorCrashes>(
          "crashes-" + name, view.grc_host, grc, actor, name, failure.coordinator_ttf,
          failure.coordinator_ttr, failure.law,
          model::make_stream(scenario::read_config<scenario::ScenarioConfig>(s).seed,
                             static_cast<std::uint64_t>(spec.run_index),
                             "failure:coordinator:" + name),
          *ctx.events);
  }
  // One user actor per user that has requests, in file order of the scenario's users.
  std::vector<std::string> names = s.users();
  for (const auto& r : requests)
    if (std::find(names.begin(), names.end(), r.user) == names.end()) names.push_back(r.user);
  // One courier per coordinator from the users' host carries every submission of its users to
  // it, in submission order.
  std::map<std::string, std::shared_ptr<User::Submissions>> couriers;
  // Attempts of resubmission policies take ids after every id of the workload, in the order the
  // users make them.
  auto next_id = std::make_shared<int>(0);
  for (const auto& r : requests) *next_id = std::max(*next_id, r.id + 1);
  for (const auto& name : names) {
    std::vector<model::Request> mine;
    for (const auto& r : requests)
      if (r.user == name) mine.push_back(r);
    std::stable_sort(mine.begin(), mine.end(),
                     [](const auto& a, const auto& b) { return a.submit < b.submit; });
    if (mine.empty()) continue;
    auto& courier = couriers[coordinator_of(s, name)];
    if (!courier)
      courier =
          User::Submissions::start(grc_mailbox(coordinator_of(s, name)), view.user_host, ctx.retry);
    const Resubmission resubmission{resubmit_policy(s, name), next_id, ctx.events,
                                    ctx.failures != nullptr};
    spawn<User>("user-" + name, view.user_host, name, mine, courier, resubmission);
  }
}

// The coordinator of every declared user, for the auditor.
audit::CoordinatorOfUser users_coordinators(const scenario::Settings& s) {
  audit::CoordinatorOfUser out;
  out.fallback = kDefaultCoordinator;
  for (const auto& user : s.users()) out.by_user[user] = coordinator_of(s, user);
  return out;
}

// Whether the run has failures (the seeded process of failures.*, or `profiled`: state profiles
// in the platform), which transfers do not survive: a flow on a path that fails is not modelled.
bool check_failures(const scenario::Settings& s, bool profiled) {
  const bool failures = seeded_failures(failure_keys(s)) || profiled;
  if (failures && transfers::transfer_config(s).enabled)
    s.fail_message("transfers.enabled",
                   "transfers over paths that fail are not modelled: with failures (failures.* "
                   "keys or state profiles in the platform) set transfers.enabled=false");
  return failures;
}

AuditSetup audit_setup(const scenario::Settings& s, const platform::PlatformView& view) {
  AuditSetup setup{
      std::nullopt, users_coordinators(s), site_host_cores(view), metrics_config(s), {}};
  for (const auto& user : s.users()) setup.resubmit[user] = resubmit_policy(s, user);
  return setup;
}

}  // namespace

std::string Kind::description() const {
  return "GridARS co-allocation in SimGrid: users, a GRC with a planner, compute and network RMs "
         "with advance reservations (two-phase commit)";
}

void Kind::check(const engine::Catalog& catalog, const scenario::Settings& s) const {
  for (const auto& c : coordinator_setups(s)) make_planner(catalog, s, "", c.name);
  metrics_config(s);
  transfers::transfer_config(s);
  std::set<std::string> users;
  std::vector<model::Request> from_file;
  if (scenario::read_config<WorkloadKeys>(s).generator == "gridars") {
    gridars_config(s);
    users.insert(s.users().begin(), s.users().end());
  } else {
    from_file = make_workload(s, 0, 0);
    for (const auto& r : from_file) users.insert(r.user);
  }
  // SimGrid loads and routes the platform in a child process: what would stop a run stops check.
  const auto platform_keys = scenario::read_config<PlatformKeys>(s);
  const auto size =
      platform::check_platform_in_child(platform_keys.file, read_options(platform_keys));
  check_failures(s, size.profiles > 0);
  check_output_rows(s, size, users.size());
  check_planner_limits(catalog, s, size, request_shapes(s, from_file));
}

engine::RunOutcome Kind::run(const engine::Catalog& catalog, const scenario::RunSpec& spec,
                             const std::string& dir, const engine::RunOptions& options,
                             std::ostream& report) const {
  const scenario::Settings& s = spec.settings;
  const auto requests =
      make_workload(s, scenario::read_config<scenario::ScenarioConfig>(s).seed, spec.run_index);
  const auto mcfg = metrics_config(s);
  const auto platform_keys = scenario::read_config<PlatformKeys>(s);
  const std::string& platform_file = platform_keys.file;
  engine::Simulation sim(platform_file, options.verbose, read_options(platform_keys));
  apply_site_overrides(s, sim.view().graph);
  const auto failure = failure_keys(s);
  const bool failures = check_failures(s, !sim.view().profiled.empty());

  Recorder recorder;
  // Attempts of a resubmission policy are decided too, but how many there will be is not known.
  const char* decided =
      resubmits(s) ? "requests decided (attempts not in the total)" : "requests decided";
  engine::ProgressLine progress(dir, decided, requests.size(), options.progress);
  engine::CountingSink<Event, RequestDecided> counted(recorder, progress);
  // The actors' events go to the recorder alone: it starts nothing and changes no simulated state
  // (the GRCs start the transfers of the plans they commit).
  const auto transfers =
      transfers::start_transfers(s, spec.run_index, sim.view(), platform_file, counted);
  std::unique_ptr<FailureBoard> board;
  if (failures) {
    board = std::make_unique<FailureBoard>(sim.view(), counted, failure.retry);
    start_failure_processes(failure, sim.view(),
                            scenario::read_config<scenario::ScenarioConfig>(s).seed,
                            spec.run_index);
  }
  // With failures the actors record through the board, which hears the releases.
  EventSink& sink = board ? board->sink() : counted;
  const bool control_faults = failure.coordinator_ttf > 0 || sim.view().control_profiled;
  start_actors(catalog, spec, {&sim.view(), &sink, board.get(), control_faults, failure.retry},
               requests, transfers.get(), failure);
  const double end = sim.run();
  if (board) board->finish();
  RunRecord record = recorder.finish(end);
  record.failure_model = failures;
  for (const auto& c : coordinator_setups(s)) record.coordinators.push_back(c.name);
  record.transfers = transfers != nullptr;
  record.resubmission = resubmits(s);
  const std::size_t submitted = requests.size() + record.resubmissions.size();
  if (record.requests.size() != submitted)
    throw std::runtime_error("the run ended with " + std::to_string(record.requests.size()) +
                             " of " + std::to_string(submitted) + " requests decided");

  const auto& graph = sim.view().graph;
  const std::string workload_text = workloads::format_request_file(requests);
  metrics::write_atomically(dir + "/workload.txt", workload_text);
  write_run(dir, record, graph, mcfg);
  print_summary(report, record, graph, mcfg);

  engine::RunOutcome out;
  if (options.audit) out.violations = audit_run(dir, graph, audit_setup(s, sim.view()));
  double planning = 0, planning_cpu = 0;
  std::size_t accepted = 0;
  for (const auto& r : record.requests) {
    planning += r.planning_wall;
    planning_cpu += r.planning_cpu;
    accepted += r.outcome == Outcome::Accepted;
  }
  out.info = {{"platform", platform_file},
              {"platform_hash", engine::file_hash(platform_file)},
              {"workload_hash", engine::fnv1a_hex(workload_text)},
              {"requests", record.requests.size()},
              {"accepted", accepted},
              {"holds_granted", recorder.holds_granted()},
              {"simulated_end", record.end_time},
              {"planning_wall_seconds", engine::rounded(planning, 6)},
              {"planning_cpu_seconds", engine::rounded(planning_cpu, 6)}};
  return out;
}

std::vector<std::string> Kind::audit(const engine::Catalog&, const scenario::RunSpec& spec,
                                     const std::string& dir) const {
  const scenario::Settings& s = spec.settings;
  const auto platform_keys = scenario::read_config<PlatformKeys>(s);
  engine::Simulation sim(platform_keys.file, false, read_options(platform_keys));
  apply_site_overrides(s, sim.view().graph);
  return audit_run(dir, sim.view().graph, audit_setup(s, sim.view()));
}

std::vector<std::string> Kind::sweep_metrics() const {
  return {"submitted", "accepted", "success_ratio", "mean_time_deviation"};
}

std::optional<engine::RequestFile> Kind::request_file(const scenario::Settings& s,
                                                      int run_index) const {
  const auto seed = scenario::read_config<scenario::ScenarioConfig>(s).seed;
  const auto requests = make_workload(s, seed, run_index);
  return engine::RequestFile{
      workloads::format_request_file(
          requests, {fmt::format("generated by arsim from {} (seed {}, run {})", s.source(), seed,
                                 run_index)}),
      requests.size()};
}

}  // namespace arsim::kinds::coallocation
