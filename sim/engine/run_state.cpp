#include "sim/engine/run_state.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "sim/engine/run_one.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::engine {

namespace {

constexpr const char* kTaskFile = "slurm_task.txt";

// Reads slurm_task.txt: "task JOB_TASK" and, once the run ended, "exit N". A file arsim did not
// write leaves the state as if no task had started the run.
void read_task_file(RunState& state) {
  std::ifstream in(std::filesystem::path(state.dir) / kTaskFile);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string key;
    words >> key;
    if (key == "task") {
      words >> state.task;
    } else if (key == "exit") {
      int code = 0;
      if (words >> code) state.exit_code = code;
    }
  }
}

}  // namespace

std::string run_dir(const std::string& out, const scenario::RunSpec& spec) {
  return spec.single ? out : out + "/" + spec.dir;
}

std::vector<RunState> survey_runs(const std::string& out,
                                  const std::vector<scenario::RunSpec>& specs) {
  std::vector<RunState> states;
  states.reserve(specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    RunState s;
    s.index = i;
    s.dir = run_dir(out, specs[i]);
    s.complete = run_complete(s.dir, specs[i]);
    read_task_file(s);
    states.push_back(std::move(s));
  }
  return states;
}

void record_task_start(const std::string& dir, const std::string& task) {
  std::filesystem::create_directories(dir);
  metrics::write_atomically(dir + "/" + kTaskFile, "task " + task + "\n");
}

void record_task_exit(const std::string& dir, const std::string& task, int exit_code) {
  metrics::write_atomically(dir + "/" + kTaskFile,
                            fmt::format("task {}\nexit {}\n", task, exit_code));
}

void forget_task(const std::string& dir) {
  std::error_code ignored;
  std::filesystem::remove(std::filesystem::path(dir) / kTaskFile, ignored);
}

int lock_run(const std::string& dir, bool wait) {
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/run.lock";
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT, 0666);
  if (fd < 0) throw std::runtime_error(fmt::format("{}: {}", path, std::strerror(errno)));
  if (::flock(fd, wait ? LOCK_EX : LOCK_EX | LOCK_NB) == 0) return fd;
  const int error = errno;
  ::close(fd);
  if (error == EWOULDBLOCK || error == EINTR) return -1;
  throw std::runtime_error(fmt::format("{}: cannot lock: {}", path, std::strerror(error)));
}

std::string describe_incomplete(const RunState& s) {
  if (s.complete && s.exit_code.value_or(0) == 1)
    return fmt::format("{}: audit FAILED (Slurm job {}); see {}/report.txt", s.dir, s.task, s.dir);
  if (s.complete) return s.dir + ": complete";
  if (s.task.empty()) return s.dir + ": missing (never started)";
  if (s.exit_code)
    return fmt::format("{}: failed (exit {}, Slurm job {}); see {}/report.txt", s.dir, *s.exit_code,
                       s.task, s.dir);
  return fmt::format(
      "{}: not finished (started by Slurm job {}: still running, or the task was stopped, e.g. "
      "by its time limit)",
      s.dir, s.task);
}

}  // namespace arsim::engine
