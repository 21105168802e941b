// arsim run --slurm, --run-index and arsim collect end to end, without a Slurm cluster: sbatch and
// squeue are small scripts on PATH that record their calls, and the array tasks are run by
// executing the written script with the variables Slurm would set. tests/slurm/ runs the same
// through a real one-node Slurm.
#include <cstdlib>

#include <gtest/gtest.h>

#include "tests/sim/cli_support.hpp"

using namespace arsim_test;  // NOLINT: the helpers of every end-to-end test

namespace {

// A sweep of 2 points x 3 runs on the test platform.
fs::path sweep_scenario(const fs::path& dir) {
  std::string body = good_scenario();
  body.replace(body.find("runs=\"1\""), 8, "runs=\"3\"");
  body.replace(body.find("</scenario>"), 11,
               "  <sweep><param name=\"grc.frames\" values=\"1 3\"/></sweep>\n</scenario>");
  return write_scenario(dir, body);
}

// sbatch answers job 42 and appends its arguments to DIR/sbatch.log (or fails when DIR/refuse
// exists); squeue prints DIR/queue, the tasks still queued or running.
void fake_slurm(const fs::path& dir) {
  fs::create_directories(dir / "bin");
  std::ofstream(dir / "bin" / "sbatch")
      << "#!/bin/sh\nif [ -e '" << (dir / "refuse").string()
      << "' ]; then echo 'sbatch: error: invalid partition specified: nope'; exit 1; fi\n"
      << "echo \"$@\" >> '" << (dir / "sbatch.log").string() << "'\necho 42\n";
  std::ofstream(dir / "bin" / "squeue")
      << "#!/bin/sh\ncat '" << (dir / "queue").string() << "' 2>/dev/null\nexit 0\n";
  fs::permissions(dir / "bin" / "sbatch", fs::perms::owner_all);
  fs::permissions(dir / "bin" / "squeue", fs::perms::owner_all);
  const std::string path = (dir / "bin").string() + ":" + std::getenv("PATH");
  ::setenv("PATH", path.c_str(), 1);
}

// Runs array task `task` of the written script as Slurm would, with job id 42.
Result run_task(const fs::path& out, int task) {
  const std::string cmd = fmt::format(
      "SLURM_ARRAY_JOB_ID=42 SLURM_ARRAY_TASK_ID={} bash {}/slurm/array.sh 2>&1; echo \"status "
      "$?\"",
      task, out.string());
  const std::string text = arsim_shell(cmd);
  const auto at = text.rfind("status ");
  return {std::stoi(text.substr(at + 7)), text.substr(0, at)};
}

}  // namespace

