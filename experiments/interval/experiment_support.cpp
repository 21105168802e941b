#include "experiments/interval/experiment_support.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "workloads/intervals/swf.hpp"
#include "workloads/intervals/synthetic.hpp"

namespace arsim::experiments::interval {

using namespace schedulers::interval;
using namespace schedulers;

std::vector<ParamSpec> workload_params(const WorkloadOptions& d) {
  using W = WorkloadOptions;
  return {
      field_from(d, "granularity", &W::granularity)
          .at_least(1e-6)
          .at_most(1e6)
          .about("g = mean duration / T, eq. (18)"),
      field_from(d, "tasks", &W::tasks)
          .at_least(0)
          .at_most(1e7)
          .about("synthetic: N per period (0 = round(load / granularity))"),
      field_from(d, "load", &W::load)
          .at_least(1e-6)
          .at_most(1e7)
          .about("synthetic: B = N g of eq. (19), used when tasks = 0"),
      field_from(d, "durations", &W::durations)
          .one_of({"constant", "uniform", "lognormal"})
          .about("synthetic: constant (symmetric) or random (asymmetric) durations"),
      field_from(d, "duration_cv", &W::duration_cv)
          .at_least(0)
          .at_most(100)
          .about("synthetic: duration standard deviation / mean (asymmetry)"),
      field_from(d, "dependent_fraction", &W::dependent_fraction)
          .at_least(0)
          .at_most(1)
          .about("synthetic: share of tasks depending on an earlier one (§6.1.1)"),
      field_from(d, "trace", &W::trace)
          .path()
          .may_be_empty()
          .about("SWF trace (relative to the scenario file); empty = synthetic"),
      field_from(d, "window_start", &W::window_start)
          .at_least(0)
          .at_most(1e9)
          .about("trace: index of the first job of the window"),
      field_from(d, "window_tasks", &W::window_tasks)
          .at_least(1)
          .at_most(1e7)
          .about("trace: jobs in the window"),
  };
}

std::vector<ParamSpec> level_params() {
  using L = LevelOptions;
  return {
      field("rho", &L::rho)
          .at_least(1e-6)
          .at_most(1e6)
          .about("utilization level: M = round(B / rho), eq. (22)"),
      field("gain", &L::gain)
          .at_least(0)
          .at_most(1e7)
          .about("operational gain: M = round(N / G), eq. (27); 0 = use rho"),
      field("resources", &L::resources)
          .at_least(0)
          .at_most(1e7)
          .about("M itself; 0 = use gain or rho"),
  };
}

std::vector<std::string> parse_scheduler_list(const std::string& list,
                                              const IntervalRegistry& registry) {
  std::vector<std::string> names;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) {
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (item.empty()) continue;
    registry.get(item);  // throws ParamError listing the valid names
    names.push_back(item);
  }
  if (names.empty()) throw ParamError("experiment parameter 'schedulers': no scheduler named");
  return names;
}

namespace {

Workload synthetic_workload(const WorkloadOptions& o, std::uint64_t seed,
                            std::uint64_t realization) {
  workloads::SyntheticIntervalParams s;
  s.granularity = o.granularity;
  s.tasks =
      o.tasks > 0 ? o.tasks : std::max(1, static_cast<int>(std::lround(o.load / s.granularity)));
  s.durations = o.durations;
  s.duration_cv = o.duration_cv;
  s.dependent_fraction = o.dependent_fraction;
  Workload w;
  w.tasks = workloads::generate_intervals(s, seed, realization);
  return w;
}

// A window of the trace (workloads::swf_window), T from its mean run time.
Workload trace_workload(const WorkloadOptions& o) {
  const auto trace = workloads::read_swf(o.trace);
  const long first = o.window_start;
  Workload w;
  try {
    w.tasks = workloads::swf_window(trace, static_cast<std::size_t>(first),
                                    static_cast<std::size_t>(o.window_tasks));
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("{}: {}", o.trace, e.what()));
  }
  double mean = 0;
  const double count = static_cast<double>(w.tasks.size());
  for (const auto& t : w.tasks) mean += t.duration() / count;
  if (!(mean > 0)) throw std::invalid_argument("trace window: every job has run time 0");
  w.period = mean / o.granularity;  // g = D_u / T, eq. (18)
  return w;
}

}  // namespace

Workload make_workload(const WorkloadOptions& o, std::uint64_t seed, std::uint64_t realization) {
  // The synthetic tasks are one period's requests (§6.1.1: N tasks, B = N g), even when a
  // dependent task asks to start after T; a trace window spans as many periods as its starts.
  if (o.trace.empty()) return synthetic_workload(o, seed, realization);
  Workload w = trace_workload(o);
  double last = w.origin;
  for (const auto& t : w.tasks) last = std::max(last, t.start);
  w.periods = std::max(1, static_cast<int>(std::floor((last - w.origin) / w.period)) + 1);
  return w;
}

int resources_for_level(const LevelOptions& o, const Workload& w) {
  if (o.resources > 0) return o.resources;
  const LoadMetrics m = load_metrics(w.tasks, 1, w.period, w.periods);
  const double per_period = static_cast<double>(m.tasks) / m.periods;
  const double m_real = o.gain > 0 ? per_period / o.gain : m.load / o.rho;
  return std::max(1, static_cast<int>(std::lround(m_real)));
}

Evaluation evaluate(IntervalScheduler& scheduler, const Workload& w, int resources,
                    bool keep_stats) {
  Evaluation e;
  const auto t0 = std::chrono::steady_clock::now();
  e.run = run_periodic(scheduler, w.tasks, resources, w.period, w.origin, true);
  e.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  e.load = load_metrics(w.tasks, resources, w.period, w.periods);
  double work = 0, end = w.origin;
  std::vector<int> count(resources, 0);
  for (std::size_t i = 0; i < w.tasks.size(); ++i) {
    work += w.tasks[i].duration();
    end = std::max(end, e.run.schedule.start[i] + w.tasks[i].duration());
    ++count[e.run.schedule.resource[i]];
    e.max_shift =
        std::max(e.max_shift, std::abs(e.run.schedule.start[i] - w.tasks[i].start) / w.period);
  }
  e.utilization = end > w.origin ? work / (resources * (end - w.origin)) : 0;
  if (!w.tasks.empty())
    e.largest_share =
        static_cast<double>(*std::max_element(count.begin(), count.end())) / w.tasks.size();
  for (const auto& s : e.run.stats)
    if (auto it = s.values.find("deferred"); it != s.values.end())
      e.deferred += static_cast<int>(it->second);
  if (!keep_stats) e.run.stats.clear();
  return e;
}

TableBuilder& TableBuilder::add(const std::string& v) {
  row_.push_back(v);
  return *this;
}

TableBuilder& TableBuilder::add(double v) {
  return add(fmt::format("{}", v));
}
TableBuilder& TableBuilder::add(int v) {
  return add(std::to_string(v));
}
TableBuilder& TableBuilder::add(long v) {
  return add(std::to_string(v));
}

void TableBuilder::end_row() {
  if (row_.size() != table_.header.size())
    throw std::logic_error(
        fmt::format("result row of {} fields for {} columns", row_.size(), table_.header.size()));
  table_.rows.push_back(std::move(row_));
  row_.clear();
}

}  // namespace arsim::experiments::interval
