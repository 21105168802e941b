// Reading an input file: regular files only (a FIFO or a device such as /dev/zero would block or
// never end), at most `limit` bytes (a runaway input is refused, not read into memory).
#pragma once

#include <cstdint>
#include <string>

namespace arsim::base {

inline constexpr std::uintmax_t kMaxInputBytes = std::uintmax_t{1} << 30;  // 1 GiB

// Throws arsim::InputError "PATH: cannot read WHAT: REASON" unless `path` is a readable regular
// file of at most `limit` bytes.
void require_regular_file(const std::string& path, const std::string& what,
                          std::uintmax_t limit = kMaxInputBytes);

// The whole file, after require_regular_file.
std::string read_file(const std::string& path, const std::string& what,
                      std::uintmax_t limit = kMaxInputBytes);

}  // namespace arsim::base
