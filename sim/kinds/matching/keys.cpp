// The scenario keys of the on-line matching kind (scenarios/README.md documents each).
#include "model/matching/matching.hpp"
#include "sim/kinds/matching/kind.hpp"

namespace arsim::kinds::matching {

namespace {
using scenario::key;
using T = scenario::ValueType;
const std::string kModel = "matcher.time=model";
}  // namespace

// clang-format off
std::vector<scenario::KeySpec> Kind::keys() const {
  return {
      key("platform.file", T::Path).need()
          .about("SimGrid platform file, relative to the scenario file"),
      key("workload.resources_per_type", T::Int).def("50").at_least(1)
          .about("resources of each Table 1 type (Garbacki & Naik §5.1: 50)"),
      key("workload.jobs", T::Int).def("200").at_least(1)
          .about("jobs submitted in the run"),
      key("workload.complexity", T::Double).def("0.3").above(0).at_most(1)
          .about("p of §5.1: Bernoulli probability of dependencies and attributes"),
      key("workload.load", T::Double).def("0.5").above(0)
          .about("offered load: mean over attributes of demanded / held capacity-seconds"),
      key("workload.mean_duration", T::Double).def("600").above(0)
          .about("mean of the exponential job duration (s)"),
      key("workload.submitters", T::Int).def("2").at_least(1)
          .about("job submitters sharing the Poisson stream"),
      key("providers.period", T::Double).def("60").above(0)
          .about("seconds between two reports of a resource provider"),
      key("providers.max_background", T::Double).def("0.2").at_least(0).at_most(0.99)
          .about("largest share of a capacity used outside the grid"),
      key("providers.step", T::Double).def("0.05").at_least(0)
          .about("largest change of the background share between reports"),
      key("matcher.algorithm", T::String).def("hybrid")
          .about("resource matcher (registry name; checked by the registry)"),
      key("matcher.objective", T::String).def("throughput")
          .one_of(model::matching::objective_names())
          .about("what the matcher maximises per batch (§3.2.3)"),
      key("matcher.balance_weight", T::Double).def("0.5").at_least(0).at_most(0.999)
          .about("w of load_balance: throughput + w F"),
      key("matcher.batch_size", T::Int).def("40").at_least(1)
          .about("most jobs per matcher call"),
      key("matcher.period", T::Double).def("0").at_least(0)
          .about("least seconds between the starts of two batches (0: none)"),
      key("matcher.max_attempts", T::Int).def("5").at_least(1)
          .about("batches a job may stay unmatched in before it is dropped"),
      key("matcher.max_wait", T::Double).def("3600").above(0)
          .about("seconds a job may stay queued before it expires"),
      key("matcher.deadline", T::Double).above(0)
          .about("simulated seconds a batch may take; later it is answered then (none: no limit)"),
      key("matcher.on_deadline", T::String).def("greedy").one_of({"greedy", "nothing"})
          .about("what a batch that missed its deadline answers (sim/kinds/matching/deadline.hpp)"),
      key("matcher.time", T::String).def("model").one_of({"model", "measured"})
          .about("model: the deterministic cost model; measured: wall time (not deterministic)"),
      key("matcher.seconds_per_batch", T::Double).def("0").at_least(0)
          .about("simulated seconds per matcher call"),
      key("matcher.seconds_per_iteration", T::Double).def("0").at_least(0).only(kModel)
          .about("simulated seconds per matcher iteration"),
      key("matcher.seconds_per_probe", T::Double).def("7e-6").at_least(0).only(kModel)
          .about("simulated seconds per greedy probe"),
      key("matcher.seconds_per_lp_solve", T::Double).def("5e-5").at_least(0).only(kModel)
          .about("simulated seconds per MILP solve"),
      key("matcher.seconds_per_lp_work", T::Double).def("7e-6").at_least(0).only(kModel)
          .about("simulated seconds per MILP work unit ((nodes + 1) x nonzeros)"),
      key("match.*", T::String).about("resource matcher parameter (checked by the registry)"),
      key("output.bucket", T::Double).def("600").above(0)
          .about("width of the time buckets of resources.csv (s)"),
  };
}
// clang-format on

std::vector<scenario::ParamGroup> Kind::param_groups() const {
  return {{"matcher", "match."}};
}

}  // namespace arsim::kinds::matching
