// arsim collect DIR: sweep.csv and aggregate.csv of a sweep whose runs were made elsewhere (the
// tasks of arsim run --slurm), once every run is complete; until then, which runs are missing or
// failed, with the Slurm jobs that ran them.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "sim/engine/catalog.hpp"
#include "sim/scenario/scenario.hpp"

namespace arsim::engine {

// How a sweep was started: with it, the tasks and arsim collect rebuild the same settings.
struct SweepCommand {
  std::string workdir;  // the folder arsim run ran in (absolute); the paths below are from it
  std::string scenario;
  std::string out;
  std::vector<std::string> sets;  // --set key=value, as given
  std::string seed;               // --seed, or ""
};

// DIR/slurm/sweep.txt: writes it, and reads it (throws InputError when missing or malformed).
void write_sweep_command(const std::string& out, const SweepCommand& command);
SweepCommand read_sweep_command(const std::string& dir);

// Writes out/sweep.csv and out/aggregate.csv (kinds with sweep metrics) when every run of
// `settings` is complete under `out`, else lists the runs that are not. Returns 0 when all are
// complete and none failed, 1 otherwise.
int collect_sweep(const Catalog& catalog, const scenario::Settings& settings,
                  const std::string& out, std::ostream& report);

}  // namespace arsim::engine
