#include "sim/kinds/interval/kind.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include <fmt/format.h>

#include "schedulers/interval/period_metrics.hpp"
#include "sim/actors/spawn.hpp"
#include "sim/engine/catalog.hpp"
#include "sim/engine/progress.hpp"
#include "sim/engine/run_info.hpp"
#include "sim/engine/simulation.hpp"
#include "sim/kinds/interval/actors/interval_rm.hpp"
#include "sim/kinds/interval/output/audit.hpp"
#include "sim/kinds/interval/output/speed_log.hpp"
#include "sim/metrics/batsim_job.hpp"
#include "sim/metrics/csv.hpp"
#include "sim/platform/platform_check.hpp"
#include "sim/platform/platform_order.hpp"
#include "sim/scenario/config.hpp"
#include "workloads/intervals/swf.hpp"
#include "workloads/intervals/synthetic.hpp"

namespace arsim::kinds::interval {

namespace {

std::vector<model::IntervalTask> trace_tasks(const scenario::Settings& s, const IntervalConfig& c) {
  workloads::SwfTrace trace;
  try {
    trace = workloads::read_swf(c.trace);
  } catch (const std::exception& e) {
    throw scenario::InputError(e.what());  // names the trace file and line
  }
  const auto first = static_cast<std::size_t>(c.first_job);
  if (first >= trace.tasks.size())
    s.fail("workload.first_job", "an index below the trace's job count");
  auto window = workloads::swf_window(trace, first, static_cast<std::size_t>(c.jobs));
  if (static_cast<long long>(window.size()) > kMaxTasks)
    s.fail("workload.jobs", fmt::format("a window of at most {} jobs (0 takes the trace's {} from "
                                        "first_job on)",
                                        kMaxTasks, window.size()));
  return window;
}

// summary.csv holds 11 rows and 9 per period of T holding tasks: refuses a T that would write
// more than kMaxSummaryRows. The synthetic tasks' chains start in [0, workload.period), whatever
// the seed; a trace's periods are counted.
void check_summary_rows(const scenario::Settings& s,
                        const std::vector<model::IntervalTask>& tasks) {
  const IntervalConfig c = read_config(s);
  const double period = c.rm_period;
  double periods = 0;
  if (c.generator == "swf") {
    const auto k = schedulers::interval::request_periods(tasks, period);
    periods = static_cast<double>(std::set<long>(k.begin(), k.end()).size());
  } else {
    periods =
        std::min(static_cast<double>(tasks.size()), std::ceil(synthetic_params(s).period / period));
  }
  const double rows = 11 + 9 * periods;
  if (rows > static_cast<double>(kMaxSummaryRows))
    s.fail_message("interval_rm.period",
                   fmt::format("summary.csv would hold up to {:.0f} rows (11, and 9 per period of "
                               "T holding tasks), above the limit of {}: expected a longer period",
                               rows, kMaxSummaryRows));
}

std::string jobs_csv(const std::vector<model::IntervalTask>& tasks,
                     const std::vector<metrics::JobRecord>& finished,
                     const model::ResourceGraph& g) {
  std::vector<const metrics::JobRecord*> by_task(tasks.size(), nullptr);
  for (const auto& j : finished) by_task.at(j.request_id) = &j;
  std::vector<metrics::BatsimJob> rows;
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    const auto* j = by_task[i];
    if (!j) throw std::logic_error(fmt::format("task {} never ran", i));
    metrics::BatsimJob row;
    row.job_id = std::to_string(tasks[i].id);
    row.requested_number_of_resources = 1;
    row.requested_time = tasks[i].duration();
    row.set_times(tasks[i].start, j->start, j->end);
    row.allocated_resources = g.vertex(j->site).name;
    row.final_state = metrics::kCompleted;
    rows.push_back(std::move(row));
  }
  return metrics::rows_csv(metrics::batsim_job_columns(), rows);
}

// The run's metrics (bucket_end "all"), then those of every period holding tasks (bucket_end: the
// period's end, s).
std::string summary_csv(const schedulers::interval::RunMetrics& m) {
  metrics::CsvWriter summary({"metric", "user", "resource", "bucket_end", "value"});
  auto rows = [&](const std::string& bucket, const schedulers::interval::LoadMetrics& l,
                  double deviation, bool run) {
    auto row = [&](const char* name, double value) {
      summary.field(name).field("all").empty().field(bucket).field(value).end_row();
    };
    row("time_deviation", deviation);
    row("tasks", l.tasks);
    if (run) row("resources", l.resources);
    if (run) row("periods", static_cast<double>(m.spanned));
    row("g", l.g);
    row("B", l.load);
    row("beta", l.beta);
    row("rho", l.rho);
    row("rho_max", l.rho_max);
    row("G", l.gain);
    row("theta", l.theta);
  };
  rows("all", m.load, m.deviation, true);
  for (const auto& p : m.periods) rows(metrics::format_number(p.end), p.load, p.deviation, false);
  return summary.str();
}

}  // namespace

