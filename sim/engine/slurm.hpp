// arsim run --slurm: the runs of a scenario that are not complete in its output folder, as one
// Slurm job array. Each array task runs `arsim run` with the same scenario, --out, --set and
// --seed for a few runs (--run-index), one after the other, into the usual folders, so every
// run.json has the scenario_hash of a local run. The script is DIR/slurm/array.sh, the job ids of
// the submissions DIR/slurm/jobs.txt, the command DIR/slurm/sweep.txt (read by arsim collect).
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "sim/engine/catalog.hpp"
#include "sim/engine/collect.hpp"
#include "sim/scenario/scenario.hpp"

namespace arsim::engine {

struct SlurmOptions {
  std::string partition;                // --partition, or "" for the cluster's default
  std::string time;                     // --time, or "" for the partition's default
  int throttle = 0;                     // at most this many tasks at once (--jobs), 0 for no limit
  int runs_per_task = 0;                // --runs-per-task, 0 to choose (default_runs_per_task)
  bool dry_run = false;                 // print the script, write and submit nothing
  bool audit = false, verbose = false;  // passed on to the tasks
  std::string binary;                   // the arsim the tasks run (an absolute path)
};

// Checks --partition, --time and --runs-per-task; throws InputError naming the flag.
void check_slurm_options(const SlurmOptions& options);

// Runs per task when --runs-per-task is not given: two tasks per slot of --jobs (a task start
// costs Slurm about a second), else as many runs per task as keep the array at 1,000 tasks
// (Slurm's default MaxArraySize is 1,001); at least 1.
int default_runs_per_task(std::size_t pending, int throttle);

// Consecutive runs of `pending`, at most `runs_per_task` per task.
std::vector<std::vector<std::size_t>> group_tasks(const std::vector<std::size_t>& pending,
                                                  int runs_per_task);

// Run indices as ranges ("0-4,7,9-10") and back; parse_index_ranges throws InputError naming
// --run-index on anything else.
std::string index_ranges(const std::vector<std::size_t>& indices);
std::vector<std::size_t> parse_index_ranges(const std::string& text);

// The job-array script: one task per element of `tasks`.
std::string slurm_script(const SweepCommand& command, const std::string& name,
                         const SlurmOptions& options,
                         const std::vector<std::vector<std::size_t>>& tasks);

// arsim run --slurm. When every run is complete, collects (collect_sweep); otherwise, unless a job
// of an earlier submission still has tasks queued or running, submits the runs that are not
// complete (or, with dry_run, prints the script). Returns the exit status: 0 submitted or
// collected, 1 sbatch or squeue failed or a run failed.
int submit_sweep(const Catalog& catalog, const scenario::Settings& settings,
                 const SweepCommand& command, const SlurmOptions& options, std::ostream& report);

}  // namespace arsim::engine
