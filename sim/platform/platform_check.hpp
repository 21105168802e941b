// Loading a platform without letting SimGrid abort the process. SimGrid stops the process (abort,
// not an exception) on many platform errors: a host without cores, a route declared twice, a zone
// route through a Vivaldi zone without coordinates. So the platform is first loaded and read, with
// every route look-up of the reading, in a child process; a child that dies becomes one
// InputError naming the file, the pair of hosts being looked up if any, and SimGrid's reason.
#pragma once

#include <cstddef>
#include <string>

#include "sim/platform/platform_view.hpp"

namespace arsim::platform {

// The size of a platform's reservation graph: what bounds the rows of the files written per
// time bucket (one per site and per path).
struct PlatformSize {
  std::size_t sites = 0;
  std::size_t paths = 0;
  std::size_t profiles = 0;  // failure (state) profiles accepted (ReadOptions::failures)
};

// Loads `file` into a fresh SimGrid engine in a child process and reads it with `options`
// (read_platform). Returns the size of its graph when that succeeded; throws InputError otherwise.
// Call it before the process creates its own engine (fork duplicates the caller).
PlatformSize check_platform_in_child(const std::string& file, const ReadOptions& options);

}  // namespace arsim::platform
