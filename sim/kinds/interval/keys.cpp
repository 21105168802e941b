// The scenario keys of the interval-scheduling kind (scenarios/README.md documents each).
#include "sim/kinds/interval/kind.hpp"

namespace arsim::kinds::interval {

namespace {
using base::field;
using scenario::key;
using T = scenario::ValueType;
using Synthetic = workloads::SyntheticIntervalParams;
const std::string kSynthetic = "workload.generator=intervals";
const std::string kSwf = "workload.generator=swf";
}  // namespace

// clang-format off
std::vector<scenario::KeySpec> Kind::keys() const {
  return {
      field("platform.file", &IntervalConfig::platform).path().need()
          .about("SimGrid platform file (`platforms/cluster128.xml`), relative to the scenario file"),
      field("workload.generator", &IntervalConfig::generator).need().one_of({"intervals", "swf"})
          .about("`intervals`: the synthetic tasks of SCS §6.1.1; `swf`: a window of an SWF trace"),
      field("workload.tasks", &Synthetic::tasks).at_least(1).at_most(kMaxTasks).only(kSynthetic)
          .about("N: tasks of the synthetic interval workload (SCS §6.1.1)"),
      field("workload.period", &Synthetic::period).above(0).only(kSynthetic)
          .about("T of the synthetic workload: requested starts uniform over [0, T)"),
      field("workload.granularity", &Synthetic::granularity).above(0).only(kSynthetic)
          .about("g = mean duration / T (SCS eq. 18)"),
      field("workload.duration_law", &Synthetic::durations).one_of({"constant", "uniform", "lognormal"})
          .only(kSynthetic).about("constant (symmetric) or varying (asymmetric) durations"),
      field("workload.duration_cv", &Synthetic::duration_cv).at_least(0).only(kSynthetic)
          .about("standard deviation / mean of asymmetric durations"),
      field("workload.dependent_fraction", &Synthetic::dependent_fraction).at_least(0).at_most(1).only(kSynthetic)
          .about("share of tasks depending on an earlier task (a DAG)"),
      field("workload.trace", &IntervalConfig::trace).path().need().only(kSwf)
          .about("SWF trace (Parallel Workloads Archive): submit time → requested start, run time → duration"),
      field("workload.first_job", &IntervalConfig::first_job).at_least(0).only(kSwf)
          .about("index of the first job of the trace used"),
      field("workload.jobs", &IntervalConfig::jobs).at_least(0).at_most(kMaxTasks).only(kSwf)
          .about("jobs used from `first_job` on (0 = all; the window holds at most 1,000,000 jobs)"),
      field("interval_rm.algorithm", &IntervalConfig::scheduler).need()
          .about("the interval scheduler the RM runs every period: a registered interval scheduler (`arsim list`)"),
      field("interval_rm.resources", &IntervalConfig::resources).at_least(1)
          .about("M: the first M compute sites in the order the platform declares them (m0, m1, m2, …, not name order); at most the platform's sites"),
      field("interval_rm.period", &IntervalConfig::rm_period).need().above(0)
          .about("T: the RM activates the scheduler once per period (SCS §2.3); `summary.csv` gives the metrics of SCS §5 per period of T (`sim/kinds/interval/README.md`), at most 1,000,000 rows (11, and 9 per period of T holding tasks)"),
      key("interval_rm.param.*", T::String).about("interval scheduler parameter, one of the scheduler's parameters (`arsim list`), from `<interval_rm><param name= value=>`"),
  };
}
// clang-format on

// The spellings before one vocabulary ("Old spellings" in scenarios/README.md).
std::vector<scenario::KeyAlias> Kind::aliases() const {
  return {{"interval_rm.scheduler", "interval_rm.algorithm"},
          {"interval.*", "interval_rm.param.*"}};
}

std::vector<scenario::ParamGroup> Kind::param_groups() const {
  return {{"interval_rm", "interval_rm.param."}};
}

}  // namespace arsim::kinds::interval
