#include "sim/engine/runner.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include <fmt/format.h>

#include "sim/engine/aggregate.hpp"

namespace arsim::engine {

namespace {

// Child process: one run, its report into the run folder. Exit 0 ok, 1 audit failed, 2 bad input,
// 3 any other failure.
[[noreturn]] void child(const Catalog& catalog, const scenario::RunSpec& spec,
                        const std::string& dir, const RunOptions& options) {
  int status = 3;
  try {
    std::filesystem::create_directories(dir);
    std::ofstream report(dir + "/report.txt");
    status = run_one(catalog, spec, dir, options, report);
  } catch (const InputError& e) {  // any bad input: scenario, platform, workload
    std::cerr << e.what() << "\n";
    status = 2;
  } catch (const std::exception& e) {
    std::cerr << dir << ": " << e.what() << "\n";
  }
  std::fflush(nullptr);
  _exit(status);
}

void progress(std::size_t done, std::size_t total, std::size_t skipped, std::size_t failed) {
  if (!isatty(STDERR_FILENO)) return;
  std::cerr << fmt::format("\r{}/{} runs done ({} resumed, {} failed)", done, total, skipped,
                           failed)
            << std::flush;
}

}  // namespace

int run_scenario(const Catalog& catalog, const scenario::Settings& settings, const std::string& out,
                 const BatchOptions& options, std::ostream& report) {
  const auto specs = scenario::expand(settings);
  const RunKind& kind = catalog.kinds.of(settings);
  for (const auto& spec : specs) {  // nothing runs on bad input
    check_options(catalog, spec.settings, options.run);
    kind.check(catalog, spec.settings);
  }
  if (specs.front().single) return run_one(catalog, specs.front(), out, options.run, report);
  std::size_t next = 0, done = 0, skipped = 0, failed = 0;
  std::map<pid_t, std::string> running;
  bool bad_input = false;
  while (next < specs.size() || !running.empty()) {
    while (next < specs.size() && static_cast<int>(running.size()) < options.jobs) {
      const auto& spec = specs[next++];
      const std::string dir = out + "/" + spec.dir;
      if (run_complete(dir)) {
        ++done, ++skipped;
        continue;
      }
      std::fflush(nullptr);
      const pid_t pid = fork();
      if (pid < 0) throw std::runtime_error("fork failed");
      if (pid == 0) child(catalog, spec, dir, options.run);
      running[pid] = dir;
    }
    progress(done, specs.size(), skipped, failed);
    if (running.empty()) continue;
    int status = 0;
    const pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0) throw std::runtime_error("waitpid failed");
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 3;
    if (code != 0) {
      ++failed;
      bad_input = bad_input || code == 2;
      report << fmt::format("run {} failed (exit {}); see {}/report.txt\n", running[pid], code,
                            running[pid]);
    }
    running.erase(pid);
    ++done;
  }
  progress(done, specs.size(), skipped, failed);
  if (isatty(STDERR_FILENO)) std::cerr << "\n";
  if (failed == 0) {
    report << fmt::format("{} runs in {} ({} resumed)", specs.size(), out, skipped);
    const auto metrics = kind.sweep_metrics();
    if (!metrics.empty()) {  // kinds without summary.csv are read run by run by the analysis
      write_aggregates(out, specs, metrics);
      report << fmt::format(": {}/sweep.csv, {}/aggregate.csv", out, out);
    }
    report << "\n";
  }
  return bad_input ? 2 : (failed ? 1 : 0);
}

}  // namespace arsim::engine
