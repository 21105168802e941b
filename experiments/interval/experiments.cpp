#include "experiments/interval/experiments.hpp"

#include <algorithm>
#include <chrono>

#include "experiments/interval/experiment_support.hpp"

namespace arsim::experiments::interval {

using namespace schedulers::interval;
using namespace schedulers;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::vector<ParamSpec> concat(std::vector<ParamSpec> a, const std::vector<ParamSpec>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// The options of each experiment beyond its workload and level (experiment_support.hpp).
struct MinResourcesOptions {
  std::string schedulers = kAllSchedulers;
  int realizations = 1;
  int max_resources = 0;
  int scan_width = 0;
};
struct DeviationOptions {
  std::string schedulers = kAllSchedulers;
};
struct RuntimeOptions {
  std::string schedulers = kAllSchedulers;
  int repeats = 1;
};

// What every experiment comparing a list of interval schedulers holds: its workload and level, the
// registry it creates the schedulers from, and the names of the schedulers (`schedulers`).
class SchedulerListExperiment : public OfflineExperiment {
 protected:
  SchedulerListExperiment(const Params& p, const std::string& schedulers,
                          const IntervalRegistry& registry)
      : workload_(p.to<WorkloadOptions>()),
        level_(p.to<LevelOptions>()),
        registry_(registry),
        names_(parse_scheduler_list(schedulers, registry)) {}

  WorkloadOptions workload_;
  LevelOptions level_;
  const IntervalRegistry& registry_;
  std::vector<std::string> names_;
};

// Figs. 3–5 (§6.1): "the number of resources is selected in a way that no task overlapping is
// encountered". Each realization is one workload of §6.1.1 (the paper averages 500 of them); the
// scan starts at beta, the bound of eq. (21), and gives up past max_resources (resources = -1).
class MinResourcesExperiment : public SchedulerListExperiment {
 public:
  MinResourcesExperiment(const Params& p, const IntervalRegistry& registry)
      : MinResourcesExperiment(p, p.to<MinResourcesOptions>(), registry) {}

  ResultTable run(std::uint64_t seed, int run_index) override {
    TableBuilder t({"realization", "scheduler", "tasks", "granularity", "load", "beta", "resources",
                    "rho", "rho_max", "scan_limit", "evaluations", "search_seconds"});
    const int realizations = o_.realizations;
    for (int r = 0; r < realizations; ++r) {
      const long realization = static_cast<long>(run_index) * realizations + r;
      const Workload w = make_workload(workload_, seed, static_cast<std::uint64_t>(realization));
      const LoadMetrics m = load_metrics(w.tasks, 1, w.period, w.periods);
      for (const auto& name : names_) {
        const auto t0 = std::chrono::steady_clock::now();
        const auto make = [&] { return registry_.create(name, {}); };
        const int limit = scan_limit(m);
        const ZeroDeviationSearch s =
            smallest_zero_deviation_resources(make, w.tasks, w.period, w.origin, limit);
        const double seconds = seconds_since(t0);
        t.add(realization).add(name).add(m.tasks).add(m.g).add(m.load).add(m.beta).add(s.resources);
        if (s.resources > 0)
          t.add(m.load / s.resources);
        else
          t.add("");
        t.add(m.rho_max).add(limit).add(s.evaluations).add(seconds);
        t.end_row();
      }
    }
    return t.take();
  }

 private:
  MinResourcesExperiment(const Params& p, MinResourcesOptions o, const IntervalRegistry& registry)
      : SchedulerListExperiment(p, o.schedulers, registry), o_(std::move(o)) {}

  // The largest M tried: N (every task alone has no overlap), or less by max_resources, or
  // beta + scan_width. The literal SCS needs M = N at low granularity (its largest cluster holds
  // almost every task), so without a limit its scan costs N - beta solves.
  int scan_limit(const LoadMetrics& m) const {
    int limit = std::max(1, m.tasks);
    if (o_.max_resources > 0) limit = std::min(limit, o_.max_resources);
    if (o_.scan_width > 0) limit = std::min(limit, std::max(1, m.beta) + o_.scan_width);
    return limit;
  }

  MinResourcesOptions o_;
};

// Figs. 6–14 (§6.2): every scheduler on the same workload and the same M; D of eq. (23) against
// rho (eq. 22), G (eq. 27) and theta (eq. 26).
class DeviationExperiment : public SchedulerListExperiment {
 public:
  DeviationExperiment(const Params& p, const IntervalRegistry& registry)
      : SchedulerListExperiment(p, p.to<DeviationOptions>().schedulers, registry) {}

  ResultTable run(std::uint64_t seed, int run_index) override {
    TableBuilder t({"scheduler", "tasks",    "periods",     "period",        "granularity",
                    "load",      "beta",     "resources",   "rho",           "rho_max",
                    "gain",      "theta",    "deviation",   "utilization",   "largest_share",
                    "max_shift", "deferred", "activations", "solve_seconds", "wall_seconds"});
    const Workload w = make_workload(workload_, seed, static_cast<std::uint64_t>(run_index));
    const int resources = resources_for_level(level_, w);
    for (const auto& name : names_) {
      auto scheduler = registry_.create(name, {});
      const Evaluation e = evaluate(*scheduler, w, resources);
      const LoadMetrics& m = e.load;
      t.add(name).add(m.tasks).add(m.periods).add(m.period).add(m.g).add(m.load).add(m.beta).add(
          m.resources);
      t.add(m.rho).add(m.rho_max).add(m.gain).add(m.theta).add(e.run.deviation).add(e.utilization);
      t.add(e.largest_share).add(e.max_shift).add(e.deferred).add(e.run.activations);
      t.add(e.run.solve_seconds).add(e.wall_seconds);
      t.end_row();
    }
    return t.take();
  }
};

// Table 4 (§6.3): time in the scheduler, best of `repeats` runs on one workload; D is kept so the
// table shows what the time bought.
class RuntimeExperiment : public SchedulerListExperiment {
 public:
  RuntimeExperiment(const Params& p, const IntervalRegistry& registry)
      : SchedulerListExperiment(p, p.to<RuntimeOptions>().schedulers, registry),
        repeats_(p.to<RuntimeOptions>().repeats) {}

  ResultTable run(std::uint64_t seed, int run_index) override {
    TableBuilder t({"scheduler", "tasks", "periods", "granularity", "resources", "deviation",
                    "solve_seconds", "wall_seconds"});
    const Workload w = make_workload(workload_, seed, static_cast<std::uint64_t>(run_index));
    const int resources = resources_for_level(level_, w);
    for (const auto& name : names_) {
      double solve = 1e300, wall = 1e300, deviation = 0;
      for (int k = 0; k < repeats_; ++k) {
        auto scheduler = registry_.create(name, {});
        const Evaluation e = evaluate(*scheduler, w, resources);
        solve = std::min(solve, e.run.solve_seconds);
        wall = std::min(wall, e.wall_seconds);
        deviation = e.run.deviation;
      }
      t.add(name).add(static_cast<int>(w.tasks.size())).add(w.periods).add(workload_.granularity);
      t.add(resources).add(deviation).add(solve).add(wall);
      t.end_row();
    }
    return t.take();
  }

 private:
  int repeats_;
};

std::vector<ParamSpec> min_resources_params() {
  using O = MinResourcesOptions;
  return {schedulers_param(&O::schedulers),
          field("realizations", &O::realizations)
              .at_least(1)
              .at_most(1e6)
              .about("workloads per run (the paper: 500 per point)"),
          field("max_resources", &O::max_resources)
              .at_least(0)
              .at_most(1e7)
              .about("largest M tried (0 = N); beyond it resources = -1"),
          field("scan_width", &O::scan_width)
              .at_least(0)
              .at_most(1e7)
              .about("try M = beta .. beta + scan_width only (0 = no limit)")};
}

}  // namespace

void register_experiments(ExperimentRegistry& experiments, const IntervalRegistry& schedulers) {
  const IntervalRegistry* reg = &schedulers;
  experiments.add(
      {"scs-min-resources",
       "SCS Figs. 3-5: smallest M with zero time deviation per scheduler, rho = B/M against "
       "rho_max = B/beta",
       concat(workload_params(), min_resources_params()),
       [reg](const Params& p) { return std::make_unique<MinResourcesExperiment>(p, *reg); }});
  experiments.add(
      {"scs-deviation",
       "SCS Figs. 6-14: time deviation D (eq. 23) of every scheduler at one utilization level, "
       "synthetic or on an SWF trace window",
       concat(concat(workload_params(), level_params()),
              {schedulers_param(&DeviationOptions::schedulers)}),
       [reg](const Params& p) { return std::make_unique<DeviationExperiment>(p, *reg); }});
  experiments.add(
      {"scs-runtime", "SCS Table 4: scheduler run time of every scheduler on one workload",
       concat(concat(workload_params(), level_params()),
              {schedulers_param(&RuntimeOptions::schedulers),
               field("repeats", &RuntimeOptions::repeats)
                   .at_least(1)
                   .at_most(1000)
                   .about("runs per scheduler; the fastest is kept")}),
       [reg](const Params& p) { return std::make_unique<RuntimeExperiment>(p, *reg); }});
  register_analysis_experiments(experiments, schedulers);
}

}  // namespace arsim::experiments::interval
