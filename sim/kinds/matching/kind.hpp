// The on-line matching run kind (kind="matching"): the Resource Matcher of Garbacki & Naik §4 in
// SimGrid. Job submitters send §5.1 jobs (Poisson arrivals at a rate set by the load) to a
// Resource Matcher that queues them and matches batches with a registered ResourceMatcher (lp,
// ea, hybrid, lns) against the free capacities the resource providers' periodic reports and its
// own bookkeeping leave; matched jobs hold their capacities for their duration. Writes jobs.csv,
// batches.csv, resources.csv, summary.csv and timings.csv (writers.hpp); the auditor is audit.hpp.
// sim/kinds/matching/README.md describes the model.
#pragma once

#include "sim/engine/run_kind.hpp"

namespace arsim::kinds::matching {

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

}  // namespace arsim::kinds::matching