TEST(SlurmCli, DryRunPrintsTheArrayScriptAndWritesNothing) {
  const auto dir = scratch("slurm-dry");
  const auto f = sweep_scenario(dir);
  auto r = arsim(
      fmt::format("run {} --out {} --slurm --dry-run --jobs 2 --runs-per-task 2 --partition batch "
                  "--time 0:30 --seed 5 --audit",
                  f.string(), (dir / "o").string()));
  ASSERT_EQ(r.status, 0) << r.output;
  for (const char* line :
       {"#SBATCH --array=0-2%2\n", "#SBATCH --partition=batch\n", "#SBATCH --time=0:30\n",
        "#SBATCH --cpus-per-task=1\n", "  0) runs=0-1 ;;\n", "  1) runs=2-3 ;;\n",
        "  2) runs=4-5 ;;\n", " --seed '5' --audit --run-index \"$runs\"\n"})
    EXPECT_NE(r.output.find(line), std::string::npos) << line << "\n" << r.output;
  EXPECT_FALSE(fs::exists(dir / "o"));
  // Without --jobs no throttle, and tasks of 1 run when there are fewer runs than 1,000.
  r = arsim(fmt::format("run {} --out {} --slurm --dry-run", f.string(), (dir / "o").string()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("#SBATCH --array=0-5\n"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("--partition"), std::string::npos) << r.output;
}

TEST(SlurmCli, RunIndexMakesOnlyThoseRuns) {
  const auto dir = scratch("slurm-index");
  const auto f = sweep_scenario(dir);
  auto r =
      arsim(fmt::format("run {} --out {} --run-index 1,3-4", f.string(), (dir / "o").string()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("3 runs in"), std::string::npos) << r.output;
  std::vector<std::string> made;
  for (const auto& e : fs::recursive_directory_iterator(dir / "o"))
    if (e.path().filename() == "run.json")
      made.push_back(fs::relative(e.path().parent_path(), dir / "o").string());
  std::sort(made.begin(), made.end());
  EXPECT_EQ(made, (std::vector<std::string>{"grc.frames=1/run_001", "grc.frames=3/run_000",
                                            "grc.frames=3/run_001"}));
  EXPECT_FALSE(fs::exists(dir / "o" / "aggregate.csv"));
  EXPECT_FALSE(fs::exists(dir / "o" / "grc.frames=1/run_001/slurm_task.txt"));  // not a task
  // The dry run of the rest lists only the runs that are not complete.
  r = arsim(fmt::format("run {} --out {} --slurm --dry-run --runs-per-task 5", f.string(),
                        (dir / "o").string()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("  0) runs=0,2,5 ;;\n"), std::string::npos) << r.output;
}

TEST(SlurmCli, BadFlagCombinationsAreOneLineErrorsWithStatus2) {
  const auto dir = scratch("slurm-flags");
  const auto f = sweep_scenario(dir);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--partition batch", "--partition: only with --slurm"},
      {"--time 10", "--time: only with --slurm"},
      {"--dry-run", "--dry-run: only with --slurm"},
      {"--runs-per-task 3", "--runs-per-task: only with --slurm"},
      {"--slurm --run-index 0", "--run-index: not with --slurm"},
      {"--slurm --dry-run --time 10x", "--time: expected a Slurm time limit"},
      {"--slurm --dry-run --partition 'a b'", "--partition: expected partition names"},
      {"--run-index 6", "--run-index: there is no run 6: the scenario has 6 runs (0 to 5)"},
      {"--run-index 2-1", "--run-index: expected run indices and ranges"},
      {"--run-index 1,", "--run-index: expected run indices and ranges"},
      // The kind's checks run before anything is submitted, not in every array task.
      {"--slurm --dry-run --set grc.algorithm=nosuch", "nosuch"},
  };
  for (const auto& [flags, expect] : cases) {
    auto r = arsim(fmt::format("run {} --out {} {}", f.string(), (dir / "o").string(), flags));
    EXPECT_EQ(r.status, 2) << flags << ": " << r.output;
    EXPECT_EQ(lines(r.output), 1u) << flags << ": " << r.output;
    EXPECT_NE(r.output.find(expect), std::string::npos) << flags << ": " << r.output;
    EXPECT_FALSE(fs::exists(dir / "o")) << flags;
  }
  auto r = arsim(fmt::format("collect {}", dir.string()));
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
  EXPECT_NE(r.output.find("slurm/sweep.txt: cannot be read"), std::string::npos) << r.output;
}

TEST(SlurmCli, SubmitRunTasksCollectAndResubmitWhatIsIncomplete) {
  const auto dir = scratch("slurm-submit");
  fake_slurm(dir);
  const auto f = sweep_scenario(dir);
  const auto out = dir / "o";
  const std::string submit = fmt::format(
      "run {} --out {} --slurm --jobs 2 --runs-per-task 4 --seed 5", f.string(), out.string());
  auto r = arsim(submit);
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("submitted 6 of 6 runs as Slurm job 42 (2 array tasks of up to 4 "
                          "runs, 2 at a time)"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(slurp(out / "slurm" / "jobs.txt"), "42\n");
  EXPECT_NE(slurp(dir / "sbatch.log").find("--parsable"), std::string::npos);
  r = arsim("collect " + out.string());
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("0 of 6 runs complete"), std::string::npos) << r.output;
  EXPECT_EQ(count(r.output, "missing (never started)"), 6u) << r.output;

  // Task 0 makes runs 0-3; run 4 started and never ended, run 5 failed.
  r = run_task(out, 0);
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(slurp(out / "grc.frames=1/run_000/slurm_task.txt"), "task 42_0\nexit 0\n");
  fs::create_directories(out / "grc.frames=3/run_001");
  std::ofstream(out / "grc.frames=3/run_001/slurm_task.txt") << "task 42_1\n";
  fs::create_directories(out / "grc.frames=3/run_002");
  std::ofstream(out / "grc.frames=3/run_002/slurm_task.txt") << "task 42_1\nexit 3\n";
  r = arsim("collect " + out.string());
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("4 of 6 runs complete"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("(0 missing, 1 failed, 1 not finished)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("grc.frames=3/run_001: not finished (started by Slurm job 42_1"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("grc.frames=3/run_002: failed (exit 3, Slurm job 42_1)"),
            std::string::npos)
      << r.output;
  EXPECT_FALSE(fs::exists(out / "aggregate.csv"));

  // While the job has tasks in the queue nothing is submitted; then only runs 4 and 5 are.
  std::ofstream(dir / "queue") << "42_1\n";
  r = arsim(submit);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("Slurm job 42 of an earlier submission still has tasks"),
            std::string::npos)
      << r.output;
  fs::remove(dir / "queue");
  r = arsim(submit);
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("submitted 2 of 6 runs"), std::string::npos) << r.output;
  EXPECT_NE(slurp(out / "slurm" / "array.sh").find("  0) runs=4-5 ;;\n"), std::string::npos);
  r = run_task(out, 0);
  ASSERT_EQ(r.status, 0) << r.output;
  r = arsim("collect " + out.string());
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("6 runs complete"), std::string::npos) << r.output;

  // The same as a local sweep, byte for byte; the same command again submits nothing.
  const auto local = dir / "local";
  ASSERT_EQ(
      arsim(fmt::format("run {} --out {} --jobs 2 --seed 5", f.string(), local.string())).status,
      0);
  EXPECT_EQ(slurp(out / "aggregate.csv"), slurp(local / "aggregate.csv"));
  EXPECT_EQ(slurp(out / "sweep.csv"), slurp(local / "sweep.csv"));
  r = arsim(submit);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("6 runs complete"), std::string::npos) << r.output;
  EXPECT_EQ(lines(slurp(dir / "sbatch.log")), 2u);
}

TEST(SlurmCli, RefusedSubmissionIsReported) {
  const auto dir = scratch("slurm-refused");
  fake_slurm(dir);
  std::ofstream(dir / "refuse") << "";
  const auto f = sweep_scenario(dir);
  auto r = arsim(
      fmt::format("run {} --out {} --slurm --partition nope", f.string(), (dir / "o").string()));
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("sbatch refused"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("invalid partition specified"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir / "o" / "slurm" / "jobs.txt"));
}
