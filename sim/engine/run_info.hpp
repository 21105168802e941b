// run.json: what a run was made of (hashes of its inputs, seed, versions) and its wall time.
// Written last, so its presence marks a completed run.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sim/engine/run_kind.hpp"
#include "sim/scenario/scenario.hpp"

namespace arsim::engine {

// 64-bit FNV-1a, as 16 hex digits: stable across platforms and standard libraries.
std::string fnv1a_hex(const std::string& bytes);

std::string json_string(const std::string& s);

// The 16-hex-digit FNV-1a of a file's bytes ("" when it cannot be read).
std::string file_hash(const std::string& path);

// The hash of everything a run is made from in its scenario (values after overrides, seed, sweep),
// recorded in run.json as scenario_hash.
std::string scenario_hash(const scenario::RunSpec& spec);

// run.json with the fields every run has (scenario, hashes, seed, point, versions, wall time) and
// `extra` in between.
void write_run_json(const std::string& dir, const scenario::RunSpec& spec, const JsonFields& extra,
                    double wall_seconds);

}  // namespace arsim::engine
