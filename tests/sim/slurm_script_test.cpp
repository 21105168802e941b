// The pieces of arsim run --slurm (sim/engine/slurm.hpp): run-index ranges, tasks, the default
// size of a task, the checks of --partition and --time, and the script, run by bash with a
// stand-in for arsim that prints the arguments it gets.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "base/input_error.hpp"
#include "sim/engine/slurm.hpp"
#include "tests/sim/cli_support.hpp"

namespace arsim::engine {
namespace {

namespace fs = std::filesystem;

using Indices = std::vector<std::size_t>;

TEST(SlurmScript, IndexRangesRoundTrip) {
  EXPECT_EQ(index_ranges({0, 1, 2, 3, 4, 7, 9, 10}), "0-4,7,9-10");
  EXPECT_EQ(index_ranges({5}), "5");
  EXPECT_EQ(parse_index_ranges("9-10,0-4,7,3"), (Indices{0, 1, 2, 3, 4, 7, 9, 10}));
  for (const Indices& xs : {Indices{0}, Indices{1, 3, 4, 5, 99}, Indices{2, 3}})
    EXPECT_EQ(parse_index_ranges(index_ranges(xs)), xs);
  for (const char* bad : {"", "1,", ",1", "a", "3-1", "1-2-3", "-1", "1 2", "0-99999999999"})
    EXPECT_THROW(parse_index_ranges(bad), InputError) << bad;
}

TEST(SlurmScript, TasksAreConsecutiveRunsOfAtMostN) {
  const auto tasks = group_tasks({0, 2, 3, 4, 8}, 2);
  EXPECT_EQ(tasks, (std::vector<Indices>{{0, 2}, {3, 4}, {8}}));
  EXPECT_EQ(group_tasks({1, 2}, 5), (std::vector<Indices>{{1, 2}}));
  // Two tasks per --jobs slot; without --jobs at most 1,000 tasks; never an empty task.
  EXPECT_EQ(default_runs_per_task(100, 2), 25);
  EXPECT_EQ(default_runs_per_task(101, 2), 26);
  EXPECT_EQ(default_runs_per_task(3, 8), 1);
  EXPECT_EQ(default_runs_per_task(999, 0), 1);
  EXPECT_EQ(default_runs_per_task(30000, 0), 30);
}

TEST(SlurmScript, PartitionAndTimeAreChecked) {
  SlurmOptions o;
  for (const char* t : {"30", "0:30", "1:00:00", "2-0", "2-12:30", "1-00:00:00", "UNLIMITED"}) {
    o.time = t;
    EXPECT_NO_THROW(check_slurm_options(o)) << t;
  }
  for (const char* t : {"1h", "-5", "1:2:3:4", " 30"}) {
    o.time = t;
    EXPECT_THROW(check_slurm_options(o), InputError) << t;
  }
  o.time = "";
  o.partition = "batch,long";
  EXPECT_NO_THROW(check_slurm_options(o));
  for (const char* p : {"a b", "a\nb", "$(x)"}) {
    o.partition = p;
    EXPECT_THROW(check_slurm_options(o), InputError) << p;
  }
}

// Each task hands arsim exactly the arguments of the submission, whatever they hold.
TEST(SlurmScript, TasksPassTheArgumentsUnchanged) {
  const fs::path dir = fs::temp_directory_path() / fmt::format("arsim-slurm-script-{}", getpid());
  fs::create_directories(dir);
  const auto fake = dir / "arsim";
  std::ofstream(fake) << "#!/bin/sh\nfor a in \"$@\"; do echo \"[$a]\"; done\n";
  fs::permissions(fake, fs::perms::owner_all);
  const SweepCommand command{dir.string(),
                             "my scenario's.xml",
                             "out dir",
                             {"user.A.name=it's $HOME", "grc.frames=3"},
                             "12"};
  SlurmOptions o;
  o.binary = fake.string();
  o.throttle = 3;
  o.audit = true;
  const std::string script = slurm_script(command, "s", o, {{0, 1, 2}, {5, 7}});
  EXPECT_NE(script.find("#SBATCH --array=0-1%3\n"), std::string::npos) << script;
  EXPECT_NE(script.find("#SBATCH --chdir=" + dir.string() + "\n"), std::string::npos) << script;
  std::ofstream(dir / "array.sh") << script;
  const std::string got = arsim_test::arsim_shell(
      fmt::format("cd / && SLURM_ARRAY_TASK_ID=1 bash {} 2>&1", (dir / "array.sh").string()));
  EXPECT_EQ(got,
            "[run]\n[my scenario's.xml]\n[--out]\n[out dir]\n[--set]\n[user.A.name=it's $HOME]\n"
            "[--set]\n[grc.frames=3]\n[--seed]\n[12]\n[--audit]\n[--run-index]\n[5,7]\n");
  const std::string other = arsim_test::arsim_shell(fmt::format(
      "SLURM_ARRAY_TASK_ID=2 bash {} 2>&1; echo \"status $?\"", (dir / "array.sh").string()));
  EXPECT_NE(other.find("not an array task of this job: '2'"), std::string::npos) << other;
  EXPECT_NE(other.find("status 2"), std::string::npos) << other;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace arsim::engine
