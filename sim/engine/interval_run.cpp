#include "sim/engine/interval_run.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include <fmt/format.h>
#include <simgrid/s4u/Engine.hpp>

#include "schedulers/interval/metrics.hpp"
#include "sim/actors/interval_rm.hpp"
#include "sim/engine/run_info.hpp"
#include "sim/engine/setup.hpp"
#include "sim/metrics/csv.hpp"
#include "workloads/intervals/swf.hpp"
#include "workloads/intervals/synthetic.hpp"

namespace arsim::engine {

namespace sg4 = simgrid::s4u;

namespace {

std::vector<schedulers::IntervalTask> trace_tasks(const scenario::Settings& s) {
  workloads::SwfTrace trace;
  try {
    trace = workloads::read_swf(s.get_path("workload.trace"));
  } catch (const std::exception& e) {
    throw scenario::InputError(e.what());  // names the trace file and line
  }
  const auto first = static_cast<std::size_t>(s.get_int("workload.first_job"));
  if (first >= trace.tasks.size()) s.fail("workload.first_job", "an index below the trace's job count");
  return workloads::swf_window(trace, first, static_cast<std::size_t>(s.get_int("workload.jobs")));
}

std::string jobs_csv(const std::vector<schedulers::IntervalTask>& tasks,
                     const metrics::RunRecord& record, const model::ResourceGraph& g) {
  std::vector<const metrics::JobRecord*> by_task(tasks.size(), nullptr);
  for (const auto& j : record.jobs) by_task.at(j.request_id) = &j;
  metrics::CsvWriter w({"job_id", "submission_time", "requested_number_of_resources",
                        "requested_time", "starting_time", "execution_time", "finish_time",
                        "waiting_time", "allocated_resources", "final_state"});
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    const auto* j = by_task[i];
    if (!j) throw std::logic_error(fmt::format("task {} never ran", i));
    w.field(tasks[i].id).field(tasks[i].start).field(1).field(tasks[i].duration()).field(j->start);
    w.field(j->end - j->start).field(j->end).field(j->start - tasks[i].start);
    w.field(g.vertex(j->site).name).field("COMPLETED_SUCCESSFULLY");
    w.end_row();
  }
  return w.str();
}

}  // namespace

bool is_interval_workload(const scenario::Settings& s) {
  if (!s.has("workload.generator")) return false;
  const auto gen = s.get_string("workload.generator");
  return gen == "intervals" || gen == "swf";
}

std::vector<schedulers::IntervalTask> make_interval_tasks(const scenario::Settings& s,
                                                          std::uint64_t seed, int run_index) {
  if (s.get_string("workload.generator") == "swf") return trace_tasks(s);
  workloads::SyntheticIntervalParams p;
  p.tasks = static_cast<int>(s.get_int("workload.tasks"));
  p.period = s.get_double("workload.period");
  p.granularity = s.get_double("workload.granularity");
  p.durations = s.get_string("workload.duration_law");
  p.duration_cv = s.get_double("workload.duration_cv");
  p.dependent_fraction = s.get_double("workload.dependent_fraction");
  try {
    return workloads::generate_intervals(p, seed, run_index);
  } catch (const std::invalid_argument& e) {
    s.fail_message("workload.generator", e.what());
  }
}

void check_interval(const Catalog& reg, const scenario::Settings& s) {
  at_setting(s, "interval_rm.scheduler", [&] {
    reg.algorithms.intervals.validate(s.get_string("interval_rm.scheduler"), s.with_prefix("interval."));
  });
  if (s.get_string("workload.generator") == "intervals") make_interval_tasks(s, 0, 0);
}

int run_interval(const Catalog& reg, const scenario::RunSpec& spec,
                 const std::string& dir, std::ostream& report) {
  const auto wall_start = std::chrono::steady_clock::now();
  const auto& s = spec.settings;
  check_interval(reg, s);
  const auto tasks = make_interval_tasks(s, s.get_uint64("scenario.seed"), spec.run_index);
  const int m = static_cast<int>(s.get_int("interval_rm.resources"));
  const double period = s.get_double("interval_rm.period");

  int argc = 2;
  char arg0[] = "arsim", arg1[] = "--log=root.thresh:warning";
  char* argv[] = {arg0, arg1, nullptr};
  sg4::Engine engine(&argc, argv);
  const std::string platform_file = s.get_path("platform.file");
  engine.load_platform(platform_file);
  const auto view = platform::read_platform(engine, platform_file);
  auto sites = view.graph.sites();
  if (static_cast<int>(sites.size()) < m)
    s.fail("interval_rm.resources", fmt::format("at most the platform's {} sites", sites.size()));
  sites.resize(m);
  metrics::RunRecord record;
  auto scheduler = std::shared_ptr<schedulers::IntervalScheduler>(
      reg.algorithms.intervals.create(s.get_string("interval_rm.scheduler"), s.with_prefix("interval.")));
  actors::spawn<actors::IntervalRm>("interval-rm", view.grc_host, actors::RunContext{&view, &record},
                                    scheduler, tasks, actors::IntervalRmConfig{sites, period, 0});
  engine.run();

  std::vector<double> start(tasks.size(), 0);
  for (const auto& j : record.jobs) start.at(j.request_id) = j.start;
  const auto lm = schedulers::interval::load_metrics(tasks, m, period);
  const double d = schedulers::interval::time_deviation(tasks, start, period);
  metrics::CsvWriter summary({"metric", "user", "resource", "bucket_end", "value"});
  for (const auto& [name, value] :
       std::vector<std::pair<std::string, double>>{{"time_deviation", d}, {"tasks", lm.tasks},
                                                   {"resources", lm.resources}, {"g", lm.g},
                                                   {"B", lm.load}, {"beta", lm.beta},
                                                   {"rho", lm.rho}, {"rho_max", lm.rho_max},
                                                   {"G", lm.gain}, {"theta", lm.theta}})
    summary.field(name).field("all").empty().field("all").field(value).end_row();
  std::filesystem::create_directories(dir);
  metrics::write_atomically(dir + "/jobs.csv", jobs_csv(tasks, record, view.graph));
  metrics::write_atomically(dir + "/summary.csv", summary.str());
  report << fmt::format("{} tasks on {} resources with {}: D = {:.6g} (rho = {:.3g}, beta = {})\n",
                        tasks.size(), m, s.get_string("interval_rm.scheduler"), d, lm.rho, lm.beta);
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  write_run_json(dir, spec,
                 {{"platform", json_string(platform_file)},
                  {"scheduler", json_string(s.get_string("interval_rm.scheduler"))},
                  {"tasks", std::to_string(tasks.size())},
                  {"time_deviation", fmt::format("{}", d)}},
                 wall);
  return 0;
}

}  // namespace arsim::engine
