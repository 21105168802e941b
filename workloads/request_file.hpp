// Plain-text request files: what `arsim generate` writes and a scenario can read back, so a
// workload can be inspected, edited or shared without its generator. Format (see README.md):
//
//   # id user type submit est lst duration service_level cpus pairs
//   0 UserA 2 211.3 120934 131734 3600 1 4,2,8 0-1:1,1-2:1
//
// One request per line, whitespace-separated fields; '#' lines and blank lines are ignored. Times
// in seconds, bandwidths in Gbit/s. cpus is a comma list, one entry per component; pairs is a comma
// list of a-b:bandwidth (component indices from 0) or '-' for none; a pair may end in @max_latency,
// its latency bound in seconds (absent: no bound, model::kNoLatencyBound). Numbers are written in
// the shortest form that reads back to the same double, so write -> read -> write is
// byte-identical.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "base/input_error.hpp"
#include "model/request.hpp"

namespace arsim::workloads {

// A malformed input file is an arsim::InputError (base/input_error.hpp). what() is one line:
// "FILE:LINE: field 'NAME': expected ..., got '...'" for a bad field, "FILE:LINE: request ID: ..."
// when model::validate rejects the request.
using arsim::InputError;

// The column header written as the first non-comment line of every file (without "# ").
inline constexpr std::string_view kRequestColumns =
    "id user type submit est lst duration service_level cpus pairs";

// One line (no newline) for `r`. Throws std::invalid_argument if the request would not read back:
// it fails model::validate, its user name contains whitespace, or a number is not finite.
std::string format_request_line(const model::Request& r);

// The whole file: each of `comments` as a "# " line, the column header, then one line per request.
std::string format_request_file(const std::vector<model::Request>& requests,
                                const std::vector<std::string>& comments = {});

// Writes format_request_file(...) to path + ".tmp" and renames it onto `path`, so a reader never
// sees a half-written file. Throws std::runtime_error when the file cannot be written.
void write_request_file(const std::string& path, const std::vector<model::Request>& requests,
                        const std::vector<std::string>& comments = {});

// Parses `text` as the contents of a file named `source` (used in messages). Keeps the order of
// the file. Every request passes model::validate; ids are unique. Throws InputError.
std::vector<model::Request> parse_request_text(std::string_view text, std::string_view source);

// Reads and parses the file at `path`. Throws InputError (also when it cannot be opened).
std::vector<model::Request> read_request_file(const std::string& path);

}  // namespace arsim::workloads
