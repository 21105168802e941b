// run.json: what a run was made of (hashes of its inputs, seed, versions) and its wall time.
// Written last, so its presence marks a completed run. Written and read with one JSON library;
// read_run_json is the one reader (resume, arsim audit, arsim collect).
#pragma once

#include <string>
#include <vector>

#include "sim/engine/run_kind.hpp"
#include "sim/scenario/scenario.hpp"

namespace arsim::engine {

// 64-bit FNV-1a, as 16 hex digits: stable across platforms and standard libraries.
std::string fnv1a_hex(const std::string& bytes);

// The 16-hex-digit FNV-1a of a file's bytes ("" when it cannot be read).
std::string file_hash(const std::string& path);

// The hash of everything a run is made from in its scenario (values after overrides, seed, sweep),
// recorded in run.json as scenario_hash.
std::string scenario_hash(const scenario::RunSpec& spec);

// `x` rounded to `digits` decimals: wall-clock figures of run.json without their noise digits.
double rounded(double x, int digits);

// run.json with the fields every run has (scenario, hashes, seed, point, versions, wall time) and
// the kind's `extra` fields in between.
void write_run_json(const std::string& dir, const scenario::RunSpec& spec, const Json& extra,
                    double wall_seconds);

// What resume and arsim audit need of a run.json.
struct RecordedRun {
  std::string scenario;       // the scenario file as given to arsim run
  std::string scenario_hash;  // scenario_hash of the run's settings
  int run_index = 0;
  std::vector<std::string> overrides;  // "key=value"
  std::string arsim_commit;            // of the arsim that made the run; empty if not recorded
};

// Reads the fields above from `path`; throws InputError naming the file and the field that is
// missing or malformed, or the place where the file stops being JSON.
RecordedRun read_run_json(const std::string& path);

}  // namespace arsim::engine
