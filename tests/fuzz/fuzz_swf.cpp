// libFuzzer target: the SWF trace reader (workloads/intervals/swf.hpp). An input is a trace; one
// that starts with the gzip magic bytes goes through a file and read_swf (zlib), any other through
// parse_swf. Rejection is the reader's SwfError (an arsim::InputError); any other exception, crash
// or sanitizer report is a finding. Accepted traces are cut into windows as the interval kind and
// the offline experiments do.
#include <unistd.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "base/input_error.hpp"
#include "workloads/intervals/swf.hpp"

namespace {

[[noreturn]] void broken(const char* what) {
  std::fprintf(stderr, "fuzz_swf: %s\n", what);
  std::abort();
}

bool is_gzip(const std::uint8_t* data, std::size_t size) {
  return size >= 2 && data[0] == 0x1f && data[1] == 0x8b;
}

// One scratch file per process, rewritten for every gzip input.
const std::string& scratch_path() {
  static const std::string path =
      (std::filesystem::temp_directory_path() / ("arsim-fuzz-swf-" + std::to_string(getpid())))
          .string() +
      ".swf.gz";
  return path;
}

arsim::workloads::SwfTrace read(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  if (!is_gzip(data, size)) {
    std::istringstream in(bytes);
    return arsim::workloads::parse_swf(in, "fuzz.swf");
  }
  {
    std::ofstream out(scratch_path(), std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) broken("cannot write the scratch file");
  }
  struct Remove {
    ~Remove() { std::remove(scratch_path().c_str()); }
  } remove;
  return arsim::workloads::read_swf(scratch_path());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  arsim::workloads::SwfTrace trace;
  try {
    trace = read(data, size);
  } catch (const arsim::workloads::SwfError&) {
    return 0;
  }
  const std::size_t n = trace.tasks.size();
  if (trace.skipped > trace.jobs || static_cast<long>(n) != trace.jobs - trace.skipped)
    broken("job counts disagree with the tasks read");
  for (const auto& t : trace.tasks)
    if (!std::isfinite(t.start) || !std::isfinite(t.finish) || t.finish < t.start)
      broken("a task's interval is not finite and ordered");
  if (n == 0) return 0;
  const auto all = arsim::workloads::swf_window(trace, 0, 0);
  const auto tail = arsim::workloads::swf_window(trace, n / 2, 3);
  if (all.size() != n || tail.size() != std::min<std::size_t>(3, n - n / 2))
    broken("a window has the wrong number of tasks");
  // A predecessor is a job that came earlier in the file (and in the window).
  for (const auto* w : {&all, &tail})
    for (std::size_t i = 0; i < w->size(); ++i)
      if ((*w)[i].predecessor < -1 || (*w)[i].predecessor >= static_cast<long>(i))
        broken("a predecessor is not an earlier task of its window");
  return 0;
}
