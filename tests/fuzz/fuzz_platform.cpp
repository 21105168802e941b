// libFuzzer target: the platform reader (sim/platform/platform_check.hpp), as arsim check and every
// run read a platform first. An input is a platform file. SimGrid parses it inside its engine, one
// per process, so each input is loaded, sealed, routed and read in a child process; the promise
// checked is the reader's: it returns, or throws one InputError of one line naming the file,
// whatever the child did (SimGrid aborts included) and within libFuzzer's -timeout. Coverage comes
// only from this process (the child's counters are its own): the search is by mutation of the
// corpus more than by coverage.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "base/input_error.hpp"
#include "sim/platform/platform_check.hpp"

namespace {

[[noreturn]] void broken(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_platform: %s: %s\n", what, detail.c_str());
  std::abort();
}

// A new file per input: the reader remembers the platforms that passed, by name.
std::string scratch_path() {
  static long count = 0;
  return (std::filesystem::temp_directory_path() /
          ("arsim-fuzz-platform-" + std::to_string(getpid()) + "-" + std::to_string(count++) +
           ".xml"))
      .string();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = scratch_path();
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    if (!out) broken("cannot write the scratch file", path);
  }
  struct Remove {
    const std::string& path;
    ~Remove() { std::remove(path.c_str()); }
  } remove{path};
  try {
    arsim::platform::check_platform_in_child(path, arsim::platform::ReadOptions{});
  } catch (const arsim::InputError& e) {
    const std::string what = e.what();
    if (what.find('\n') != std::string::npos) broken("an error of more than one line", what);
    if (what.find(path) == std::string::npos) broken("an error that does not name the file", what);
  }
  return 0;
}
