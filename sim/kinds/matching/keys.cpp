// The scenario keys of the on-line matching kind (scenarios/README.md documents each).

#include "model/matching/matching.hpp"
#include "sim/kinds/matching/config.hpp"
#include "sim/kinds/matching/kind.hpp"

namespace arsim::kinds::matching {

namespace {
using base::field;
using scenario::key;
using T = scenario::ValueType;
using Online = workloads::matching::OnlineParams;
const std::string kModel = "matcher.time=model";

}  // namespace

// clang-format off
std::vector<scenario::KeySpec> Kind::keys() const {
  return {
      field("platform.file", &MatchingConfig::platform).path().need()
          .about("SimGrid platform file (`platforms/cluster128.xml`), relative to the scenario file: the matcher runs on the first host, providers and jobs on the compute sites' hosts"),
      field("workload.resources_per_type", &Online::per_type).at_least(1)
          .about("resources of each Table 1 type (Garbacki & Naik §5.1: 50)"),
      field("workload.jobs", &Online::jobs).at_least(1)
          .about("jobs submitted in the run"),
      field("workload.complexity", &Online::complexity).above(0).at_most(1)
          .about("p of §5.1: Bernoulli probability of dependencies and attributes"),
      field("workload.load", &Online::load).above(0)
          .about("offered load: the arrival rate at which the jobs that can run at all demand, averaged over dynamic attributes, this share of the capacity-seconds the resources hold (`workloads/matching/online.hpp`); the last arrival within the run's limit of simulated time (`sim/kinds/matching/README.md`)"),
      field("workload.mean_duration", &Online::mean_duration).above(0)
          .in("s").about("mean of the exponential job duration (s)"),
      field("workload.submitters", &Online::submitters).at_least(1)
          .about("job submitters sharing the Poisson stream (each job's submitter uniform)"),
      field("providers.period", &MatchingConfig::report_period).above(0)
          .in("s").about("seconds between two reports of a resource provider (one per resource type); at most the limit of simulated time"),
      field("providers.max_background", &MatchingConfig::max_background).at_least(0).at_most(0.99)
          .about("largest share of a capacity used outside the grid (the background load)"),
      field("providers.step", &MatchingConfig::step).at_least(0)
          .about("largest change of a background share between two reports"),
      field("matcher.algorithm", &MatchingConfig::algorithm)
          .about("the matcher called on every batch: a registered resource matcher (`arsim list`)"),
      field("matcher.objective", &MatchingConfig::objective)
          .one_of(model::matching::objective_names())
          .about("what the matcher maximises per batch (§3.2.3); the literal load balance only with matchers that solve it"),
      field("matcher.balance_weight", &MatchingConfig::balance_weight).at_least(0).at_most(0.999)
          .about("w of `load_balance` (throughput + w F)"),
      field("matcher.batch_size", &MatchingConfig::batch_size).at_least(1)
          .about("most jobs per matcher call"),
      field("matcher.period", &MatchingConfig::period).at_least(0)
          .in("s").about("least seconds between the starts of two batches (0: a batch as soon as the matcher is idle and a job is due); at most the limit of simulated time"),
      field("matcher.max_attempts", &MatchingConfig::max_attempts).at_least(1)
          .about("batches a job may stay unmatched in before it is dropped"),
      field("matcher.max_wait", &MatchingConfig::max_wait).above(0)
          .in("s").about("seconds a job may stay queued before it expires"),
      field("matcher.deadline", &MatchingConfig::deadline).above(0)
          .in("s").about("response-time deadline of a batch (simulated s): a batch whose matcher time exceeds it ends at the deadline with the answer of `on_deadline`, status `missed_deadline` in `batches.csv`, counted by `missed_deadline` in `summary.csv` (`sim/kinds/matching/README.md`). None: no deadline"),
      field("matcher.on_deadline", &MatchingConfig::on_deadline).one_of({"greedy", "nothing"})
          .about("what a batch that missed the deadline answers: the greedy first-fit placement (what a stopped EA or hybrid has at least, §3.3) or no matching (a stopped LP); `sim/kinds/matching/deadline.hpp`"),
      field("matcher.time", &MatchingConfig::time).one_of({"model", "measured"})
          .about("simulated matcher time: `model` the deterministic cost model (`matcher.seconds_per_*`); `measured` the wall time of each call (the run is then not deterministic)"),
      field("matcher.seconds_per_batch", &MatchingConfig::seconds_per_batch).at_least(0)
          .in("s").about("simulated seconds per matcher call (both modes); at most the limit of simulated time"),
      field("matcher.seconds_per_iteration", &MatchingConfig::seconds_per_iteration).at_least(0).only(kModel)
          .in("s").about("simulated seconds per matcher iteration (EA/hybrid generation, LNS move, exact solve)"),
      field("matcher.seconds_per_probe", &MatchingConfig::seconds_per_probe).at_least(0).only(kModel)
          .in("s").about("simulated seconds per greedy probe"),
      field("matcher.seconds_per_lp_solve", &MatchingConfig::seconds_per_lp_solve).at_least(0).only(kModel)
          .in("s").about("simulated seconds per MILP solve"),
      field("matcher.seconds_per_lp_work", &MatchingConfig::seconds_per_lp_work).at_least(0).only(kModel)
          .in("s").about("simulated seconds per MILP work unit ((nodes + 1) x nonzeros)"),
      key("matcher.param.*", T::String).about("resource matcher parameter, one of the matcher's parameters (`arsim list`), from `<matcher><param name= value=>`"),
      field("output.bucket", &MatchingConfig::bucket).above(0)
          .in("s").about("width of the time buckets of `resources.csv` (s); bounds the limit of simulated time"),
  };
}
// clang-format on

// The spellings before one vocabulary ("Old spellings" in scenarios/README.md).
std::vector<scenario::KeyAlias> Kind::aliases() const {
  return {{"match.*", "matcher.param.*"}};
}

std::vector<scenario::ParamGroup> Kind::param_groups() const {
  return {{"matcher", "matcher.param."}};
}

}  // namespace arsim::kinds::matching
