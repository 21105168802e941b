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

}  // namespace

int run_scenario(const Catalog& catalog, const scenario::Settings& settings, const std::string& out,
                 const BatchOptions& options, std::ostream& report) {
  const auto specs = scenario::expand(settings);
  const RunKind& kind = catalog.kinds.of(settings);
  for (const auto& spec : specs) {  // nothing runs on bad input, or on another sweep's results
    check_options(catalog, spec.settings, options.run);
    kind.check(catalog, spec.settings);
    if (!spec.single) run_complete(out + "/" + spec.dir, spec);
  }
  if (specs.front().single) return run_one(catalog, specs.front(), out, options.run, report);
  std::size_t next = 0, done = 0, skipped = 0, failed = 0;
  std::map<pid_t, std::string> running;
  bool bad_input = false;
  const StopSignals signals;
  const pid_t self = ::getpid();
  while (next < specs.size() || !running.empty()) {
    if (stop_signal) break;
    while (next < specs.size() && static_cast<int>(running.size()) < options.jobs) {
      const auto& spec = specs[next++];
      const std::string dir = out + "/" + spec.dir;
      if (run_complete(dir, spec)) {
        ++done, ++skipped;
        continue;
      }
      std::fflush(nullptr);
      const pid_t pid = fork();
      if (pid < 0) throw std::runtime_error("fork failed");
      if (pid == 0) child(catalog, spec, dir, options.run, self);
      running[pid] = dir;
    }
    progress(done, specs.size(), skipped, failed);
    if (running.empty()) continue;
    int status = 0;
    const pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0 && errno == EINTR) continue;  // a signal: the loop's head decides
    if (pid < 0) throw std::runtime_error("waitpid failed");
    if (stop_signal) {  // a child the same Ctrl-C ended is no failure of its run
      running.erase(pid);
      continue;
    }
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
  if (stop_signal) {
    stop_children(running);
    if (isatty(STDERR_FILENO)) std::cerr << "\n";
    report << fmt::format("stopped by {} after {} of {} runs; run the same command to resume\n",
                          stop_signal == SIGINT ? "SIGINT" : "SIGTERM", done, specs.size());
    return 128 + stop_signal;
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
