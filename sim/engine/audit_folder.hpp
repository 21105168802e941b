// arsim audit DIR: audits the runs already written under a folder, whatever their kind. Each
// run's run.json names its scenario file, the --set and --seed values it was made with and its run
// index; the scenario is read again, the run's settings rebuilt and checked against the recorded
// scenario_hash, and the kind's auditor (RunKind::audit) reads the run's files in a process of
// its own (one SimGrid engine per process).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "sim/engine/catalog.hpp"

namespace arsim::engine {

// The folders under `dir` (itself included) that hold a run.json, in path order. Throws
// InputError when `dir` is not a folder or holds none.
std::vector<std::string> run_folders(const std::string& dir);

// Audits every run under `dir`; one line per violation and one verdict line per run on `report`.
// Returns 0 when every run passes, 1 when one does not. Throws InputError (exit 2) when a run
// cannot be audited: its scenario is missing or no longer gives the recorded settings, or its kind
// has no auditor; nothing is audited then.
int audit_folder(const Catalog& catalog, const std::string& dir, std::ostream& report);

}  // namespace arsim::engine
