// The co-allocation run kind (kind="coallocation"; "simulation" is its old name): GridARS
// advance-reservation co-allocation in SimGrid (GridARS §3, Takefusa et al.). Users submit
// requests to a GRC that plans them with a registered planner and reserves them on compute and
// network RMs by two-phase commit; the jobs then run at their reserved times. Writes requests.csv,
// reservations.csv, jobs.csv, resources.csv, summary.csv, timings.csv and workload.txt
// (output/writers.hpp); the auditor is output/auditor.hpp.
#pragma once

#include "sim/engine/run_kind.hpp"

namespace arsim::kinds::coallocation {

class Kind : public engine::RunKind {
 public:
  std::string description() const override;
  std::vector<scenario::KeySpec> keys() const override;
  std::vector<scenario::ParamGroup> param_groups() const override;
  std::vector<scenario::KeyAlias> aliases() const override;
  void check_rules(const scenario::Settings& s) const override;
  void check(const engine::Catalog& catalog, const scenario::Settings& s) const override;
  bool audits() const override { return true; }
  std::vector<std::string> audit(const engine::Catalog& catalog, const scenario::RunSpec& spec,
                                 const std::string& dir) const override;
  bool logs() const override { return true; }
  engine::RunOutcome run(const engine::Catalog& catalog, const scenario::RunSpec& spec,
                         const std::string& dir, const engine::RunOptions& options,
                         std::ostream& report) const override;
  std::vector<std::string> sweep_metrics() const override;
  std::optional<engine::RequestFile> request_file(const scenario::Settings& s,
                                                  int run_index) const override;
};

}  // namespace arsim::kinds::coallocation
