// The scenario keys of the gangmatching kind; scenarios/README.md documents each (a test checks
// every pattern is mentioned there).
#include "sim/kinds/gangmatch/config.hpp"
#include "sim/kinds/gangmatch/kind.hpp"

namespace arsim::kinds::gangmatch {

namespace {
using scenario::key;
using T = scenario::ValueType;
}  // namespace

// clang-format off
std::vector<scenario::KeySpec> Kind::keys() const {
  return {
      key("platform.file", T::Path).need()
          .about("SimGrid platform file with hosts cm, submit, licenses and ws0, ws1, ... (platforms/condor_pool.xml)"),
      key("workload.jobs", T::Int).def("100").at_least(1)
          .about("N: jobs, and as many workstations (Raman et al. §6)"),
      key("workload.license_density", T::Double).def("1").at_least(0).at_most(100)
          .about("L: round(L N) licenses"),
      key("workload.selectivity", T::Int).def("1").at_least(1)
          .about("S: partitions of workstations and licenses; a license is valid in its partition only"),
      key("workload.platforms", T::Int).def("7").at_least(1).at_most(7)
          .about("(Arch, OpSys) pairs in use, most common first"),
      key("workload.request_scale", T::Int).def("1").at_least(1).at_most(16)
          .about("jobs ask for this many times the default memory"),
      key("workload.arrival", T::String).def("batch").one_of({"batch", "poisson"})
          .about("batch: every job submitted at time 0; poisson: exponential inter-arrival times"),
      key("workload.mean_interarrival", T::Double).def("60").above(0).at_most(kMaxSeconds).only("workload.arrival=poisson")
          .about("mean time between two submissions (s)"),
      key("workload.durations", T::Doubles).def("3600").above(0).at_most(kMaxSeconds)
          .about("job durations, each job's drawn uniformly (s)"),
      key("matchmaker.matcher", T::String).def("dynamic")
          .about("gang matcher the negotiator runs every cycle (registry name)"),
      key("matchmaker.period", T::Double).def("60").above(0).at_most(kMaxSeconds)
          .about("time between the starts of two negotiation cycles (s)"),
      key("matchmaker.probe_cost", T::Double).def("0.00136").at_least(0).at_most(kMaxStepCost)
          .about("simulated seconds a cycle spends per index probe"),
      key("matchmaker.evaluation_cost", T::Double).def("0").at_least(0).at_most(kMaxStepCost)
          .about("simulated seconds a cycle spends per constraint evaluation"),
      key("matcher.*", T::String)
          .about("gang matcher parameter (checked by the registry), from <matchmaker><param>"),
      key("workstations.owner_return_rate", T::Double).def("0").at_least(0)
          .about("rate at which an away owner comes back (1/s); 0: owners never come back"),
      key("workstations.owner_stay", T::Double).def("1800").above(0).at_most(kMaxSeconds)
          .about("mean time an owner stays (s)"),
      key("licenses.external_rate", T::Double).def("0").at_least(0)
          .about("rate at which a free license is taken outside the pool (1/s); 0: never"),
      key("licenses.external_hold", T::Double).def("1800").above(0).at_most(kMaxSeconds)
          .about("mean time a license is used outside the pool (s)"),
      key("output.bucket", T::Double).def("3600").above(0).at_most(kMaxSeconds)
          .about("width of the buckets of utilisation.csv (s)"),
      key("output.horizon", T::Double).def("86400").above(0).at_most(kMaxSeconds)
          .about("no submission, cycle or claim after it (s); end of the buckets"),
  };
}
// clang-format on

std::vector<scenario::ParamGroup> Kind::param_groups() const {
  return {{"matchmaker", "matcher."}};
}

}  // namespace arsim::kinds::gangmatch
