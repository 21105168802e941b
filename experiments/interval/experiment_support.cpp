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

std::vector<ParamSpec> workload_params() {
  return {
      legacy_spec("granularity", ParamType::Double, "0.01", "g = mean duration / T, eq. (18)", {},
                  1e-6, 1e6),
      legacy_spec("tasks", ParamType::Int, "0",
                  "synthetic: N per period (0 = round(load / granularity))", {}, 0, 1e7),
      legacy_spec("load", ParamType::Double, "10",
                  "synthetic: B = N g of eq. (19), used when tasks = 0", {}, 1e-6, 1e7),
      legacy_spec("durations", ParamType::String, "constant",
                  "synthetic: constant (symmetric) or random (asymmetric) durations",
                  {"constant", "uniform", "lognormal"}),
      legacy_spec("duration_cv", ParamType::Double, "0",
                  "synthetic: duration standard deviation / mean (asymmetry)", {}, 0, 100),
      legacy_spec("dependent_fraction", ParamType::Double, "0",
                  "synthetic: share of tasks depending on an earlier one (§6.1.1)", {}, 0, 1),
      legacy_spec("trace", ParamType::Path, "",
                  "SWF trace (relative to the scenario file); empty = synthetic", {}),
      legacy_spec("window_start", ParamType::Int, "0",
                  "trace: index of the first job of the window", {}, 0, 1e9),
      legacy_spec("window_tasks", ParamType::Int, "1000", "trace: jobs in the window", {}, 1, 1e7),
  };
}

std::vector<ParamSpec> level_params() {
  return {
      legacy_spec("rho", ParamType::Double, "1", "utilization level: M = round(B / rho), eq. (22)",
                  {}, 1e-6, 1e6),
      legacy_spec("gain", ParamType::Double, "0",
                  "operational gain: M = round(N / G), eq. (27); 0 = use rho", {}, 0, 1e7),
      legacy_spec("resources", ParamType::Int, "0", "M itself; 0 = use gain or rho", {}, 0, 1e7),
  };
}

ParamSpec schedulers_param() {
  return legacy_spec("schedulers", ParamType::String, kAllSchedulers,
                     "comma-separated interval scheduler names", {});
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

Workload synthetic_workload(const Params& p, std::uint64_t seed, std::uint64_t realization) {
  workloads::SyntheticIntervalParams s;
  s.granularity = p.get_double("granularity");
  s.tasks = p.get_int("tasks") > 0
                ? p.get_int("tasks")
                : std::max(1, static_cast<int>(std::lround(p.get_double("load") / s.granularity)));
  s.durations = p.get_string("durations");
  s.duration_cv = p.get_double("duration_cv");
  s.dependent_fraction = p.get_double("dependent_fraction");
  Workload w;
  w.tasks = workloads::generate_intervals(s, seed, realization);
  return w;
}

// A window of the trace (workloads::swf_window), T from its mean run time.
Workload trace_workload(const Params& p) {
  const auto trace = workloads::read_swf(p.get_string("trace"));
  const long first = p.get_int("window_start");
  Workload w;
  try {
    w.tasks = workloads::swf_window(trace, static_cast<std::size_t>(first),
                                    static_cast<std::size_t>(p.get_int("window_tasks")));
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("{}: {}", p.get_string("trace"), e.what()));
  }
  double mean = 0;
  const double count = static_cast<double>(w.tasks.size());
  for (const auto& t : w.tasks) mean += t.duration() / count;
  if (!(mean > 0)) throw std::invalid_argument("trace window: every job has run time 0");
  w.period = mean / p.get_double("granularity");  // g = D_u / T, eq. (18)
  return w;
}

}  // namespace

Workload make_workload(const Params& p, std::uint64_t seed, std::uint64_t realization) {
  // The synthetic tasks are one period's requests (§6.1.1: N tasks, B = N g), even when a
  // dependent task asks to start after T; a trace window spans as many periods as its starts.
  if (p.get_string("trace").empty()) return synthetic_workload(p, seed, realization);
  Workload w = trace_workload(p);
  double last = w.origin;
  for (const auto& t : w.tasks) last = std::max(last, t.start);
  w.periods = std::max(1, static_cast<int>(std::floor((last - w.origin) / w.period)) + 1);
  return w;
}

int resources_for_level(const Params& p, const Workload& w) {
  if (p.get_int("resources") > 0) return p.get_int("resources");
  const LoadMetrics m = load_metrics(w.tasks, 1, w.period, w.periods);
  const double per_period = static_cast<double>(m.tasks) / m.periods;
  const double m_real =
      p.get_double("gain") > 0 ? per_period / p.get_double("gain") : m.load / p.get_double("rho");
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
