#include "sim/engine/run_one.hpp"

#include <chrono>
#include <filesystem>

#include "sim/engine/run_info.hpp"

namespace arsim::engine {

void check_options(const Catalog& catalog, const scenario::Settings& settings,
                   const RunOptions& options) {
  const RunKind& kind = catalog.kinds.of(settings);
  const std::string name = settings.get_string("scenario.kind");
  if (options.audit && !kind.audits())
    throw scenario::InputError("--audit: runs of kind '" + name +
                               "' have no auditor (their results are checked as they are made)");
  if (options.verbose && !kind.logs())
    throw scenario::InputError("--verbose: runs of kind '" + name + "' have no progress log");
}

bool run_complete(const std::string& dir, const scenario::RunSpec& spec) {
  const std::string path = (std::filesystem::path(dir) / "run.json").string();
  if (!std::filesystem::is_regular_file(path)) return false;
  const std::string expected = scenario_hash(spec);
  const std::string found = read_run_json(path).scenario_hash;
  if (found != expected)
    throw InputError(path +
                     ": field 'scenario_hash': this folder holds a run made from other "
                     "settings (" +
                     found + ", now " + expected +
                     ": the scenario, a --set or --seed changed); use another --out or remove it");
  return true;
}

int run_one(const Catalog& catalog, const scenario::RunSpec& spec, const std::string& dir,
            const RunOptions& options, std::ostream& report) {
  const auto wall_start = std::chrono::steady_clock::now();
  const RunKind& kind = catalog.kinds.of(spec.settings);
  check_options(catalog, spec.settings, options);
  kind.check(catalog, spec.settings);
  std::filesystem::create_directories(dir);
  const RunOutcome outcome = kind.run(catalog, spec, dir, options, report);
  int status = 0;
  if (outcome.violations) {
    for (const auto& v : *outcome.violations) report << "audit: " << v << "\n";
    report << "audit: " << (outcome.violations->empty() ? "passed" : "FAILED") << " (" << dir
           << ")\n";
    status = outcome.violations->empty() ? 0 : 1;
  }
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  write_run_json(dir, spec, outcome.info, wall);
  return status;
}

}  // namespace arsim::engine
