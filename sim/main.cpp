// arsim command line: run, collect, check, audit, list, generate, report.
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "base/numbers.hpp"
#include "schedulers/param_text.hpp"
#include "schedulers/protocol/foreign.hpp"
#include "sim/actors/spawn.hpp"
#include "sim/cli/classad_command.hpp"
#include "sim/cli/platform_command.hpp"
#include "sim/engine/audit_folder.hpp"
#include "sim/engine/collect.hpp"
#include "sim/engine/runner.hpp"
#include "sim/engine/slurm.hpp"
#include "sim/kinds/builtins.hpp"
#include "sim/metrics/csv.hpp"
#include "sim/platform/platform_view.hpp"
#include "sim/scenario/key_text.hpp"
#include "workloads/request_file.hpp"
#ifdef ARSIM_PYTHON_BRIDGE
#include "python/bridge/bridge.hpp"
#endif

namespace {

using arsim::engine::Catalog;
using arsim::scenario::Settings;

Settings load(const Catalog& catalog, const std::string& file, const std::vector<std::string>& sets,
              const std::string& seed) {
  // An algorithm outside the tree (a Python class's file, an `external` command) is found from
  // the scenario's folder.
  arsim::schedulers::protocol::set_algorithm_directory(
      std::filesystem::path(file).parent_path().string());
  Settings s = arsim::scenario::load_scenario(file, catalog.kinds.schemas());
  std::vector<std::string> all = sets;
  // --seed is an unsigned 64-bit integer like the scenario's seed: anything else is refused, not
  // clamped or ignored.
  if (!seed.empty()) {
    if (!arsim::base::parse_uint64(seed))
      throw arsim::InputError(fmt::format(
          "--seed: expected an unsigned 64-bit integer (0 to 18446744073709551615), got '{}'",
          seed));
    all.push_back("scenario.seed=" + seed);
  }
  arsim::scenario::apply_overrides(s, all);  // together, so their order does not matter
  return s;
}

// `arsim list`: the run kinds, then every registered algorithm with its parameters; `markdown`:
// the same as Markdown, a table of parameters per algorithm (schedulers/param_text.hpp).
template <class Registry>
void list(const Registry& registry, const std::string& heading, bool markdown) {
  if (markdown) {
    std::string title = heading.substr(0, heading.size() - 1);  // without its ':'
    for (std::size_t at = 0; (at = title.find('<', at)) != std::string::npos; at += 2)
      title.insert(at, "\\");  // "<grc ...>" is text, not an HTML tag
    std::cout << "\n### " << title << "\n";
    for (const auto& [name, e] : registry.entries()) {
      std::cout << fmt::format("\n#### `{}`\n\n{}\n", name, e.description);
      if (!e.params.empty()) std::cout << "\n" << arsim::schedulers::markdown_table(e.params);
    }
    return;
  }
  std::cout << heading << "\n";
  for (const auto& [name, e] : registry.entries()) {
    std::cout << fmt::format("  {:<14} {}\n", name, e.description);
    std::cout << arsim::schedulers::list_lines(e.params);
  }
}

void list_kinds(const arsim::engine::KindRegistry& kinds, bool markdown) {
  if (markdown)
    std::cout << fmt::format("### run kinds (default `{}`)\n\n| kind | one run |\n|---|---|\n",
                             kinds.default_kind());
  else
    std::cout << "run kinds (<scenario kind=\"NAME\">; default " << kinds.default_kind() << "):\n";
  for (const auto& [name, e] : kinds.entries()) {
    std::string also;
    for (const auto& a : e.aliases) also += (also.empty() ? " (also " : ", ") + a;
    if (!also.empty()) also += ")";
    if (markdown)
      std::cout << fmt::format("| `{}`{} | {} |\n", name, also, e.kind->description());
    else
      std::cout << fmt::format("  {:<14} {}{}\n", name, e.kind->description(), also);
  }
}

void list(const Catalog& reg, bool markdown) {
  list_kinds(reg.kinds, markdown);
  list(reg.algorithms.planners,
       "planners (<grc algorithm=\"NAME\">, parameters as <param name=... value=...>):", markdown);
  list(reg.algorithms.intervals,
       "interval schedulers (<interval_rm algorithm=\"NAME\">):", markdown);
  list(reg.algorithms.matchers,
       "resource matchers (<matcher algorithm=\"NAME\">; offline experiments matching-*):",
       markdown);
  list(reg.algorithms.gang_matchers,
       "gang matchers (<matchmaker algorithm=\"NAME\">; arsim classad gang --matcher NAME):",
       markdown);
  list(reg.experiments,
       "offline experiments (<offline algorithm=\"NAME\">, parameters as <param .../>):", markdown);
}

// The output folder, or the folder it would be made in, takes files: checked before anything
// runs, without writing anything (bad input leaves no trace).
void require_output_folder(const std::string& out) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path at = fs::absolute(out, ec);
  while (!fs::exists(at, ec) && at.has_parent_path() && at != at.parent_path())
    at = at.parent_path();
  if (!fs::is_directory(at, ec))
    throw arsim::InputError("--out " + out + ": expected a folder, but " + at.string() +
                            " is a file");
  if (::access(at.c_str(), W_OK | X_OK) != 0)
    throw arsim::InputError("--out " + out + ": cannot write into " + at.string() + " (" +
                            std::strerror(errno) + ")");
}

