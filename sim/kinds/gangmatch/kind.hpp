// The gangmatching run kind (kind="gangmatch"): Raman, Livny and Solomon's matchmaker and agents
// (HPDC-12 2003, §2, §4.3, §4.4) in SimGrid. Submit agents advertise jobs, workstation and
// license agents advertise resources; a collector keeps the ads and a negotiator runs a registered
// gang matcher every period; every member of a gang is notified with the whole gang, and the job's
// submit agent claims it in two phases. Jobs run on their workstation holding their license.
// README.md in this folder describes the model, the files and the auditor.
#pragma once

#include "sim/engine/run_kind.hpp"

namespace arsim::kinds::gangmatch {

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

}  // namespace arsim::kinds::gangmatch
