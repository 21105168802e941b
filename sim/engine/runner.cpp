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
#include "sim/engine/setup.hpp"

namespace arsim::engine {

namespace {

// Child process: one run, its report into the run folder. Exit 0 ok, 1 audit failed, 2 bad input,
// 3 any other failure.
[[noreturn]] void child(const Catalog& reg, const scenario::RunSpec& spec,
                        const std::string& dir, const RunOptions& options) {
  int status = 3;
  try {
    std::filesystem::create_directories(dir);
    std::ofstream report(dir + "/report.txt");
    status = run_one(reg, spec, dir, options, report);
  } catch (const scenario::InputError& e) {
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

int run_scenario(const Catalog& reg, const scenario::Settings& settings,
                 const std::string& out, const BatchOptions& options, std::ostream& report) {
  auto specs = scenario::expand(settings);
  // Runs of a sweep dump their models into their own subfolders, so names never collide.
  if (specs.size() > 1 && settings.has("planner.dump_dir"))
    for (auto& spec : specs)
      spec.settings.set("planner.dump_dir",
                        settings.get_string("planner.dump_dir") + "/" + spec.dir,
                        settings.where("planner.dump_dir"));
  for (const auto& spec : specs) check_settings(reg, spec.settings);  // nothing runs on bad input
  if (specs.size() == 1 && settings.sweep().empty()) {
    return run_one(reg, specs.front(), out, options.run, report);
  }
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
      if (pid == 0) child(reg, spec, dir, options.run);
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
    // Offline runs write results.csv, not summary.csv: the analysis reads them run by run.
    if (settings.get_string("scenario.kind") != "offline") {
      write_aggregates(out, specs);
      report << fmt::format(": {}/sweep.csv, {}/aggregate.csv", out, out);
    }
    report << "\n";
  }
  return bad_input ? 2 : (failed ? 1 : 0);
}

}  // namespace arsim::engine
