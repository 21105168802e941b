#include "sim/engine/runner.hpp"

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include <fmt/format.h>

#include "sim/engine/aggregate.hpp"
#include "sim/engine/run_state.hpp"

namespace arsim::engine {

namespace {

// Child process: one run, its report into the run folder. Exit 0 ok, 1 audit failed, 2 bad input,
// 3 any other failure.
[[noreturn]] void child(const Catalog& catalog, const scenario::RunSpec& spec,
                        const std::string& dir, const RunOptions& options, pid_t parent) {
  // A child outlives no parent: a killed sweep must not leave runs racing a resumed one.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) _exit(3);
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
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

volatile std::sig_atomic_t stop_signal = 0;

extern "C" void on_stop_signal(int signal) {
  stop_signal = signal;
}

// SIGINT and SIGTERM stop the sweep: no handler restarts waitpid, so the loop sees them at once.
class StopSignals {
 public:
  StopSignals() {
    stop_signal = 0;
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    for (int s : {SIGINT, SIGTERM}) ::sigaction(s, &action, &old_[s == SIGINT ? 0 : 1]);
  }
  ~StopSignals() {
    ::sigaction(SIGINT, &old_[0], nullptr);
    ::sigaction(SIGTERM, &old_[1], nullptr);
  }
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 private:
  struct sigaction old_[2];
};

// Ends every running child and waits for it; their folders have no run.json, so they run again
// when the sweep resumes.
void stop_children(const std::map<pid_t, std::string>& running) {
  for (const auto& [pid, dir] : running) ::kill(pid, SIGTERM);
  for (const auto& [pid, dir] : running)
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
}

void progress(std::size_t done, std::size_t total, std::size_t skipped, std::size_t failed) {
  if (!isatty(STDERR_FILENO)) return;
  std::cerr << fmt::format("\r{}/{} runs done ({} resumed, {} failed)", done, total, skipped,
                           failed)
            << std::flush;
}

// The runs asked for: every run, or those of selection.only.
std::vector<std::size_t> selected_runs(std::size_t count, const RunSelection& selection) {
  std::vector<std::size_t> out = selection.only;
  for (std::size_t i : out)
    if (i >= count)
      throw InputError(
          fmt::format("--run-index: there is no run {}: the scenario has {} runs (0 to {})", i,
                      count, count - 1));
  if (out.empty())
    for (std::size_t i = 0; i < count; ++i) out.push_back(i);
  return out;
}

struct Tally {
  std::size_t total = 0, done = 0, skipped = 0, failed = 0;
  bool bad_input = false;
};

// Runs `todo` in child processes, options.jobs at a time, recording each run's task and exit
// status when a Slurm task runs them. Returns when all ended or a stop signal came.
void run_children(const Catalog& catalog, const std::vector<scenario::RunSpec>& specs,
                  const std::vector<RunState>& states, const std::vector<std::size_t>& todo,
                  const BatchOptions& options, const std::string& task, Tally& tally,
                  std::ostream& report) {
  std::size_t next = 0;
  std::map<pid_t, std::size_t> running;
  const pid_t self = ::getpid();
  while (next < todo.size() || !running.empty()) {
    if (stop_signal) break;
    while (next < todo.size() && static_cast<int>(running.size()) < options.jobs) {
      const RunState& state = states[todo[next++]];
      if (task.empty())  // a local run: an earlier task's record no longer applies
        forget_task(state.dir);
      else
        record_task_start(state.dir, task);
      std::fflush(nullptr);
      const pid_t pid = fork();
      if (pid < 0) throw std::runtime_error("fork failed");
      if (pid == 0) child(catalog, specs[state.index], state.dir, options.run, self);
      running[pid] = state.index;
    }
    progress(tally.done, tally.total, tally.skipped, tally.failed);
    int status = 0;
    const pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0 && errno == EINTR) continue;  // a signal: the loop's head decides
    if (pid < 0) throw std::runtime_error("waitpid failed");
    const std::string& dir = states[running[pid]].dir;
    if (stop_signal) {  // a child the same Ctrl-C ended is no failure of its run
      running.erase(pid);
      continue;
    }
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 3;
    if (!task.empty()) record_task_exit(dir, task, code);
    if (code != 0) {
      ++tally.failed;
      tally.bad_input = tally.bad_input || code == 2;
      report << fmt::format("run {} failed (exit {}); see {}/report.txt\n", dir, code, dir);
    }
    running.erase(pid);
    ++tally.done;
  }
  if (stop_signal) {
    std::map<pid_t, std::string> dirs;
    for (const auto& [pid, index] : running) dirs[pid] = states[index].dir;
    stop_children(dirs);
  }
}

}  // namespace

void check_runs(const Catalog& catalog, const std::vector<scenario::RunSpec>& specs,
                const RunOptions& options) {
  const RunKind& kind = catalog.kinds.of(specs.front().settings);
  for (const auto& spec : specs) {
    check_options(catalog, spec.settings, options);
    kind.check(catalog, spec.settings);
  }
}

int run_scenario(const Catalog& catalog, const scenario::Settings& settings, const std::string& out,
                 const BatchOptions& options, std::ostream& report, const RunSelection& selection) {
  const auto specs = scenario::expand(settings);
  const RunKind& kind = catalog.kinds.of(settings);
  const auto selected = selected_runs(specs.size(), selection);
  check_runs(catalog, specs, options.run);
  if (specs.front().single && selection.task.empty()) {  // one run in this process, made anew
    forget_task(out);  // an earlier Slurm task's record no longer applies
    return run_one(catalog, specs.front(), out, options.run, report);
  }
  const auto states = survey_runs(out, specs);  // nor on another sweep's results
  Tally tally;
  tally.total = selected.size();
  std::vector<std::size_t> todo;
  for (std::size_t i : selected) {
    if (!states[i].complete) {
      todo.push_back(i);
      continue;
    }
    ++tally.done, ++tally.skipped;
  }
  const StopSignals signals;
  run_children(catalog, specs, states, todo, options, selection.task, tally, report);
  if (stop_signal) {
    if (isatty(STDERR_FILENO)) std::cerr << "\n";
    report << fmt::format("stopped by {} after {} of {} runs; run the same command to resume\n",
                          stop_signal == SIGINT ? "SIGINT" : "SIGTERM", tally.done, tally.total);
    return 128 + stop_signal;
  }
  progress(tally.done, tally.total, tally.skipped, tally.failed);
  if (isatty(STDERR_FILENO)) std::cerr << "\n";
  if (tally.failed == 0) {
    report << fmt::format("{} runs in {} ({} resumed)", tally.total, out, tally.skipped);
    const auto metrics = kind.sweep_metrics();
    // Kinds without summary.csv are read run by run by the analysis; a part of the runs is
    // aggregated by arsim collect once all are complete.
    if (!metrics.empty() && selection.only.empty()) {
      write_aggregates(out, specs, metrics);
      report << fmt::format(": {}/sweep.csv, {}/aggregate.csv", out, out);
    }
    report << "\n";
  }
  return tally.bad_input ? 2 : (tally.failed ? 1 : 0);
}

}  // namespace arsim::engine
