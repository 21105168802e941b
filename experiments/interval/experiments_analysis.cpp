// "scs-spectrum" and "scs-table1" (experiments.hpp).
#include <algorithm>
#include <cmath>
#include <functional>

#include <fmt/format.h>
#include <Eigen/Dense>

#include "experiments/interval/experiment_support.hpp"
#include "experiments/interval/experiments.hpp"
#include "schedulers/interval/execution.hpp"
#include "schedulers/interval/overlaps.hpp"

namespace arsim::experiments::interval {

using namespace schedulers::interval;
using namespace schedulers;

namespace {

bool ends_with_seconds(const std::string& s) {
  return s.size() >= 8 && s.compare(s.size() - 8, 8, "_seconds") == 0;
}

// All eigenvalues of A = L^{-1/2} Sigma L^{-1/2}, descending, built densely from eq. (2)
// (sigma_ij = 1 - w_ij, w_ij = overlap / (d_i + d_j), sigma_ii = 0), independently of the
// spectral folder's implicit operator: a check of the eigenvalues SCS reports.
std::vector<double> dense_spectrum(const std::vector<IntervalTask>& tasks) {
  const int n = static_cast<int>(tasks.size());
  Eigen::MatrixXd sigma = Eigen::MatrixXd::Ones(n, n);
  sigma.diagonal().setZero();
  for (const auto& pr : overlapping_pairs(tasks)) {
    const double w = pr.length / (tasks[pr.i].duration() + tasks[pr.j].duration());
    sigma(pr.i, pr.j) = sigma(pr.j, pr.i) = 1 - w;
  }
  const Eigen::VectorXd inv_sqrt = sigma.rowwise().sum().cwiseSqrt().cwiseInverse();
  const Eigen::MatrixXd a = inv_sqrt.asDiagonal() * sigma * inv_sqrt.asDiagonal();
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(a, Eigen::EigenvaluesOnly);
  std::vector<double> values(solver.eigenvalues().data(), solver.eigenvalues().data() + n);
  std::sort(values.rbegin(), values.rend());
  return values;
}

struct SpectrumOptions {
  std::string schedulers = "scs,scs-ls,est-ect,ect,soft-maxima-is,metis";
  int max_dense = 3000;
};
struct Table1Options {
  std::string schedulers = "maxima-is,soft-maxima-is,scs,scs-ls,est-ect,ect";
};

// The trap of scs.hpp made visible, at N = 500, M = 10, g = 0.02, rho = 1 by default. Long
// format: kind, scheduler, key, value.
class SpectrumExperiment : public OfflineExperiment {
 public:
  SpectrumExperiment(const Params& p, const IntervalRegistry& registry)
      : workload_(p.to<WorkloadOptions>()),
        level_(p.to<LevelOptions>()),
        o_(p.to<SpectrumOptions>()),
        registry_(registry),
        names_(parse_scheduler_list(o_.schedulers, registry)) {}

  ResultTable run(std::uint64_t seed, int run_index) override {
    TableBuilder t({"kind", "scheduler", "key", "value"});
    const Workload w = make_workload(workload_, seed, static_cast<std::uint64_t>(run_index));
    const int resources = resources_for_level(level_, w);
    const LoadMetrics m = load_metrics(w.tasks, resources, w.period, w.periods);
    const int n = static_cast<int>(w.tasks.size());
    for (const auto& [key, value] : {std::pair<const char*, double>{"tasks", n},
                                     {"resources", resources},
                                     {"granularity", m.g},
                                     {"rho", m.rho},
                                     {"beta", m.beta},
                                     {"minus_one_over_n_minus_1", n > 1 ? -1.0 / (n - 1) : 0.0}}) {
      t.add("workload").add("").add(key).add(value);
      t.end_row();
    }
    if (n <= o_.max_dense) {
      const auto spectrum = dense_spectrum(w.tasks);
      for (int k = 0; k < n; ++k) {
        t.add("dense_eigenvalue").add("").add(k).add(spectrum[k]);
        t.end_row();
      }
    }
    for (const auto& name : names_) add_scheduler(t, name, w, resources);
    return t.take();
  }

 private:
  void add_scheduler(TableBuilder& t, const std::string& name, const Workload& w, int resources) {
    auto scheduler = registry_.create(name, {});
    const Evaluation e = evaluate(*scheduler, w, resources, true);
    auto row = [&](const std::string& kind, const std::string& key, double value) {
      t.add(kind).add(name).add(key).add(value);
      t.end_row();
    };
    row("deviation", "D", e.run.deviation);
    row("deviation", "largest_share", e.largest_share);
    std::vector<int> per_resource(resources, 0);
    for (int r : e.run.schedule.resource) ++per_resource[r];
    std::sort(per_resource.rbegin(), per_resource.rend());
    for (int r = 0; r < resources; ++r)
      row("tasks_per_resource", std::to_string(r), per_resource[r]);
    if (e.run.stats.size() != 1) return;  // one activation: its spectrum and clusters
    const IntervalStats& s = e.run.stats.front();
    for (std::size_t k = 0; k < s.eigenvalues.size(); ++k)
      row("eigenvalue", std::to_string(k), s.eigenvalues[k]);
    std::vector<int> sizes = s.cluster_sizes;
    std::sort(sizes.rbegin(), sizes.rend());
    for (std::size_t k = 0; k < sizes.size(); ++k) row("cluster_size", std::to_string(k), sizes[k]);
    for (const auto& [key, value] : s.values)
      if (!ends_with_seconds(key)) row("stat", key, value);  // timings would break determinism
  }

