// The interval-scheduling run kind (kind="interval"): SCS (Doulamis, Kokkinos, Varvarigos, IEEE TC
// 2013) in SimGrid. An interval workload (the synthetic generator of §6.1.1 or a window of an SWF
// trace) is given to an IntervalRm (interval_rm.hpp) over the first M compute sites of the
// platform, which activates a registered interval scheduler every period T and runs each task at
// its actual start. Writes jobs.csv (one row per task, as it ran) and summary.csv (D of eq. 23 and
// the load metrics of §5); the auditor (audit.hpp) re-reads them.
#pragma once

#include <string>
#include <vector>

#include "model/interval_task.hpp"
#include "sim/engine/run_kind.hpp"
#include "sim/kinds/interval/config.hpp"
#include "sim/kinds/interval/output/audit.hpp"
#include "sim/platform/platform_view.hpp"

namespace arsim::kinds::interval {

class Kind : public engine::RunKind {
 public:
  std::string description() const override;
  std::vector<scenario::KeySpec> keys() const override;
  std::vector<scenario::ParamGroup> param_groups() const override;
  std::vector<scenario::KeyAlias> aliases() const override;
  void check(const engine::Catalog& catalog, const scenario::Settings& s) const override;
  bool audits() const override { return true; }
  std::vector<std::string> audit(const engine::Catalog& catalog, const scenario::RunSpec& spec,
                                 const std::string& dir) const override;
  bool logs() const override { return true; }
  engine::RunOutcome run(const engine::Catalog& catalog, const scenario::RunSpec& spec,
                         const std::string& dir, const engine::RunOptions& options,
                         std::ostream& report) const override;
  std::vector<std::string> sweep_metrics() const override;
};

// Bounds on a run's work and outputs, refused by check (scenarios/README.md): jobs.csv has one row
// per task, summary.csv 11 rows and 9 more per period of T holding tasks.
constexpr long long kMaxTasks = 1'000'000;
constexpr long long kMaxSummaryRows = 1'000'000;

// The tasks of one run, in the order the RM numbers them (requested starts from 0 for traces).
std::vector<model::IntervalTask> make_tasks(const scenario::Settings& s, std::uint64_t seed,
                                            int run_index);

// The run's M resources: the first M compute sites in the order the platform declares them.
std::vector<int> resource_sites(const scenario::Settings& s, const platform::PlatformView& view);

class SpeedLog;

// The host each resource's tasks execute on (the site's first), as the RM's lanes take it.
std::vector<simgrid::s4u::Host*> lane_hosts(const platform::PlatformView& view,
                                            const std::vector<int>& sites);

// What the auditor knows of each resource: its name, its host's cores and speed over time.
std::vector<AuditedResource> audited_resources(const platform::PlatformView& view,
                                               const std::vector<int>& sites,
                                               const SpeedLog& speeds);

}  // namespace arsim::kinds::interval