int generate(const Catalog& catalog, const Settings& s, const std::string& out, int run_index) {
  const auto file = catalog.kinds.of(s).request_file(s, run_index);
  if (!file)
    throw arsim::scenario::InputError(
        fmt::format("{}: runs of kind '{}' have no request workload to write", s.source(),
                    s.get_string("scenario.kind")));
  arsim::metrics::write_atomically(out, file->text);
  std::cout << fmt::format("{} requests written to {}\n", file->requests, out);
  return 0;
}

// The flags of arsim run that go together: the Slurm ones only with --slurm, --run-index (what an
// array task runs) only without.
struct RunFlags {
  CLI::Option* slurm;
  CLI::Option* run_index;
  std::vector<CLI::Option*> slurm_only;
};

void check_run_flags(const RunFlags& f) {
  for (const auto* o : f.slurm_only)
    if (o->count() && !f.slurm->count())
      throw arsim::InputError(o->get_name() + ": only with --slurm");
  if (f.run_index->count() && f.slurm->count())
    throw arsim::InputError("--run-index: not with --slurm (its array tasks pass it)");
}

// The Slurm array task this process is ("JOB_TASK"), or "" outside one.
std::string slurm_task() {
  const char* job = std::getenv("SLURM_ARRAY_JOB_ID");
  const char* task = std::getenv("SLURM_ARRAY_TASK_ID");
  if (job && task) return std::string(job) + "_" + task;
  const char* plain = std::getenv("SLURM_JOB_ID");
  return plain ? plain : "";
}

// arsim collect DIR: rebuilds the settings from DIR/slurm/sweep.txt in the folder arsim run ran.
int collect(const Catalog& catalog, const std::string& dir) {
  namespace fs = std::filesystem;
  const auto command = arsim::engine::read_sweep_command(dir);
  const fs::path before = fs::current_path();
  const std::string out = before == fs::path(command.workdir) ? dir : fs::absolute(dir).string();
  std::error_code ec;
  fs::current_path(command.workdir, ec);
  if (ec)
    throw arsim::InputError(dir + "/slurm/sweep.txt: workdir " + command.workdir +
                            ": cannot enter it (" + ec.message() + ")");
  const Settings s = load(catalog, command.scenario, command.sets, command.seed);
  return arsim::engine::collect_sweep(catalog, s, out, std::cout);
}

// Where the analysis package is: beside an installed binary (PREFIX/bin/arsim ->
// PREFIX/lib/python3/dist-packages, python/CMakeLists.txt), else the source tree it was built from.
std::string analysis_home() {
  std::error_code err;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", err);
  if (!err) {
    const auto installed = exe.parent_path().parent_path() / "lib" / "python3" / "dist-packages";
    if (std::filesystem::exists(installed / "analysis" / "report" / "__main__.py", err))
      return installed;
  }
  return ARSIM_SOURCE_DIR;
}

