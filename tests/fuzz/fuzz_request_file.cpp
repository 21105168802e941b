// libFuzzer target: the request file reader (workloads/request_file.hpp). An input is the text of
// a request file. Rejection is an arsim::InputError; any other exception, crash or sanitizer report
// is a finding. What the reader accepts must keep the file's documented promise: written back, it
// reads to the same requests and writes byte-identically (write -> read -> write).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "base/input_error.hpp"
#include "workloads/request_file.hpp"

namespace {

[[noreturn]] void broken(const char* what) {
  std::fprintf(stderr, "fuzz_request_file: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<arsim::model::Request> requests;
  try {
    requests = arsim::workloads::parse_request_text(text, "fuzz.txt");
  } catch (const arsim::InputError&) {
    return 0;
  }
  // Consumers read the total cores of every accepted request (requests.csv, the planners).
  for (const auto& r : requests) (void)r.total_cpus();
  const std::string written = arsim::workloads::format_request_file(requests);
  std::vector<arsim::model::Request> again;
  try {
    again = arsim::workloads::parse_request_text(written, "rewritten.txt");
  } catch (const arsim::InputError&) {
    broken("an accepted file, written back, is rejected");
  }
  if (again.size() != requests.size()) broken("written back, the file has another request count");
  if (arsim::workloads::format_request_file(again) != written)
    broken("write -> read -> write is not byte-identical");
  return 0;
}
