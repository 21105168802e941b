// `arsim platform`: annotated platforms from research networks and from a generator
// (docs/guide/networks.md).
//   arsim platform import FILE --out PLATFORM.xml [--format F] [--sites S] [--cores C] ...
//   arsim platform generate --out PLATFORM.xml --domains K --sites-per-domain S --seed N ...
// Pure C++ (no SimGrid): topology/ and the atomic file writer of sim/metrics.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace arsim::cli {

// `args` are the words after "platform". Returns the exit status: 0 written, 1 the file could not
// be written, 2 bad input (one line on `err` naming the file and line, nothing written), 3 an
// internal error.
int platform_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arsim::cli
