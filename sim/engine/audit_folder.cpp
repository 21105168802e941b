#include "sim/engine/audit_folder.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>

#include <fmt/format.h>

#include "base/files.hpp"
#include "sim/engine/run_info.hpp"
#include "sim/scenario/loader.hpp"
#include "sim/scenario/override.hpp"
#include "sim/scenario/sweep.hpp"

namespace arsim::engine {

namespace fs = std::filesystem;

std::vector<std::string> run_folders(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw InputError(dir + ": expected a folder of arsim results");
  std::vector<std::string> out;
  if (fs::is_regular_file(fs::path(dir) / "run.json", ec)) out.push_back(dir);
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec))
    if (it->is_directory(ec) && fs::is_regular_file(it->path() / "run.json", ec))
      out.push_back(it->path().string());
  if (ec) throw InputError(dir + ": cannot list its folders (" + ec.message() + ")");
  if (out.empty())
    throw InputError(dir + ": holds no run.json: no completed run of arsim run to audit");
  std::sort(out.begin(), out.end());
  return out;
}

namespace {

struct Audit {
  std::string dir;
  scenario::RunSpec spec;
  std::string arsim_commit;  // of the arsim that made the run
};

// The runs a scenario with overrides makes, by (scenario_hash, run index): each scenario is read
// and expanded once for all the run folders made from it.
class RecordedSpecs {
 public:
  explicit RecordedSpecs(const Catalog& catalog) : catalog_(catalog) {}

  // The settings of the run `r` read from `path`, rebuilt from its scenario and overrides as
  // arsim run made them.
  scenario::RunSpec of(const std::string& path, const RecordedRun& r) {
    std::string key = r.scenario;
    for (const auto& o : r.overrides) key += '\n' + o;
    auto [runs, fresh] = runs_.try_emplace(key);
    if (fresh) {
      scenario::Settings s = scenario::load_scenario(r.scenario, catalog_.kinds.schemas());
      scenario::apply_overrides(s, r.overrides);
      for (auto& spec : scenario::expand(s))
        runs->second.try_emplace({scenario_hash(spec), spec.run_index}, std::move(spec));
    }
    const auto found = runs->second.find({r.scenario_hash, r.run_index});
    if (found == runs->second.end())
      throw InputError(path + ": field 'scenario_hash': " + r.scenario +
                       " with the recorded overrides no longer gives this run (the scenario or a "
                       "file it names changed since); cannot audit it against its settings");
    const scenario::RunSpec& spec = found->second;
    if (!catalog_.kinds.of(spec.settings).audits())
      throw InputError(path + ": runs of kind '" + spec.settings.get_string("scenario.kind") +
                       "' have no auditor (their results are checked as they are made)");
    return spec;
  }

 private:
  const Catalog& catalog_;
  std::map<std::string, std::map<std::pair<std::string, int>, scenario::RunSpec>> runs_;
};

// Child process: the kind's auditor on one run. Exit 0 passed, 1 violations, 2 bad input, 3 other.
[[noreturn]] void audit_child(const Catalog& catalog, const Audit& a, std::ostream& report) {
  int status = 3;
  try {
    const auto violations = catalog.kinds.of(a.spec.settings).audit(catalog, a.spec, a.dir);
    for (const auto& v : violations) report << "audit: " << v << "\n";
    report << "audit: " << (violations.empty() ? "passed" : "FAILED") << " (" << a.dir << ")\n";
    // The settings are rebuilt by this arsim: a run made by another may differ by design.
    if (!violations.empty() && !a.arsim_commit.empty() && a.arsim_commit != ARSIM_GIT_COMMIT)
      report << fmt::format(
          "audit: note: the run was made by arsim {}, audited by arsim {}; a change of behaviour "
          "between them can explain these findings (run it again to compare)\n",
          a.arsim_commit, ARSIM_GIT_COMMIT);
    status = violations.empty() ? 0 : 1;
  } catch (const InputError& e) {
    std::cerr << "arsim: " << e.what() << "\n";
    status = 2;
  } catch (const std::exception& e) {
    std::cerr << "arsim: error: " << a.dir << ": " << e.what() << "\n";
  }
  report.flush();
  std::fflush(nullptr);
  _exit(status);
}

int audit_in_child(const Catalog& catalog, const Audit& a, std::ostream& report) {
  report.flush();
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) audit_child(catalog, a, report);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw std::runtime_error("waitpid failed");
  return WIFEXITED(status) ? WEXITSTATUS(status) : 3;
}

}  // namespace

int audit_folder(const Catalog& catalog, const std::string& dir, std::ostream& report) {
  std::vector<Audit> audits;  // every run's settings first: nothing is audited on bad input
  RecordedSpecs specs(catalog);
  for (const auto& run : run_folders(dir)) {
    const std::string path = (fs::path(run) / "run.json").string();
    const RecordedRun r = read_run_json(path);
    audits.push_back({run, specs.of(path, r), r.arsim_commit});
  }
  std::size_t failed = 0, broken = 0;
  bool bad_input = false;
  for (std::size_t i = 0; i < audits.size(); ++i) {
    const int code = audit_in_child(catalog, audits[i], report);
    failed += code == 1;
    if (code > 1) {
      ++broken;
      bad_input = bad_input || code == 2;
      report << fmt::format("audit: {} could not be audited (exit {})\n", audits[i].dir, code);
    }
    if (isatty(STDERR_FILENO))
      std::cerr << fmt::format("\r{}/{} runs audited", i + 1, audits.size()) << std::flush;
  }
  if (isatty(STDERR_FILENO)) std::cerr << "\n";
  report << fmt::format("{} runs audited: {} passed, {} failed, {} not audited\n", audits.size(),
                        audits.size() - failed - broken, failed, broken);
  return bad_input ? 2 : broken ? 3 : failed ? 1 : 0;
}

}  // namespace arsim::engine
