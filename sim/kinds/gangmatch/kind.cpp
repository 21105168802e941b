#include "sim/kinds/gangmatch/kind.hpp"

#include <filesystem>
#include <map>

#include <fmt/format.h>
#include <simgrid/s4u/Host.hpp>

#include "model/input_error.hpp"
#include "model/random.hpp"
#include "sim/engine/catalog.hpp"
#include "sim/engine/run_info.hpp"
#include "sim/engine/simulation.hpp"
#include "sim/kinds/gangmatch/actors/availability.hpp"
#include "sim/kinds/gangmatch/actors/collector.hpp"
#include "sim/kinds/gangmatch/actors/negotiator.hpp"
#include "sim/kinds/gangmatch/actors/resource_agent.hpp"
#include "sim/kinds/gangmatch/actors/submit_agent.hpp"
#include "sim/kinds/gangmatch/audit.hpp"
#include "sim/kinds/gangmatch/config.hpp"
#include "sim/kinds/gangmatch/writers.hpp"

namespace arsim::kinds::gangmatch {

namespace {

sg4::Host* host(const RunConfig& c, const std::string& name) {
  if (auto* h = sg4::Host::by_name_or_null(name)) return h;
  throw InputError(
      fmt::format("{}: no host '{}' (a gangmatching platform has hosts cm, submit, "
                  "licenses and ws0 ... ws<N-1>)",
                  c.platform, name));
}

// Starts every actor of the run; `users` and `pool` must outlive the simulation.
void start_actors(const RunConfig& c, const Workload& w, RunContext ctx,
                  std::shared_ptr<schedulers::GangMatcher> matcher, std::uint64_t seed,
                  int run_index) {
  sg4::Host* cm = host(c, "cm");
  spawn<Collector>("collector", cm, ctx);
  spawn<Negotiator>("negotiator", cm, ctx, std::move(matcher),
                    NegotiatorConfig{c.period, c.cost, c.horizon});
  auto resource = [&](const ResourceSpec& spec, sg4::Host* on, const AvailabilityConfig& a) {
    auto state = std::make_shared<ResourceState>(spec);
    spawn<ResourceAgent>(member_name(spec.id), on, ctx, state);
    auto rng = model::make_stream(seed, static_cast<std::uint64_t>(run_index),
                                  unavailability_stream(spec.id));
    auto periods = unavailability(rng, a, c.horizon);
    if (!periods.empty())
      spawn<Availability>(member_name(spec.id) + "-availability", on, ctx, state,
                          std::move(periods));
  };
  for (const auto& ws : w.workstations) resource(ws, host(c, member_name(ws.id)), c.owners);
  sg4::Host* licenses = host(c, "licenses");
  for (const auto& lic : w.licenses) resource(lic, licenses, c.external);
  std::map<std::string, std::vector<JobSpec>> by_user;  // sorted: agents start in name order
  for (const auto& j : w.jobs) by_user[j.user].push_back(j);
  sg4::Host* submit = host(c, "submit");
  for (auto& [user, jobs] : by_user)
    spawn<SubmitAgent>("submit-" + user, submit, ctx, user, std::move(jobs), c.horizon);
}

}  // namespace

std::string Kind::description() const {
  return "gangmatching in SimGrid (Raman et al.): submit, workstation and license agents, a "
         "matchmaker running a gang matcher every cycle, two-phase claiming";
}

void Kind::check(const engine::Catalog& catalog, const scenario::Settings& s) const {
  make_matcher(catalog, s);
  const RunConfig c = read_config(s);
  if (!std::filesystem::is_regular_file(c.platform))
    s.fail("platform.file", "an existing platform file");
}

engine::RunOutcome Kind::run(const engine::Catalog& catalog, const scenario::RunSpec& spec,
                             const std::string& dir, const engine::RunOptions& options,
                             std::ostream& report) const {
  const scenario::Settings& s = spec.settings;
  const RunConfig c = read_config(s);
  const std::uint64_t seed = s.get_uint64("scenario.seed");
  const Workload w = make_workload(c.workload, seed, spec.run_index);
  engine::Simulation sim(c.platform, options.verbose);
  Recorder recorder(w);
  AdPool pool;
  std::vector<std::string> users;
  for (const auto& j : w.jobs) users.push_back(j.user);
  start_actors(c, w, {&recorder, &pool, &users}, make_matcher(catalog, s), seed, spec.run_index);
  const RunRecord record = recorder.finish(sim.run());
  write_run(dir, record, c.bucket, c.horizon);

  const auto metrics = summary_metrics(record);
  auto metric = [&](const std::string& name) {
    for (const auto& [n, v] : metrics)
      if (n == name) return v;
    return 0.0;
  };
  report << fmt::format(
      "{} jobs, {} workstations, {} licenses with {}: {} finished, {} gangs ({} refused), {} "
      "cycles, {} probes, mean wait {:.6g} s\n",
      w.jobs.size(), w.workstations.size(), w.licenses.size(), c.matcher, metric("finished"),
      metric("gangs"), metric("refused_gangs"), metric("cycles"), metric("probes"),
      metric("mean_wait"));
  engine::RunOutcome out;
  if (options.audit)
    out.violations =
        audit_run(dir, {static_cast<int>(w.jobs.size()), static_cast<int>(w.workstations.size()),
                        static_cast<int>(w.licenses.size()), c.bucket, c.horizon});
  double wall = 0;
  for (const auto& cy : record.cycles) wall += cy.wall_seconds;
  out.info = {{"platform", engine::json_string(c.platform)},
              {"platform_hash", engine::json_string(engine::file_hash(c.platform))},
              {"matcher", engine::json_string(c.matcher)},
              {"jobs", std::to_string(w.jobs.size())},
              {"licenses", std::to_string(w.licenses.size())},
              {"finished", fmt::format("{}", metric("finished"))},
              {"cycles", std::to_string(record.cycles.size())},
              {"simulated_end", fmt::format("{}", record.end)},
              {"matcher_wall_seconds", fmt::format("{:.6f}", wall)}};
  return out;
}

std::vector<std::string> Kind::sweep_metrics() const {
  return {"finished",          "mean_wait",       "refused_gangs",           "refusals",
          "mean_cycle_probes", "mean_cycle_time", "workstation_utilisation", "license_utilisation",
          "makespan"};
}

}  // namespace arsim::kinds::gangmatch
