// What the SCS offline experiments (experiments.hpp) share: the workload of one run (synthetic,
// §6.1.1, or a window of an SWF trace, §6.1.2), the number of resources from a utilization or gain
// level (§5: rho = B / M, G = N / M), one scheduler's periodic run measured the way §6.2 reports
// it, and the rows of a result table.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "experiments/experiment.hpp"
#include "schedulers/interval/metrics.hpp"
#include "schedulers/interval/periodic.hpp"
#include "schedulers/interval_scheduler.hpp"

namespace arsim::experiments::interval {

using schedulers::IntervalRegistry;
using schedulers::IntervalScheduler;
using schedulers::IntervalTask;
using schedulers::Params;
using schedulers::ParamSpec;
using schedulers::interval::LoadMetrics;
using schedulers::interval::PeriodicRun;

// Every scheduler of the comparison, in report order: the literal SCS, its repair, then the
// baselines of §6.2 (hard and soft Maxima IS, the ECT family, the graph partitioners).
inline constexpr const char* kAllSchedulers =
    "scs,scs-ls,maxima-is,soft-maxima-is,ect,est-ect,edf-ect,si-ect,llf-ect,metis,scotch";

// The workload of a run (make_workload), as its parameters fill it.
struct WorkloadOptions {
  double granularity = 0.01;  // g = mean duration / T, eq. (18)
  int tasks = 0;              // synthetic: N per period; 0 = round(load / granularity)
  double load = 10;           // synthetic: B = N g of eq. (19)
  std::string durations = "constant";
  double duration_cv = 0;
  double dependent_fraction = 0;
  std::string trace;  // SWF file; empty = synthetic
  int window_start = 0;
  int window_tasks = 1000;
};

// The utilization level of a run (resources_for_level).
struct LevelOptions {
  double rho = 1;
  double gain = 0;
  int resources = 0;
};

// The declarations filling WorkloadOptions (defaults from `d`) and LevelOptions, appended to an
// experiment's own.
std::vector<ParamSpec> workload_params(const WorkloadOptions& d = {});
std::vector<ParamSpec> level_params();

// The comma-separated scheduler list of an experiment, filling `member`, default its initializer.
template <class C>
ParamSpec schedulers_param(std::string C::*member) {
  return schedulers::field("schedulers", member)
      .may_be_empty()
      .about("comma-separated interval scheduler names");
}

// A comma-separated list of registry names, each checked against `registry` (ParamError lists the
// valid names). Empty items are skipped.
std::vector<std::string> parse_scheduler_list(const std::string& list,
                                              const IntervalRegistry& registry);

struct Workload {
  std::vector<IntervalTask> tasks;
  double period = 1;  // T
  double origin = 0;  // start of the first period
  int periods =
      1;  // periods the tasks were requested in: 1 for synthetic, spanned starts for a trace
};

// From WorkloadOptions: generate_intervals (N = tasks, or round(load / g) when
// tasks = 0) with T = 1, or, when `trace` is set, jobs window_start .. window_start + window_tasks
// of the SWF file (workloads::swf_window; the offline kind resolves a relative path against the
// scenario file), T = mean duration / g, starts from the first job's submit time. `realization`
// selects the generator's run index (a trace window does not depend on it).
Workload make_workload(const WorkloadOptions& o, std::uint64_t seed, std::uint64_t realization);

// M for the level parameters: `resources` if > 0, else round(N / gain) if gain > 0, else
// round(B / rho); at least 1. N and B per period, as in load_metrics.
int resources_for_level(const LevelOptions& o, const Workload& workload);

// One periodic run of a scheduler (§2.3) and what §5–6 measure of it.
struct Evaluation {
  PeriodicRun run;
  LoadMetrics load;
  double utilization = 0;    // work / (M x (last actual finish - origin)): the busy share achieved
  double largest_share = 0;  // largest share of the tasks on one resource (the trap of scs.hpp)
  double max_shift = 0;      // largest |ST_a - ST| / T
  int deferred = 0;          // tasks placed by a later activation than their own period's
  double wall_seconds = 0;   // the whole periodic run, scheduler and execution
};

Evaluation evaluate(IntervalScheduler& scheduler, const Workload& workload, int resources,
                    bool keep_stats = false);

// A result table built row by row; numbers are written in shortest round-trip form, so equal
// values always give equal text.
class TableBuilder {
 public:
  explicit TableBuilder(std::vector<std::string> header) { table_.header = std::move(header); }
  TableBuilder& add(const std::string& v);
  TableBuilder& add(const char* v) { return add(std::string(v)); }
  TableBuilder& add(double v);
  TableBuilder& add(int v);
  TableBuilder& add(long v);
  // Ends the row; throws std::logic_error when it is not as wide as the header.
  void end_row();
  ResultTable take() { return std::move(table_); }

 private:
  ResultTable table_;
  std::vector<std::string> row_;
};

}  // namespace arsim::experiments::interval
