// Sweep expansion: a scenario with a <sweep> is the cartesian product of its parameters, each
// point repeated scenario.runs times. The <variant>s of a sweep are one parameter ("variant")
// whose values are their names; a variant's point applies every key=value the variant lists.
//
// Order: parameters in file order, the first varying slowest, runs innermost. Run r of every point
// has seed scenario.seed + r (wrapping modulo 2^64), so all points see the same workloads (common
// random numbers) and differ only by the swept values. Folders: "<key>=<value>/.../run_NNN"
// (just "run_NNN" without a sweep), NNN zero-padded to at least 3 digits; in a folder name a list
// value's items are joined by ',' and characters other than letters, digits, '.', ',', '+', '-'
// and '_' become '_'.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "sim/scenario/settings.hpp"

namespace arsim::scenario {

struct RunSpec {
  Settings settings;  // the point's values applied and validated, defaults filled, no sweep
  std::string dir;    // relative folder of the run
  int run_index = 0;  // 0 .. runs - 1 within the point
  std::uint64_t seed = 0;
  std::vector<std::pair<std::string, std::string>> point;  // swept key -> value, in file order
  bool single = false;  // the scenario's only run: it runs into the output folder itself
};

// All runs, deterministic order. Throws InputError (at the sweep parameter) when a point is
// invalid, e.g. it sets a key that does not apply under another swept value.

std::vector<RunSpec> expand(const Settings& settings);

// A sweep has at most kMaxSweepPoints points and a scenario at most kMaxRuns runs in all (points x
// scenario.runs). Both are checked before any point is made: a few lines of values must not make
// reading a scenario take hours or all the memory.
inline constexpr std::uint64_t kMaxSweepPoints = 10000;
inline constexpr std::uint64_t kMaxRuns = 100000;

// Validates the sweep's size, then every sweep point (without repeating runs); load_scenario and
// apply_override call it. Throws InputError at the sweep parameter that passes kMaxSweepPoints, or
// at scenario.runs when the runs in all pass kMaxRuns.
void check_sweep_points(const Settings& settings);

// The folder-name form of a (normalized) value; see above.
std::string dir_value(const std::string& value);

}  // namespace arsim::scenario