// arsim report DIR: the HTML report of analysis/report (docs/guide/report.md), made by Debian's
// Python with the analysis package on PYTHONPATH; its exit status is the module's (2: not a
// results folder).
int report(const std::string& dir, const std::string& out = {}) {
  std::string path = analysis_home();
  if (const char* old = std::getenv("PYTHONPATH"); old && *old) path += std::string(":") + old;
  std::cout.flush();
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    ::setenv("PYTHONPATH", path.c_str(), 1);
    const char* python = "/usr/bin/python3";
    if (out.empty())
      ::execl(python, python, "-m", "analysis.report", dir.c_str(), static_cast<char*>(nullptr));
    else
      ::execl(python, python, "-m", "analysis.report", dir.c_str(), "--out", out.c_str(),
              static_cast<char*>(nullptr));
    std::cerr << "arsim: " << python << ": " << std::strerror(errno) << "\n";
    ::_exit(127);
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw std::runtime_error("waitpid failed");
  return WIFEXITED(status) ? WEXITSTATUS(status) : 3;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"arsim: a simulator of advance-reservation co-allocation on QoS-guaranteed grids"};
  app.require_subcommand(1);
  std::string scenario_file, out;
  std::vector<std::string> sets;
  std::string seed;
  int jobs = 1, run_index = 0;
  arsim::engine::BatchOptions batch;
  arsim::engine::RunSelection selection;

  auto* run = app.add_subcommand("run", "run a scenario (all its runs and sweep points)");
  run->add_option("scenario", scenario_file, "scenario XML file")->required();
  run->add_option("--out", out, "output folder (default results/<scenario name>)");
  run->add_option("--seed", seed, "base seed (overrides the scenario's)");
  run->add_option("--set", sets, "override a setting: key=value (e.g. grc.frames=5)");
  run->add_flag("--audit", batch.run.audit, "audit every run after it ends");
  bool with_report = false;
  run->add_flag("--report", with_report, "write the HTML report of the output folder at the end");
  run->add_option("--jobs,-j", jobs,
                  "runs in parallel processes (with --slurm: array tasks at once)")
      ->check(CLI::PositiveNumber);
  run->add_flag("--verbose,-v", batch.run.verbose, "log the actors' progress");
  run->add_option("--progress", batch.run.progress,
                  "seconds of wall time between progress lines of a long run on stderr "
                  "(default 60, 0: none)")
      ->check(CLI::Range(0.0, 1e9));
  std::string dump_dir;
  run->add_option("--dump-models", dump_dir,
                  "write every model the planner solves (MPS + JSON sidecar) under this folder; "
                  "the planner must have a dump_dir parameter (gridars-ip)");

  arsim::engine::SlurmOptions slurm;
  std::string run_indices;
  bool use_slurm = false;
  RunFlags flags;
  flags.slurm = run->add_flag("--slurm", use_slurm,
                              "submit the runs that are not complete as a Slurm job array "
                              "(sbatch) and return; arsim collect DIR aggregates them");
  flags.slurm_only = {
      run->add_option("--partition", slurm.partition, "Slurm partition of the array (--slurm)"),
      run->add_option("--time", slurm.time, "Slurm time limit of each array task (--slurm)"),
      run->add_option("--runs-per-task", slurm.runs_per_task,
                      "runs each array task makes one after the other (--slurm; default: two "
                      "tasks per --jobs slot, else 1,000 tasks at most)")
          ->check(CLI::PositiveNumber),
      run->add_flag("--dry-run", slurm.dry_run,
                    "print the array script instead of submitting it (--slurm)")};
  flags.run_index = run->add_option(
      "--run-index", run_indices,
      "make only these runs (indices in sweep order, e.g. 0-4,7); what a Slurm array task runs");

  std::string collect_dir;
  auto* col = app.add_subcommand(
      "collect",
      "write sweep.csv and aggregate.csv of a sweep run with --slurm, or list its "
      "missing and failed runs");
  col->add_option("dir", collect_dir, "output folder of arsim run --slurm")->required();

  auto* check = app.add_subcommand("check", "validate a scenario without running it");
  check->add_option("scenario", scenario_file, "scenario XML file")->required();
  check->add_option("--set", sets, "override a setting: key=value");

  std::string audit_dir;
  auto* aud =
      app.add_subcommand("audit", "audit the finished runs under an output folder (any run kind)");
  aud->add_option("dir", audit_dir, "output folder of arsim run (a sweep or one run)")->required();

  std::string report_dir, report_out;
  auto* rep = app.add_subcommand("report", "write the HTML report of a run or sweep folder");
  rep->add_option("dir", report_dir, "output folder of arsim run (a sweep or one run)")->required();
  rep->add_option("--out", report_out, "HTML file to write (default DIR/report.html)");

  auto* lst = app.add_subcommand(
      "list", "list the run kinds and the registered algorithms with their parameters");
  std::string keys_of;
  bool markdown = false;
  auto* keys = lst->add_option("--keys", keys_of,
                               "list the scenario keys instead: of the run kind KIND, 'scenario' "
                               "for those of every kind, or all (no KIND)")
                   ->expected(0, 1)
                   ->type_name("KIND");
  lst->add_flag("--markdown", markdown,
                "print Markdown tables, as in scenarios/README.md (tests/docs/generate_tables.py)");

  auto* gen = app.add_subcommand("generate", "write a scenario's workload as a request file");
  gen->add_option("scenario", scenario_file, "scenario XML file")->required();
  gen->add_option("--out", out, "request file to write")->required();
  gen->add_option("--seed", seed, "base seed (overrides the scenario's)");
  gen->add_option("--run", run_index, "run index (each run draws its own workload)");
  gen->add_option("--set", sets, "override a setting: key=value");

  auto* cls = app.add_subcommand("classad",
                                 "evaluate, match and gangmatch classads: "
                                 "arsim classad eval|match|gang --help")
                  ->prefix_command();
  auto* plat = app.add_subcommand("platform",
                                  "write an annotated platform from a network file or a generator: "
                                  "arsim platform import|generate --help")
                   ->prefix_command();

  CLI11_PARSE(app, argc, argv);

  Catalog reg;
  arsim::kinds::register_builtins(reg);
