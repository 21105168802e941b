// The gangmatching workload of Raman et al. §6: N jobs and N workstations, L·N licenses, and a
// selectivity index S: workstations and licenses are split into S equal partitions, and a
// license is valid only on the workstations of its partition. Workstations carry Arch, OpSys,
// Memory and VirtualMemory, which the jobs constrain; each job carries an ImageSize, which the
// workstations constrain. The ads follow Figs. 2-4 (workloads/gangmatch/README.md shows them);
// the value distributions are ours (the paper gives none).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/gang/gang.hpp"

namespace arsim::workloads::gangmatch {

struct Config {
  int jobs = 1000;               // N, also the number of workstations
  double license_density = 1.0;  // L: round(L * N) licenses
  int selectivity = 1;           // S partitions
  int platforms = 7;             // (Arch, OpSys) pairs in use, the most common first (1..7)
  int request_scale = 1;         // jobs ask for this many times the default memory (1..16)
};

// Throws std::invalid_argument naming the field when the config is out of range.
void validate(const Config& c);

// The ads as text: the N jobs (in priority order), then the N workstations, then the licenses.
// Deterministic in (config, seed, run_index): streams "gangmatch-jobs" and
// "gangmatch-workstations" of model/random.hpp.
std::vector<std::string> generate_text(const Config& c, std::uint64_t seed, int run_index);

// The same ads read into one cycle's pool; the jobs are the roots.
model::gang::GangProblem generate(const Config& c, std::uint64_t seed, int run_index);

}  // namespace arsim::workloads::gangmatch
