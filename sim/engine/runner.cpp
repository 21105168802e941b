#include "sim/engine/runner.hpp"

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <utility>

#include <fmt/format.h>

#include "sim/actors/spawn.hpp"
#include "sim/engine/aggregate.hpp"
#include "sim/engine/run_state.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::engine {

namespace {

// Child process: one run, its report into the run folder. Exit 0 ok, 1 audit failed or a file
// could not be written, 2 bad input, 3 any other failure; a failure's reason goes to stderr and
// into report.txt, so a failed run of a sweep says why where it is looked for.
[[noreturn]] void child(const Catalog& catalog, const scenario::RunSpec& spec,
                        const std::string& dir, const RunOptions& options, pid_t parent) {
  // A child outlives no parent: a killed sweep must not leave runs racing a resumed one.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) _exit(3);
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  int status = 3;
  std::string reason;
  std::ofstream report;
  try {
    std::filesystem::create_directories(dir);
    report.open(dir + "/report.txt");
    status = run_one(catalog, spec, dir, options, report);
  } catch (const InputError& e) {  // any bad input: scenario, platform, workload
    reason = e.what();
    status = 2;
  } catch (const metrics::WriteError& e) {  // disk full, file size limit: the run failed
    reason = e.what();
    status = 1;
  } catch (const actors::ActorFailure& e) {  // an algorithm's wrong answer: the run failed
    reason = e.what();
    status = 1;
  } catch (const std::exception& e) {
    reason = dir + ": " + e.what();
  }
  if (!reason.empty()) {
    std::cerr << reason << "\n";
    report << fmt::format("run failed (exit {}): {}\n", status, reason);
  }
  report.close();
  std::fflush(nullptr);
  _exit(status);
}

// A child that died of a signal wrote no reason: the sweep adds one to its report.txt.
void note_signal(const std::string& dir, int status) {
  if (!WIFSIGNALED(status)) return;
  const int signal = WTERMSIG(status);
  std::ofstream(dir + "/report.txt", std::ios::app)
      << fmt::format("run failed: the process died of signal {} ({}), a defect of arsim's\n",
                     signal, strsignal(signal));
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

// Runs a list of runs in child processes, options.jobs at a time, recording each run's task and
// exit status when a Slurm task runs them. A run whose lock another process holds (another sweep
// into the same folder, a Slurm task) is put off until every other run ended, then waited for:
// once its lock is free it is complete, and counted as resumed, or it is made here.
class Batch {
 public:
  Batch(const Catalog& catalog, const std::vector<scenario::RunSpec>& specs,
        const std::vector<RunState>& states, const BatchOptions& options, std::string task,
        Tally& tally, std::ostream& report)
      : catalog_(catalog),
        specs_(specs),
        states_(states),
        options_(options),
        task_(std::move(task)),
        tally_(tally),
        report_(report) {}

  // Returns when all ended or a stop signal came.
  void run(std::vector<std::size_t> todo) {
    todo_ = std::move(todo);
    while (!stop_signal) {
      if (next_ == todo_.size() && running_.empty()) {
        if (put_off_.empty()) break;
        report_ << fmt::format("waiting for {} runs another process is making\n", put_off_.size());
        todo_ = std::exchange(put_off_, {});
        next_ = 0;
        waiting_ = true;
      }
      while (next_ < todo_.size() && static_cast<int>(running_.size()) < options_.jobs)
        if (!start(todo_[next_])) break;
      if (running_.empty()) continue;
      progress(tally_.done, tally_.total, tally_.skipped, tally_.failed);
      reap();
    }
    if (stop_signal) {
      std::map<pid_t, std::string> dirs;
      for (const auto& [pid, run] : running_) dirs[pid] = states_[run.index].dir;
      stop_children(dirs);
    }
    for (const auto& [pid, run] : running_) ::close(run.lock);
  }

 private:
  struct Running {
    std::size_t index;
    int lock;
  };

  // Takes the lock of run `index` and starts it, or finds it complete. False when it must wait
  // for a child of this batch to end first (its lock is held elsewhere, or a signal came).
  bool start(std::size_t index) {
    const RunState& state = states_[index];
    const int lock = lock_run(state.dir, waiting_ && running_.empty());
    if (lock < 0) {
      if (waiting_ || stop_signal) return false;
      put_off_.push_back(index), ++next_;
      return true;
    }
    ++next_;
    if (run_complete(state.dir, specs_[index])) {  // made by another process meanwhile
      ::close(lock);
      ++tally_.done, ++tally_.skipped;
      return true;
    }
    if (task_.empty())  // a local run: an earlier task's record no longer applies
      forget_task(state.dir);
    else
      record_task_start(state.dir, task_);
    std::fflush(nullptr);
    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {  // the other runs' locks end with their runs, not with this one
      for (const auto& [other, run] : running_) ::close(run.lock);
      child(catalog_, specs_[index], state.dir, options_.run, self_);
    }
    running_[pid] = {index, lock};
    return true;
  }

  // Waits for one child and tallies its end.
  void reap() {
    int status = 0;
    const pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0 && errno == EINTR) return;  // a signal: the loop's head decides
    if (pid < 0) throw std::runtime_error("waitpid failed");
    const auto found = running_.find(pid);
    if (found == running_.end()) return;
    const Running run = found->second;
    running_.erase(found);
    ::close(run.lock);
    if (stop_signal) return;  // a child the same Ctrl-C ended is no failure of its run
    const std::string& dir = states_[run.index].dir;
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 3;
    if (!task_.empty()) record_task_exit(dir, task_, code);
    if (code != 0) {
      note_signal(dir, status);
      ++tally_.failed;
      tally_.bad_input = tally_.bad_input || code == 2;
      report_ << fmt::format("run {} failed (exit {}); see {}/report.txt\n", dir, code, dir);
    }
    ++tally_.done;
  }

  const Catalog& catalog_;
  const std::vector<scenario::RunSpec>& specs_;
  const std::vector<RunState>& states_;
  const BatchOptions& options_;
  const std::string task_;
  Tally& tally_;
  std::ostream& report_;
  const pid_t self_ = ::getpid();
  std::vector<std::size_t> todo_, put_off_;
  std::size_t next_ = 0;
  bool waiting_ = false;  // every run left is being made by another process: wait for its lock
  std::map<pid_t, Running> running_;
};

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
  Batch(catalog, specs, states, options, selection.task, tally, report).run(std::move(todo));
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
