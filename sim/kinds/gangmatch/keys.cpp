// The scenario keys of the gangmatching kind; scenarios/README.md documents each (a test checks
// every pattern is mentioned there).
#include "sim/kinds/gangmatch/config.hpp"
#include "sim/kinds/gangmatch/kind.hpp"

namespace arsim::kinds::gangmatch {

namespace {
using base::field;
using scenario::key;
using T = scenario::ValueType;
}  // namespace

// clang-format off
std::vector<scenario::KeySpec> Kind::keys() const {
  return {
      field("platform.file", &RunConfig::platform).path().need()
          .about("SimGrid platform with hosts `cm`, `submit`, `licenses` and `ws0` … `ws<N−1>` (`platforms/condor_pool.xml`: 1024 workstations), relative to the scenario file"),
      field("workload.jobs", &RunConfig::jobs).at_least(1)
          .about("N: jobs, and as many workstations (§6)"),
      field("workload.license_density", &RunConfig::license_density).at_least(0).at_most(100)
          .about("L: round(L·N) licenses"),
      field("workload.selectivity", &RunConfig::selectivity).at_least(1)
          .about("S: partitions of workstations and licenses; a license is valid in its partition only"),
      field("workload.platforms", &RunConfig::platforms).at_least(1).at_most(7)
          .about("(Arch, OpSys) pairs in use, most common first (`workloads/gangmatch/README.md`)"),
      field("workload.request_scale", &RunConfig::request_scale).at_least(1).at_most(16)
          .about("jobs ask for this many times the default memory"),
      field("workload.arrival", &RunConfig::arrival).one_of({"batch", "poisson"})
          .about("`batch`: every job submitted at time 0; `poisson`: exponential inter-arrival times"),
      field("workload.mean_interarrival", &RunConfig::mean_interarrival).above(0).at_most(kMaxSeconds).only("workload.arrival=poisson")
          .in("s").about("mean time between two submissions (s)"),
      field("workload.durations", &RunConfig::durations).above(0).at_most(kMaxSeconds)
          .in("s").about("job durations, each job's drawn uniformly (s)"),
      field("matchmaker.algorithm", &RunConfig::matcher)
          .about("the gang matcher the negotiator runs every cycle: a registered gang matcher (`arsim list`); `exact` only on pools it can enumerate (`sim/kinds/gangmatch/README.md`, \"Limits\")"),
      field("matchmaker.period", &RunConfig::period).above(0).at_most(kMaxSeconds)
          .in("s").about("time between the starts of two negotiation cycles (s); `output.horizon` / `period` ≤ 10^6 cycles"),
      field("matchmaker.probe_cost", &RunConfig::probe_cost).at_least(0).at_most(kMaxStepCost)
          .in("s").about("simulated seconds a cycle spends per index probe (default: §6, 580 s for 425,000 probes)"),
      field("matchmaker.evaluation_cost", &RunConfig::evaluation_cost).at_least(0).at_most(kMaxStepCost)
          .in("s").about("simulated seconds a cycle spends per constraint evaluation (`exact`: per candidate gang it checks)"),
      key("matchmaker.param.*", T::String)
          .about("gang matcher parameter, one of the matcher's parameters (`arsim list`), from `<matchmaker><param name= value=>`"),
      field("workstations.owner_return_rate", &RunConfig::owner_return_rate).at_least(0)
          .in("1/s").about("rate at which an away owner comes back (1/s); 0: owners never come back; (N · `owner_return_rate` + licenses · `external_rate`) · `output.horizon` ≤ 10^6"),
      field("workstations.owner_stay", &RunConfig::owner_stay).above(0).at_most(kMaxSeconds)
          .in("s").about("mean time an owner stays (s)"),
      field("licenses.external_rate", &RunConfig::external_rate).at_least(0)
          .in("1/s").about("rate at which a free license is taken outside the pool (1/s); 0: never; bounded with `workstations.owner_return_rate`"),
      field("licenses.external_hold", &RunConfig::external_hold).above(0).at_most(kMaxSeconds)
          .in("s").about("mean time a license is used outside the pool (s)"),
      field("output.bucket", &RunConfig::bucket).above(0).at_most(kMaxSeconds)
          .in("s").about("width of the buckets of `utilisation.csv` (s); ⌈`horizon` / `bucket`⌉ ≤ 10^5 buckets, and buckets · (N + licenses) ≤ 10^8"),
      field("output.horizon", &RunConfig::horizon).above(0).at_most(kMaxSeconds)
          .in("s").about("no submission, cycle or claim from then on (s); end of the buckets"),
  };
}
// clang-format on

// The spellings before one vocabulary ("Old spellings" in scenarios/README.md).
std::vector<scenario::KeyAlias> Kind::aliases() const {
  return {{"matchmaker.matcher", "matchmaker.algorithm"}, {"matcher.*", "matchmaker.param.*"}};
}

std::vector<scenario::ParamGroup> Kind::param_groups() const {
  return {{"matchmaker", "matchmaker.param."}};
}

}  // namespace arsim::kinds::gangmatch