#ifdef ARSIM_PYTHON_BRIDGE
  arsim::python_bridge::register_python(reg.algorithms);  // names FILE.py:Class, module:Class
#endif
  if (cls->parsed())
    return arsim::cli::classad_command(cls->remaining(), reg.algorithms.gang_matchers, std::cout,
                                       std::cerr);
  if (plat->parsed()) return arsim::cli::platform_command(plat->remaining(), std::cout, std::cerr);
  try {
    if (lst->parsed()) {
      if (keys->count())
        std::cout << arsim::scenario::keys_text(reg.kinds.schemas(), keys_of, markdown);
      else
        list(reg, markdown);
      return 0;
    }
    if (aud->parsed()) return arsim::engine::audit_folder(reg, audit_dir, std::cout);
    if (col->parsed()) return collect(reg, collect_dir);
    if (rep->parsed()) return report(report_dir, report_out);
    if (run->parsed()) check_run_flags(flags);
    if (!dump_dir.empty()) sets.push_back("grc.param.dump_dir=" + dump_dir);
    const Settings s = load(reg, scenario_file, sets, seed);
    if (check->parsed()) {
      const auto specs = arsim::scenario::expand(s);
      for (const auto& spec : specs) reg.kinds.of(spec.settings).check(reg, spec.settings);
      for (const auto& note : s.notes()) std::cerr << note << '\n';  // old spellings read
      std::cout << fmt::format("{}: ok ({} runs)\n", scenario_file, specs.size());
      return 0;
    }
    if (gen->parsed()) return generate(reg, s, out, run_index);
    if (out.empty()) out = "results/" + s.get_string("scenario.name");
    require_output_folder(out);
    if (flags.slurm->count()) {
      const arsim::engine::SweepCommand command{std::filesystem::current_path().string(),
                                                scenario_file, out, sets, seed};
      slurm.throttle = run->count("--jobs") ? jobs : 0;
      slurm.audit = batch.run.audit, slurm.verbose = batch.run.verbose;
      slurm.binary = std::filesystem::read_symlink("/proc/self/exe").string();
      arsim::engine::check_slurm_options(slurm);
      return arsim::engine::submit_sweep(reg, s, command, slurm, std::cout);
    }
    batch.jobs = jobs;
    if (!run_indices.empty()) {
      selection.only = arsim::engine::parse_index_ranges(run_indices);
      selection.task = slurm_task();
    }
    const int status = arsim::engine::run_scenario(reg, s, out, batch, std::cout, selection);
    return status == 0 && with_report ? report(out) : status;
  } catch (const arsim::InputError& e) {  // scenario, platform, workload, parameters
    std::cerr << "arsim: " << e.what() << "\n";
    return 2;
  } catch (const arsim::metrics::WriteError& e) {  // disk full: the run failed, no defect
    std::cerr << "arsim: error: " << e.what() << "\n";
    return 1;
  } catch (const arsim::actors::ActorFailure& e) {  // an algorithm's wrong answer: the run failed
    std::cerr << "arsim: error: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "arsim: error: " << e.what() << "\n";
    return 3;
  }
}
