// The scenario keys of the interval-scheduling kind (scenarios/README.md documents each).
#include "sim/kinds/interval/kind.hpp"

namespace arsim::kinds::interval {

namespace {
using scenario::key;
using T = scenario::ValueType;
const std::string kSynthetic = "workload.generator=intervals";
const std::string kSwf = "workload.generator=swf";
}  // namespace

// clang-format off
std::vector<scenario::KeySpec> Kind::keys() const {
  return {
      key("platform.file", T::Path).need()
          .about("SimGrid platform file, relative to the scenario file"),
      key("workload.generator", T::String).need().one_of({"intervals", "swf"})
          .about("intervals: SCS §6.1.1 synthetic tasks; swf: a window of an SWF trace"),
      key("workload.tasks", T::Int).def("500").at_least(1).at_most(kMaxTasks).only(kSynthetic)
          .about("N: tasks of the synthetic interval workload (SCS §6.1.1)"),
      key("workload.period", T::Double).def("1").above(0).only(kSynthetic)
          .about("T of the synthetic workload: requested starts uniform over [0, T)"),
      key("workload.granularity", T::Double).def("0.02").above(0).only(kSynthetic)
          .about("g = mean duration / T (SCS eq. 18)"),
      key("workload.duration_law", T::String).def("constant").one_of({"constant", "uniform", "lognormal"})
          .only(kSynthetic).about("constant (symmetric) or varying (asymmetric) durations"),
      key("workload.duration_cv", T::Double).def("0").at_least(0).only(kSynthetic)
          .about("standard deviation / mean of asymmetric durations"),
      key("workload.dependent_fraction", T::Double).def("0").at_least(0).at_most(1).only(kSynthetic)
          .about("share of tasks that depend on an earlier task (DAG)"),
      key("workload.trace", T::Path).need().only(kSwf)
          .about("SWF trace (Parallel Workloads Archive); submit -> requested start, run time -> duration"),
      key("workload.first_job", T::Int).def("0").at_least(0).only(kSwf)
          .about("index of the first job of the trace to use"),
      key("workload.jobs", T::Int).def("0").at_least(0).at_most(kMaxTasks).only(kSwf)
          .about("jobs to use from first_job on (0 = all; the window holds at most 10^6 jobs)"),
      key("interval_rm.scheduler", T::String).need()
          .about("interval scheduler (registry name; checked by the registry)"),
      key("interval_rm.resources", T::Int).def("10").at_least(1)
          .about("M: resources, the first M compute sites, in the platform's order"),
      key("interval_rm.period", T::Double).need().above(0)
          .about("T: the scheduler runs once per period (SCS §2.3)"),
      key("interval.*", T::String).about("interval scheduler parameter (checked by the registry)"),
  };
}
// clang-format on

std::vector<scenario::ParamGroup> Kind::param_groups() const {
  return {{"interval_rm", "interval."}};
}

}  // namespace arsim::kinds::interval
