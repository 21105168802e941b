#include "sim/engine/collect.hpp"

#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "sim/engine/aggregate.hpp"
#include "sim/engine/run_state.hpp"
#include "sim/metrics/csv.hpp"

namespace arsim::engine {

namespace {

// Runs listed one per line; beyond this many, only their number.
constexpr std::size_t kListed = 20;

std::string command_path(const std::string& dir) {
  return dir + "/slurm/sweep.txt";
}

void list_runs(const std::vector<const RunState*>& runs, std::ostream& report) {
  for (std::size_t i = 0; i < runs.size() && i < kListed; ++i)
    report << "  " << describe_incomplete(*runs[i]) << "\n";
  if (runs.size() > kListed) report << fmt::format("  ... and {} more\n", runs.size() - kListed);
}

}  // namespace

void write_sweep_command(const std::string& out, const SweepCommand& c) {
  std::string text = "workdir " + c.workdir + "\nscenario " + c.scenario + "\nout " + c.out + "\n";
  for (const auto& s : c.sets) text += "set " + s + "\n";
  if (!c.seed.empty()) text += "seed " + c.seed + "\n";
  std::filesystem::create_directories(out + "/slurm");
  metrics::write_atomically(command_path(out), text);
}

SweepCommand read_sweep_command(const std::string& dir) {
  const std::string path = command_path(dir);
  std::ifstream in(path);
  if (!in)
    throw InputError(path +
                     ": cannot be read; arsim collect reads the folders of arsim run --slurm");
  SweepCommand c;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    const auto space = line.find(' ');
    const std::string key = line.substr(0, space);
    const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
    if (key == "workdir")
      c.workdir = value;
    else if (key == "scenario")
      c.scenario = value;
    else if (key == "out")
      c.out = value;
    else if (key == "set")
      c.sets.push_back(value);
    else if (key == "seed")
      c.seed = value;
    else
      throw InputError(fmt::format("{}:{}: expected workdir, scenario, out, set or seed, got '{}'",
                                   path, number, key));
  }
  if (c.workdir.empty() || c.scenario.empty() || c.out.empty())
    throw InputError(path + ": expected the lines workdir, scenario and out");
  return c;
}

int collect_sweep(const Catalog& catalog, const scenario::Settings& settings,
                  const std::string& out, std::ostream& report) {
  const auto specs = scenario::expand(settings);
  const auto states = survey_runs(out, specs);
  std::size_t complete = 0, missing = 0, failed = 0;
  std::vector<const RunState*> listed;
  for (const auto& s : states) {
    complete += s.complete;
    missing += !s.complete && s.task.empty();
    failed += !s.complete && s.exit_code.has_value();
    if (!s.complete || s.exit_code.value_or(0) != 0) listed.push_back(&s);
  }
  if (complete < states.size()) {
    report << fmt::format(
        "{} of {} runs complete in {} ({} missing, {} failed, {} not finished):\n", complete,
        states.size(), out, missing, failed, states.size() - complete - missing - failed);
    list_runs(listed, report);
    report << "the same arsim run --slurm submits again what is not complete\n";
    return 1;
  }
  report << fmt::format("{} runs complete in {}", states.size(), out);
  const auto metrics = catalog.kinds.of(settings).sweep_metrics();
  if (!metrics.empty() && !specs.front().single) {
    write_aggregates(out, specs, metrics);
    report << fmt::format(": {}/sweep.csv, {}/aggregate.csv", out, out);
  }
  report << "\n";
  list_runs(listed, report);  // complete, but their audit failed
  return listed.empty() ? 0 : 1;
}

}  // namespace arsim::engine