  WorkloadOptions workload_;
  LevelOptions level_;
  SpectrumOptions o_;
  const IntervalRegistry& registry_;
  std::vector<std::string> names_;
};

// Fig. 1 / Table 1: eight tasks, two resources, T = 24. The requested times are derived from
// Table 1 in tests/unit/schedulers/interval/test_fig1_example.cpp (one of the 71 integer
// solutions).
std::vector<IntervalTask> fig1_tasks() {
  const double st[8] = {11, 5, 18, 3, 0, 16, 7, 11};
  const double d[8] = {1, 3, 1, 5, 6, 7, 10, 6};
  std::vector<IntervalTask> tasks;
  for (int k = 0; k < 8; ++k) tasks.push_back({k + 1, st[k], st[k] + d[k], -1, 0});
  return tasks;
}

std::string join_resources(const std::vector<int>& resource) {
  std::string out;
  for (int r : resource) {
    if (!out.empty()) out += ' ';
    out += r == kDeferred ? std::string("D") : std::to_string(r + 1);
  }
  return out;
}

// Table 1 recomputed: the SCS assignment printed in Table 1 (tasks 1, 2, 5, 6, 8 on #1) executed
// by §2.2, and every listed scheduler. Utilization counts the work placed in the first period
// (deferred tasks nowhere), deviation the whole periodic run (a deferred task starts at T).
class Table1Experiment : public OfflineExperiment {
 public:
  Table1Experiment(const Params& p, const IntervalRegistry& registry)
      : registry_(registry),
        names_(parse_scheduler_list(p.to<Table1Options>().schedulers, registry)) {}

  ResultTable run(std::uint64_t, int) override {
    TableBuilder t({"algorithm", "total_deviation", "utilization", "utilization_1", "utilization_2",
                    "assignment"});
    const auto tasks = fig1_tasks();
    const IntervalProblem p{tasks, 2, {}, 0, 24};
    auto add = [&](const std::string& name, const IntervalSchedule& first, double deviation) {
      const auto u = resource_utilization(p, first);
      t.add(name)
          .add(deviation)
          .add(utilization(p, first))
          .add(u[0])
          .add(u[1])
          .add(join_resources(first.resource));
      t.end_row();
    };
    const IntervalSchedule paper = schedule_partition(p, {0, 0, 1, 1, 0, 0, 1, 0}, 2);
    add("table1-scs-assignment", paper, total_deviation(tasks, paper.start));
    for (const auto& name : names_) {
      IntervalStats stats;
      const IntervalSchedule first = registry_.create(name, {})->schedule(p, stats);
      auto scheduler = registry_.create(name, {});
      add(name, first, run_periodic(*scheduler, tasks, 2, 24).total_deviation);
    }
    return t.take();
  }

 private:
  const IntervalRegistry& registry_;
  std::vector<std::string> names_;
};

}  // namespace

void register_analysis_experiments(ExperimentRegistry& experiments,
                                   const IntervalRegistry& schedulers) {
  const IntervalRegistry* reg = &schedulers;
  WorkloadOptions trap;  // the defaults of the trap: N = 500, g = 0.02
  trap.tasks = 500;
  trap.granularity = 0.02;
  std::vector<ParamSpec> spectrum = workload_params(trap);
  for (const auto& s : level_params()) spectrum.push_back(s);
  spectrum.push_back(schedulers_param(&SpectrumOptions::schedulers));
  spectrum.push_back(field("max_dense", &SpectrumOptions::max_dense)
                         .at_least(0)
                         .at_most(20000)
                         .about("largest N whose whole spectrum is computed densely"));
  experiments.add(
      {"scs-spectrum",
       "SCS trap analysis: spectrum of L^-1/2 Sigma L^-1/2, cluster sizes and D of SCS vs "
       "baselines",
       spectrum, [reg](const Params& p) { return std::make_unique<SpectrumExperiment>(p, *reg); }});
  experiments.add({"scs-table1",
                   "SCS Table 1: the Fig. 1 example, Maxima IS vs the SCS assignment vs ours",
                   {schedulers_param(&Table1Options::schedulers)},
                   [reg](const Params& p) { return std::make_unique<Table1Experiment>(p, *reg); }});
}

}  // namespace arsim::experiments::interval
