// Which runs of a scenario exist in an output folder and which are complete: the one answer the
// local runner (runner.cpp), the Slurm back-end (slurm.cpp) and arsim collect (collect.cpp) share.
// A run is complete when its folder holds a run.json made from the same settings (run_complete).
// A Slurm array task also leaves slurm_task.txt in each run folder it starts: the task's id when
// the run starts, and the run's exit status when it ends, so a run that is not complete can be
// told apart as never started, failed, or started and never ended (killed, or still running).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sim/scenario/scenario.hpp"

namespace arsim::engine {

struct RunState {
  std::size_t index = 0;         // in scenario::expand order
  std::string dir;               // the run's folder (the output folder itself for a single run)
  bool complete = false;         // run.json from the same settings
  std::string task;              // Slurm array task that last started it ("JOB_TASK"), or ""
  std::optional<int> exit_code;  // its exit status when that task recorded the end of the run
};

// The state of every run of `specs` under `out`, in their order. Throws InputError when a folder
// holds a completed run made from other settings (see run_complete).
std::vector<RunState> survey_runs(const std::string& out,
                                  const std::vector<scenario::RunSpec>& specs);

// The folder of run `spec` under `out`.
std::string run_dir(const std::string& out, const scenario::RunSpec& spec);

// slurm_task.txt of a run folder (created when missing): the task starting the run, and the
// run's exit status once it ended.
void record_task_start(const std::string& dir, const std::string& task);
void record_task_exit(const std::string& dir, const std::string& task, int exit_code);
// Removes slurm_task.txt of a run folder, if any: the run is made again without Slurm.
void forget_task(const std::string& dir);

// The lock of a run folder (flock on its run.lock, created when missing): the process making a run
// holds it, so two sweeps started into one folder, or a sweep and a Slurm task, never make the
// same run at once. Returns the descriptor holding the lock (the run's child inherits it; close
// it once the run ended), or -1 when another process holds it (wait = false) or a signal
// interrupted the wait (wait = true). Throws std::runtime_error when the file cannot be made.
int lock_run(const std::string& dir, bool wait);

// One line about a run that is not complete, or that failed: never started, failed with its exit
// status and Slurm task, or started by a task and never ended.
std::string describe_incomplete(const RunState& state);

}  // namespace arsim::engine
