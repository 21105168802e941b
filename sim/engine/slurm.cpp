#include "sim/engine/slurm.hpp"

#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>

#include <fmt/format.h>

#include "base/numbers.hpp"
#include "sim/engine/run_state.hpp"
#include "sim/engine/runner.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::engine {

namespace {

namespace fs = std::filesystem;

// The text in single quotes for sh and bash.
std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

struct Command {
  int status;
  std::string output;  // stdout and stderr
};

Command run_command(const std::string& line) {
  std::fflush(nullptr);
  FILE* p = ::popen((line + " 2>&1").c_str(), "r");
  if (!p) return {127, "cannot start " + line};
  std::string out;
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  const int st = ::pclose(p);
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return {WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st), out};
}

std::string absolute_from(const std::string& workdir, const std::string& path) {
  return fs::path(path).is_absolute() ? path
                                      : (fs::path(workdir) / path).lexically_normal().string();
}

// The job of the last submission when it still has tasks queued or running, else "". Throws
// std::runtime_error when squeue cannot tell.
std::string active_job(const std::string& out) {
  std::ifstream in(out + "/slurm/jobs.txt");
  std::string job, line;
  while (std::getline(in, line))
    if (!line.empty()) job = line;
  if (job.empty()) return "";
  const Command q = run_command("squeue --noheader --format=%i --jobs=" + shell_quote(job));
  if (q.status == 0) return q.output.empty() ? "" : job;
  if (q.output.find("Invalid job id") != std::string::npos) return "";  // ended long ago
  throw std::runtime_error(
      fmt::format("squeue cannot tell whether Slurm job {} (of {}/slurm/jobs.txt) still runs: {}",
                  job, out, q.output));
}

std::string task_command(const SweepCommand& c, const SlurmOptions& o) {
  std::string line = "exec " + shell_quote(o.binary) + " run " + shell_quote(c.scenario) +
                     " --out " + shell_quote(c.out);
  for (const auto& s : c.sets) line += " --set " + shell_quote(s);
  if (!c.seed.empty()) line += " --seed " + shell_quote(c.seed);
  if (o.audit) line += " --audit";
  if (o.verbose) line += " --verbose";
  return line + " --run-index \"$runs\"\n";
}

}  // namespace

void check_slurm_options(const SlurmOptions& o) {
  static const std::regex partition("[A-Za-z0-9_.,-]+");
  static const std::regex time(
      "[0-9]+|[0-9]+:[0-9]{1,2}|[0-9]+:[0-9]{1,2}:[0-9]{1,2}|[0-9]+-[0-9]+(:[0-9]{1,2}){0,2}|"
      "UNLIMITED|INFINITE");
  if (!o.partition.empty() && !std::regex_match(o.partition, partition))
    throw InputError(
        "--partition: expected partition names (letters, digits, '.', '_', '-', "
        "comma-separated), got '" +
        o.partition + "'");
  if (!o.time.empty() && !std::regex_match(o.time, time))
    throw InputError(
        "--time: expected a Slurm time limit (MINUTES, MM:SS, HH:MM:SS, D-HH, "
        "D-HH:MM or D-HH:MM:SS), got '" +
        o.time + "'");
  if (o.runs_per_task < 0)
    throw InputError(
        fmt::format("--runs-per-task: expected a positive number, got {}", o.runs_per_task));
}

int default_runs_per_task(std::size_t pending, int throttle) {
  const std::size_t tasks = throttle > 0 ? 2 * static_cast<std::size_t>(throttle) : 1000;
  return static_cast<int>(std::max<std::size_t>(1, (pending + tasks - 1) / tasks));
}

std::vector<std::vector<std::size_t>> group_tasks(const std::vector<std::size_t>& pending,
                                                  int runs_per_task) {
  std::vector<std::vector<std::size_t>> tasks;
  for (std::size_t i = 0; i < pending.size(); ++i) {
    if (i % static_cast<std::size_t>(runs_per_task) == 0) tasks.emplace_back();
    tasks.back().push_back(pending[i]);
  }
  return tasks;
}

