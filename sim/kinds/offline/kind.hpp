// The offline run kind (kind="offline"): one run of a registered offline experiment
// (experiments/experiment.hpp) on generated instances, without a SimGrid engine. Writes results.csv
// (the experiment's deterministic columns) and timings.csv (its *_seconds columns). Experiments
// verify every result they compute as they compute it, so the kind has no auditor of its own, and
// it has no progress log: --audit and --verbose are refused.
#pragma once

#include "sim/engine/run_kind.hpp"

namespace arsim::kinds::offline {

class Kind : public engine::RunKind {
 public:
  std::string description() const override;
  std::vector<scenario::KeySpec> keys() const override;
  std::vector<scenario::ParamGroup> param_groups() const override;
  std::vector<scenario::KeyAlias> aliases() const override;
  void check(const engine::Catalog& catalog, const scenario::Settings& s) const override;
  bool audits() const override { return false; }
  bool logs() const override { return false; }
  engine::RunOutcome run(const engine::Catalog& catalog, const scenario::RunSpec& spec,
                         const std::string& dir, const engine::RunOptions& options,
                         std::ostream& report) const override;
};

}  // namespace arsim::kinds::offline
