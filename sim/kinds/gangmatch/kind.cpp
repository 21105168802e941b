#include "sim/kinds/gangmatch/kind.hpp"

#include <cmath>
#include <filesystem>

#include <fmt/format.h>

#include "schedulers/gangmatch/limited.hpp"
#include "sim/engine/catalog.hpp"
#include "sim/engine/progress.hpp"
#include "sim/engine/run_info.hpp"
#include "sim/engine/simulation.hpp"
#include "sim/kinds/gangmatch/actors/start.hpp"
#include "sim/kinds/gangmatch/config.hpp"
#include "sim/kinds/gangmatch/output/audit.hpp"
#include "sim/kinds/gangmatch/output/writers.hpp"
#include "sim/platform/platform_check.hpp"
#include "sim/scenario/config.hpp"

namespace arsim::kinds::gangmatch {

namespace {

AuditContext audit_context(const RunConfig& c, const Workload& w) {
  return {static_cast<int>(w.jobs.size()),
          static_cast<int>(w.workstations.size()),
          static_cast<int>(w.licenses.size()),
          c.bucket,
          c.horizon,
          c.cost()};
}

// The largest pool a cycle of the run can hold: every job a root, every resource available. A
// later cycle holds fewer of them (matched ads leave, a license in use withdraws its ad, an
// owner's ad matches nothing), so what a matcher can do on this pool it can do in every cycle.
model::gang::GangProblem largest_pool(const Workload& w) {
  model::gang::GangProblem p;
  p.clock = 0;
  for (const auto& j : w.jobs) {
    p.roots.push_back(static_cast<int>(p.ads.size()));
    p.ads.push_back(j.ad);
  }
  for (const auto* list : {&w.workstations, &w.licenses})
    for (const auto& r : *list) p.ads.push_back(r.available);
  return p;
}

}  // namespace

std::string Kind::description() const {
  return "gangmatching in SimGrid (Raman et al.): submit, workstation and license agents, a "
         "matchmaker running a gang matcher every cycle, two-phase claiming";
}

void Kind::check(const engine::Catalog& catalog, const scenario::Settings& s) const {
  auto matcher = make_matcher(catalog, s);
  const RunConfig c = read_config(s);
  const auto run_config = scenario::read_config<scenario::ScenarioConfig>(s);
  const std::uint64_t seed = run_config.seed;
  auto* limited = dynamic_cast<schedulers::gangmatch::LimitedMatcher*>(matcher.get());
  for (long long run = 0; limited && run < run_config.runs; ++run)
    if (auto why = limited->refuses(
            largest_pool(make_workload(c.workload(), seed, static_cast<int>(run)))))
      s.fail_message("matchmaker.algorithm", fmt::format("run {}: {}", run, *why));
  if (!std::filesystem::is_regular_file(c.platform))
    s.fail("platform.file", "an existing platform file");
  // SimGrid loads the platform in a child process: what would stop a run stops check.
  platform::check_platform_in_child(c.platform, platform::ReadOptions{});
}

engine::RunOutcome Kind::run(const engine::Catalog& catalog, const scenario::RunSpec& spec,
                             const std::string& dir, const engine::RunOptions& options,
                             std::ostream& report) const {
  const scenario::Settings& s = spec.settings;
  const RunConfig c = read_config(s);
  const std::uint64_t seed = scenario::read_config<scenario::ScenarioConfig>(s).seed;
  const Workload w = make_workload(c.workload(), seed, spec.run_index);
  engine::Simulation sim(c.platform, options.verbose);
  Recorder recorder(w);
  engine::ProgressLine progress(dir, "jobs finished", w.jobs.size(), options.progress);
  engine::CountingSink<Event, JobFinished> events(recorder, progress);
  AdPool pool;
  std::vector<std::string> users;
  for (const auto& j : w.jobs) users.push_back(j.user);
  start_actors(c, w, {&events, &pool, &users}, make_matcher(catalog, s),
               unavailable_periods(c, w, seed, spec.run_index));
  const RunRecord record = recorder.finish(sim.run());
  write_run(dir, record, c.bucket, c.horizon);

  const auto metrics = summary_metrics(record);
  auto metric = [&](const std::string& name) {
    for (const auto& [n, v] : metrics)
      if (n == name) return v;
    return 0.0;
  };
  const double wait = metric("mean_wait");  // NaN when no job started
  report << fmt::format(
      "{} jobs, {} workstations, {} licenses with {}: {} finished, {} gangs ({} refused), {} "
      "cycles, {} probes, {}\n",
      w.jobs.size(), w.workstations.size(), w.licenses.size(), c.matcher, metric("finished"),
      metric("gangs"), metric("refused_gangs"), metric("cycles"), metric("probes"),
      std::isnan(wait) ? std::string("no job started") : fmt::format("mean wait {:.6g} s", wait));
  engine::RunOutcome out;
  if (options.audit) out.violations = audit_run(dir, audit_context(c, w));
  double wall = 0;
  for (const auto& cy : record.cycles) wall += cy.wall_seconds;
  out.info = {{"platform", c.platform},
              {"platform_hash", engine::file_hash(c.platform)},
              {"matcher", c.matcher},
              {"jobs", w.jobs.size()},
              {"licenses", w.licenses.size()},
              {"finished", metric("finished")},
              {"cycles", record.cycles.size()},
              {"simulated_end", record.end},
              {"matcher_wall_seconds", engine::rounded(wall, 6)}};
  return out;
}

std::vector<std::string> Kind::sweep_metrics() const {
  return {"finished",          "mean_wait",       "refused_gangs",           "refusals",
          "mean_cycle_probes", "mean_cycle_time", "workstation_utilisation", "license_utilisation",
          "makespan"};
}

std::vector<std::string> Kind::audit(const engine::Catalog&, const scenario::RunSpec& spec,
                                     const std::string& dir) const {
  const RunConfig c = read_config(spec.settings);
  const Workload w = make_workload(
      c.workload(), scenario::read_config<scenario::ScenarioConfig>(spec.settings).seed,
      spec.run_index);
  return audit_run(dir, audit_context(c, w));
}

}  // namespace arsim::kinds::gangmatch
