// A run kind: what one run of a scenario is (docs/design/architecture.md, "Run kinds"). Each kind
// lives in a folder of its own under sim/kinds/ and is registered by name (sim/kinds/builtins.cpp);
// the scenario reader, the engine, the sweep runner and the command line reach a kind only through
// this interface and the KindRegistry (kind_registry.hpp).
#pragma once

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "schedulers/params.hpp"
#include "sim/scenario/scenario.hpp"

namespace arsim::engine {

// Runs f(); a registry's ParamError (unknown name, key or value) becomes an InputError at `key`,
// the setting that named the registered entry.
template <class F>
decltype(auto) at_setting(const scenario::Settings& s, const std::string& key, F&& f) {
  try {
    return f();
  } catch (const schedulers::ParamError& e) {
    s.fail_message(key, e.what());
  }
}

struct Catalog;

struct RunOptions {
  bool audit = false;    // check the written files after the run (RunKind::audits)
  bool verbose = false;  // log the actors' progress (RunKind::logs)
  // Wall seconds between the progress lines of a long run on stderr (engine/progress.hpp); 0: none.
  double progress = 60;
};

// run.json's fields of a kind, in output order (engine/run_info.hpp writes and reads run.json).
using Json = nlohmann::ordered_json;

// A run's workload as a request file (arsim generate).
struct RequestFile {
  std::string text;
  std::size_t requests = 0;
};

struct RunOutcome {
  Json info = Json::object();  // written into run.json between the fields every run has
  // The auditor's violations when the run was audited (empty: passed); nothing otherwise.
  std::optional<std::vector<std::string>> violations;
};

// The parameters of a registered algorithm from the settings under `prefix` ("planner."): the raw
// values, Path-typed ones (schedulers::ParamType::Path) resolved against the file that set them.
std::map<std::string, std::string> algorithm_params(
    const scenario::Settings& s, const std::string& prefix,
    const std::vector<schedulers::ParamSpec>& specs);

class RunKind {
 public:
  virtual ~RunKind() = default;

  virtual std::string description() const = 0;
  // The scenario keys of the kind beyond scenario.* (scenario/schema.hpp), in documentation order,
  // its <param> groups, and rules across its keys (checked after defaults; InputError at a key).
  virtual std::vector<scenario::KeySpec> keys() const = 0;
  virtual std::vector<scenario::ParamGroup> param_groups() const { return {}; }
  // Old spellings of its keys, still read with a note (scenario/schema.hpp, KeyAlias).
  virtual std::vector<scenario::KeyAlias> aliases() const { return {}; }
  virtual void check_rules(const scenario::Settings& settings) const {}

  // Everything that can be checked without running: algorithm names and parameters, workload
  // parameters, input files. Throws scenario::InputError naming the file, line and attribute.
  virtual void check(const Catalog& catalog, const scenario::Settings& settings) const = 0;

  // Whether the kind honours --audit and --verbose; the engine rejects the option otherwise.
  virtual bool audits() const = 0;
  virtual bool logs() const = 0;

  // One run: writes the kind's files into `dir` (it exists), each atomically, and reports a short
  // summary. The engine writes run.json afterwards. Throws scenario::InputError on bad input
  // found only now, std::runtime_error when the run fails.
  virtual RunOutcome run(const Catalog& catalog, const scenario::RunSpec& spec,
                         const std::string& dir, const RunOptions& options,
                         std::ostream& report) const = 0;

  // Audits the files of a finished run in `dir` against `spec`, in a process with no engine
  // (arsim audit): the kind rebuilds what its auditor needs (workload, platform) from the
  // settings. Returns the violations (empty: passed). Called only when audits() is true.
  virtual std::vector<std::string> audit(const Catalog& catalog, const scenario::RunSpec& spec,
                                         const std::string& dir) const;

  // The metrics of summary.csv (user "all", bucket_end "all") that sweep.csv shows per run. A kind
  // whose runs write no summary.csv returns nothing, and its sweeps write no sweep.csv or
  // aggregate.csv.
  virtual std::vector<std::string> sweep_metrics() const { return {}; }

  // The text of the request file of run `run_index` (arsim generate), or nothing when the kind
  // has no request workload.
  virtual std::optional<RequestFile> request_file(const scenario::Settings& settings,
                                                  int run_index) const {
    return std::nullopt;
  }
};

}  // namespace arsim::engine
