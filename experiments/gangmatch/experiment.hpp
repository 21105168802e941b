// The offline experiment of Raman et al. §6 ("gangmatch"): one workload per run
// (workloads/gangmatch/), every listed matcher on it, every gang checked by
// model::gang::check_gangs (a failing gang fails the run), and, for small N, the exact maximum
// number of gangs (schedulers/gangmatch/exact.hpp). One row per matcher:
//
//   matcher          the spec as given: a registered gang matcher, optionally with parameters,
//                    e.g. "indexed:order=right-to-left"
//   jobs, workstations, licenses, license_density, selectivity, platforms   the workload
//   gangs, probes, evaluations, rank_evaluations, docks, cached_probes, memo_hits, aborted
//                    the matcher's counters (schedulers/gang_matcher.hpp)
//   exact_gangs      the optimum, empty when jobs > exact_max_jobs
//   check            "ok": every gang passed the independent checker
//   match_seconds, exact_seconds   wall time (timings.csv)
#pragma once

#include <map>
#include <string>
#include <vector>

#include "experiments/experiment.hpp"
#include "schedulers/gang_matcher.hpp"
#include "workloads/gangmatch/generator.hpp"

namespace arsim::experiments::gangmatch {

struct MatcherSpec {
  std::string label;  // as written
  std::string name;
  std::map<std::string, std::string> params;
};

// "naive indexed:order=right-to-left,rank=false dynamic": validated against the registry;
// throws schedulers::ParamError naming `owner`.
std::vector<MatcherSpec> parse_matchers(const std::string& text,
                                        const schedulers::GangMatcherRegistry& registry,
                                        const std::string& owner);

class GangmatchExperiment : public experiments::OfflineExperiment {
 public:
  GangmatchExperiment(workloads::gangmatch::Config workload, std::vector<MatcherSpec> matchers,
                      int exact_max_jobs, const schedulers::GangMatcherRegistry& registry)
      : workload_(workload),
        matchers_(std::move(matchers)),
        exact_max_jobs_(exact_max_jobs),
        registry_(registry) {}
  experiments::ResultTable run(std::uint64_t seed, int run_index) override;

 private:
  workloads::gangmatch::Config workload_;
  std::vector<MatcherSpec> matchers_;
  int exact_max_jobs_;
  const schedulers::GangMatcherRegistry& registry_;
};

// Registers "gangmatch"; the experiment creates its matchers from `matchers`, which must outlive
// the experiment registry.
void register_experiments(experiments::ExperimentRegistry& registry,
                          const schedulers::GangMatcherRegistry& matchers);

}  // namespace arsim::experiments::gangmatch
