// run.json: what a run was made of (hashes of its inputs, seed, versions) and its wall time.
// Written last, so its presence marks a completed run.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sim/metrics/records.hpp"
#include "sim/scenario/scenario.hpp"

namespace arsim::engine {

// 64-bit FNV-1a, as 16 hex digits: stable across platforms and standard libraries.
std::string fnv1a_hex(const std::string& bytes);

// Fields of run.json beyond those every run has, as (name, JSON value) pairs in output order.
using JsonFields = std::vector<std::pair<std::string, std::string>>;

std::string json_string(const std::string& s);

// run.json of a simulation run.
void write_run_info(const std::string& dir, const scenario::RunSpec& spec,
                    const metrics::RunRecord& record, const std::string& platform_file,
                    const std::string& workload_text, double wall_seconds);

// run.json with the fields every run has (scenario, hashes, seed, point, versions, wall time) and
// `extra` in between.
void write_run_json(const std::string& dir, const scenario::RunSpec& spec, const JsonFields& extra,
                    double wall_seconds);

}  // namespace arsim::engine
