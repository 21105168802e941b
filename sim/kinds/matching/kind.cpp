#include "sim/kinds/matching/kind.hpp"

#include <fmt/format.h>

#include "model/random.hpp"
#include "sim/actors/spawn.hpp"
#include "sim/engine/progress.hpp"
#include "sim/engine/run_info.hpp"
#include "sim/engine/simulation.hpp"
#include "sim/kinds/matching/actors/matcher_service.hpp"
#include "sim/kinds/matching/actors/provider.hpp"
#include "sim/kinds/matching/actors/submitter.hpp"
#include "sim/kinds/matching/config.hpp"
#include "sim/kinds/matching/output/audit.hpp"
#include "sim/kinds/matching/output/writers.hpp"
#include "sim/platform/platform_check.hpp"
#include "sim/scenario/config.hpp"

namespace arsim::kinds::matching {

namespace {

using workloads::matching::OnlineWorkload;

// Where the provider of each resource type runs (and the jobs matched to it): the first host of
// the platform's compute sites in turn, from the second on, as the first often hosts the matcher.
std::vector<sg4::Host*> type_hosts(const platform::PlatformView& view, std::size_t types) {
  std::vector<sg4::Host*> sites;
  for (int v : view.graph.sites()) sites.push_back(view.site_hosts.at(v).front());
  std::vector<sg4::Host*> out;
  for (std::size_t t = 0; t < types; ++t)
    out.push_back(sites.empty() ? view.grc_host : sites[(t + 1) % sites.size()]);
  return out;
}

void start_actors(const engine::Catalog& catalog, const scenario::Settings& s,
                  const platform::PlatformView& view, const OnlineWorkload& w, int run_index,
                  EventSink& events) {
  const std::uint64_t seed = scenario::read_config<scenario::ScenarioConfig>(s).seed;
  const MatchingConfig c = read_config(s);
  const auto run = static_cast<std::uint64_t>(run_index);
  const auto hosts = type_hosts(view, w.instance.types.size());
  const auto bg = background_params(s);
  const double limit = run_limit(s, w).seconds;
  for (std::size_t t = 0; t < w.instance.types.size(); ++t) {
    const std::string& name = w.instance.types[t].name;
    Background background(w.instance, static_cast<int>(t), bg,
                          model::make_stream(seed, run, "matching-background-" + name));
    actors::spawn<Provider>("provider-" + name, hosts[t], static_cast<int>(t),
                            std::move(background), c.report_period, &events, limit);
  }
  MatcherConfig config{match_policy(s), queue_policy(s), c.period, cost_model(s), hosts};
  config.limit = limit;
  config.deadline = deadline(s);
  actors::spawn<MatcherService>("matcher", view.grc_host, &w, &events, make_matcher(catalog, s),
                                std::move(config),
                                model::make_stream(seed, run, "matching-matcher"));
  std::vector<std::vector<int>> mine(w.submitters);
  for (std::size_t j = 0; j < w.submit.size(); ++j)
    mine[w.submitter[j]].push_back(static_cast<int>(j));
  for (int i = 0; i < w.submitters; ++i)
    if (!mine[i].empty())
      actors::spawn<Submitter>("submitter-" + std::to_string(i), view.user_host, i, mine[i], &w,
                               &events);
}

void print(std::ostream& report, const MatchingConfig& c, const std::vector<Metric>& m) {
  auto get = [&](const char* name) {
    for (const auto& x : m)
      if (x.name == name && x.resource.empty()) return x.value;
    return 0.0;
  };
  report << fmt::format(
      "{} jobs with {} ({}), batches of at most {}: {} completed, {} dropped, {} expired, {} "
      "rejected; mean "
      "wait {:.4g} s; {} batches of {:.3g} jobs, {:.4g} s each, matcher busy {:.3g}; "
      "utilisation {:.3g}\n",
      get("submitted"), c.algorithm, c.objective, c.batch_size, get("completed"), get("dropped"),
      get("expired"), get("rejected"), get("mean_wait"), get("batches"), get("mean_batch_size"),
      get("mean_matcher_time"), get("matcher_busy"), get("utilisation"));
}

}  // namespace

std::string Kind::description() const {
  return "the on-line Resource Matcher of Garbacki & Naik §4 in SimGrid: submitters, a job "
         "queue matched in batches by a resource matcher, periodic resource providers";
}

void Kind::check(const engine::Catalog& catalog, const scenario::Settings& s) const {
  check_matcher(catalog, s);
  check_limits(s, make_workload(s, scenario::read_config<scenario::ScenarioConfig>(s).seed, 0));
  // SimGrid loads the platform in a child process: what would stop a run stops check.
  platform::check_platform_in_child(read_config(s).platform, platform::ReadOptions{});
}

engine::RunOutcome Kind::run(const engine::Catalog& catalog, const scenario::RunSpec& spec,
                             const std::string& dir, const engine::RunOptions& options,
                             std::ostream& report) const {
  const auto& s = spec.settings;
  const MatchingConfig c = read_config(s);
  const OnlineWorkload w =
      make_workload(s, scenario::read_config<scenario::ScenarioConfig>(s).seed, spec.run_index);
  const std::string& platform_file = c.platform;
  engine::Simulation sim(platform_file, options.verbose);
  Recorder recorder(static_cast<int>(w.instance.jobs.size()));
  engine::ProgressLine progress(dir, "jobs finished", w.instance.jobs.size(), options.progress);
  engine::CountingSink<Event, JobFinished> events(recorder, progress);
  start_actors(catalog, s, sim.view(), w, spec.run_index, events);
  const double end = sim.run();
  if (!recorder.limit_reached().empty()) {
    const RunLimit limit = run_limit(s, w);
    s.fail_message(limit.key, fmt::format("the run reached its limit of {:g} s of simulated time "
                                          "({}): {}",
                                          limit.seconds, limit.because, recorder.limit_reached()));
  }
  const RunRecord record = recorder.finish(end);
  const OutputOptions output = output_options(s);
  write_run(dir, w, record, output);
  const auto metrics = summary_metrics(w, record, output);
  print(report, c, metrics);

  engine::RunOutcome out;
  if (options.audit) out.violations = audit_run(dir, w, audit_context(s));
  const bool measured = c.time == "measured";
  double wall = 0;
  std::size_t completed = 0;
  for (const auto& b : record.batches) wall += b.wall_seconds;
  for (const auto& j : record.jobs) completed += j.status == JobStatus::Completed;
  out.info = {{"platform", platform_file},
              {"matcher", c.algorithm},
              {"objective", c.objective},
              {"jobs", w.instance.jobs.size()},
              {"completed", completed},
              {"batches", record.batches.size()},
              {"arrival_rate", w.rate},
              {"simulated_end", record.end_time},
              {"matcher_time", measured ? "measured" : "model"},
              {"deterministic", !measured},
              {"matcher_wall_seconds", engine::rounded(wall, 6)}};
  return out;
}

std::vector<std::string> Kind::sweep_metrics() const {
  return {"completed",       "match_ratio",       "mean_wait",    "batches",
          "mean_batch_size", "mean_matcher_time", "matcher_busy", "utilisation"};
}

std::vector<std::string> Kind::audit(const engine::Catalog&, const scenario::RunSpec& spec,
                                     const std::string& dir) const {
  const auto& s = spec.settings;
  return audit_run(
      dir,
      make_workload(s, scenario::read_config<scenario::ScenarioConfig>(s).seed, spec.run_index),
      audit_context(s));
}

}  // namespace arsim::kinds::matching