// The first M compute sites in the order the platform declares them (not SimGrid's name order,
// where m10 comes before m2).
std::vector<int> resource_sites(const scenario::Settings& s, const platform::PlatformView& view) {
  const int m = read_config(s).resources;
  auto sites = platform::sites_in_platform_order(*simgrid::s4u::Engine::get_instance(), view);
  if (static_cast<int>(sites.size()) < m)
    s.fail("interval_rm.resources", fmt::format("at most the platform's {} sites", sites.size()));
  sites.resize(m);
  return sites;
}

std::vector<model::IntervalTask> make_tasks(const scenario::Settings& s, std::uint64_t seed,
                                            int run_index) {
  const IntervalConfig c = read_config(s);
  if (c.generator == "swf") return trace_tasks(s, c);
  try {
    return workloads::generate_intervals(synthetic_params(s), seed, run_index);
  } catch (const std::invalid_argument& e) {
    s.fail_message("workload.generator", e.what());
  }
}

std::string Kind::description() const {
  return "interval scheduling (SCS) in SimGrid: an RM activating an interval scheduler every "
         "period over M sites, tasks run at their actual starts";
}

namespace {
std::shared_ptr<schedulers::IntervalScheduler> make_scheduler(const engine::Catalog& catalog,
                                                              const scenario::Settings& s) {
  return engine::at_setting(s, "interval_rm.algorithm", [&] {
    const auto& schedulers = catalog.algorithms.intervals;
    const std::string name = read_config(s).scheduler;
    return std::shared_ptr<schedulers::IntervalScheduler>(schedulers.create(
        name, engine::algorithm_params(s, "interval_rm.param.", schedulers.get(name).params)));
  });
}
}  // namespace

void Kind::check(const engine::Catalog& catalog, const scenario::Settings& s) const {
  make_scheduler(catalog, s);
  // A trace is read as a run reads it: a bad line stops check, not the run.
  check_summary_rows(s, make_tasks(s, 0, 0));
  // SimGrid loads the platform in a child process: what would stop a run stops check.
  platform::check_platform_in_child(read_config(s).platform, platform::ReadOptions{});
}

engine::RunOutcome Kind::run(const engine::Catalog& catalog, const scenario::RunSpec& spec,
                             const std::string& dir, const engine::RunOptions& options,
                             std::ostream& report) const {
  const auto& s = spec.settings;
  const IntervalConfig c = read_config(s);
  const auto tasks =
      make_tasks(s, scenario::read_config<scenario::ScenarioConfig>(s).seed, spec.run_index);
  const double period = c.rm_period;
  const std::string& platform_file = c.platform;
  engine::Simulation sim(platform_file, options.verbose);
  const auto sites = resource_sites(s, sim.view());
  const SpeedLog speeds(lane_hosts(sim.view(), sites));
  const int m = static_cast<int>(sites.size());
  Recorder recorder;
  engine::ProgressLine progress(dir, "tasks finished", tasks.size(), options.progress);
  engine::CountingSink<Event, TaskFinished> events(recorder, progress);
  auto scheduler = make_scheduler(catalog, s);
  actors::spawn<IntervalRm>("interval-rm", sim.view().grc_host, &sim.view(), &events, scheduler,
                            tasks, IntervalRmConfig{sites, period, 0});
  sim.run();

  std::vector<double> start(tasks.size(), 0);
  for (const auto& j : recorder.finished) start.at(j.request_id) = j.start;
  const auto rm = schedulers::interval::run_metrics(tasks, start, m, period);
  metrics::write_atomically(dir + "/jobs.csv",
                            jobs_csv(tasks, recorder.finished, sim.view().graph));
  metrics::write_atomically(dir + "/summary.csv", summary_csv(rm));
  report << fmt::format("{} tasks on {} resources with {}: D = {:.6g} (rho = {:.3g}, beta = {})\n",
                        tasks.size(), m, c.scheduler, rm.deviation, rm.load.rho, rm.load.beta);
  engine::RunOutcome out;
  if (options.audit)
    out.violations = audit_run(dir, {audited_resources(sim.view(), sites, speeds), period, tasks});
  out.info = {{"platform", platform_file}, {"scheduler", c.scheduler},
              {"tasks", tasks.size()},     {"activations", recorder.activations.size()},
              {"periods", rm.spanned},     {"time_deviation", rm.deviation}};
  return out;
}

std::vector<std::string> Kind::sweep_metrics() const {
  return {"time_deviation", "periods", "B", "rho", "rho_max", "G"};
}

}  // namespace arsim::kinds::interval