std::string index_ranges(const std::vector<std::size_t>& indices) {
  std::string out;
  for (std::size_t i = 0; i < indices.size();) {
    std::size_t j = i;
    while (j + 1 < indices.size() && indices[j + 1] == indices[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += std::to_string(indices[i]);
    if (j > i) out += fmt::format("-{}", indices[j]);
    i = j + 1;
  }
  return out;
}

std::vector<std::size_t> parse_index_ranges(const std::string& text) {
  static const std::regex item("([0-9]+)(-([0-9]+))?");
  std::vector<std::size_t> out;
  std::size_t at = 0;
  while (at <= text.size()) {
    const auto comma = std::min(text.find(',', at), text.size());
    const std::string part = text.substr(at, comma - at);
    std::smatch m;
    const auto first =
        std::regex_match(part, m, item) ? base::parse_uint64(m[1].str()) : std::nullopt;
    const auto last = m[3].matched ? base::parse_uint64(m[3].str()) : first;
    if (!first || !last || *last < *first || *last - *first >= scenario::kMaxRuns)
      throw InputError("--run-index: expected run indices and ranges such as 0-4,7, got '" + text +
                       "'");
    for (auto i = *first; i <= *last; ++i) out.push_back(static_cast<std::size_t>(i));
    at = comma + 1;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string slurm_script(const SweepCommand& c, const std::string& name, const SlurmOptions& o,
                         const std::vector<std::vector<std::size_t>>& tasks) {
  std::size_t runs = 0;
  for (const auto& t : tasks) runs += t.size();
  const std::string logs = absolute_from(c.workdir, c.out + "/slurm/logs");
  std::string s = fmt::format(
      "#!/bin/bash\n"
      "# arsim sweep '{}': {} runs in {} array tasks, each running its runs one after the other.\n"
      "# Written by arsim run --slurm; the same command submits again what is not complete, and\n"
      "# arsim collect {} writes sweep.csv and aggregate.csv once every run is.\n"
      "#SBATCH --job-name=arsim-{}\n#SBATCH --array=0-{}{}\n"
      "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n"
      "#SBATCH --chdir={}\n#SBATCH --output={}/%A_%a.out\n",
      name, runs, tasks.size(), c.out, name, tasks.size() - 1,
      o.throttle > 0 ? fmt::format("%{}", o.throttle) : "", c.workdir, logs);
  if (!o.partition.empty()) s += "#SBATCH --partition=" + o.partition + "\n";
  if (!o.time.empty()) s += "#SBATCH --time=" + o.time + "\n";
  s += "set -eu\ncd " + shell_quote(c.workdir) +
       "  # also when the script is run by hand\ncase \"${SLURM_ARRAY_TASK_ID:-}\" in\n";
  for (std::size_t t = 0; t < tasks.size(); ++t)
    s += fmt::format("  {}) runs={} ;;\n", t, index_ranges(tasks[t]));
  s += "  *) echo \"arsim: not an array task of this job: '${SLURM_ARRAY_TASK_ID:-}'\" >&2; "
       "exit 2 ;;\nesac\n";
  return s + task_command(c, o);
}

int submit_sweep(const Catalog& catalog, const scenario::Settings& settings,
                 const SweepCommand& command, const SlurmOptions& options, std::ostream& report) {
  const auto specs = scenario::expand(settings);
  // Bad input is found here, not by every array task.
  check_runs(catalog, specs, RunOptions{options.audit, options.verbose});
  const auto states = survey_runs(command.out, specs);
  std::vector<std::size_t> pending;
  for (const auto& s : states)
    if (!s.complete) pending.push_back(s.index);
  if (pending.empty() && !options.dry_run)
    return collect_sweep(catalog, settings, command.out, report);
  if (pending.empty()) {
    report << fmt::format("every run in {} is complete: nothing to submit\n", command.out);
    return 0;
  }
  const int per_task = options.runs_per_task > 0
                           ? options.runs_per_task
                           : default_runs_per_task(pending.size(), options.throttle);
  const auto tasks = group_tasks(pending, per_task);
  const std::string script = slurm_script(
      command, scenario::dir_value(settings.get_string("scenario.name")), options, tasks);
  if (options.dry_run) {
    report << script;
    return 0;
  }
  if (const std::string job = active_job(command.out); !job.empty()) {
    report << fmt::format(
        "Slurm job {} of an earlier submission still has tasks queued or "
        "running (squeue --jobs={}); submit again when it ended, or scancel it\n",
        job, job);
    return 1;
  }
  const std::string dir = command.out + "/slurm";
  fs::create_directories(dir + "/logs");
  write_sweep_command(command.out, command);
  metrics::write_atomically(dir + "/array.sh", script);
  const Command sb = run_command("sbatch --parsable " + shell_quote(dir + "/array.sh"));
  // --parsable: the job id (";cluster" on a federation) on the last line, after any warnings.
  const std::string last = sb.output.substr(sb.output.rfind('\n') + 1);
  const std::string job = last.substr(0, last.find_first_not_of("0123456789"));
  if (sb.status != 0 || job.empty()) {
    report << fmt::format("sbatch refused {}/array.sh (exit {}): {}\n", dir, sb.status, sb.output);
    return 1;
  }
  std::ofstream(dir + "/jobs.txt", std::ios::app) << job << "\n";
  report << fmt::format(
      "submitted {} of {} runs as Slurm job {} ({} array task{} of up to {} runs{}); when it "
      "ended: arsim collect {}\n",
      pending.size(), specs.size(), job, tasks.size(), tasks.size() == 1 ? "" : "s", per_task,
      options.throttle > 0 ? fmt::format(", {} at a time", options.throttle) : "", command.out);
  return 0;
}

}  // namespace arsim::engine
