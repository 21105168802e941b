// run.json: what a run was made of (hashes of its inputs, seed, versions) and its wall time.
// Written last, so its presence marks a completed run.
#pragma once

#include <string>

#include "sim/metrics/records.hpp"
#include "sim/scenario/scenario.hpp"

namespace arsim::engine {

// 64-bit FNV-1a, as 16 hex digits: stable across platforms and standard libraries.
std::string fnv1a_hex(const std::string& bytes);

void write_run_info(const std::string& dir, const scenario::RunSpec& spec,
                    const metrics::RunRecord& record, const std::string& platform_file,
                    const std::string& workload_text, double wall_seconds);

}  // namespace arsim::engine
