// libFuzzer target: the SNDlib's native format (topology/readers.hpp, parse_sndlib). An input is a
// network file; network_reader.hpp says what is checked.
#include "tests/fuzz/network_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return arsim_fuzz::check_network_reader("fuzz_sndlib", arsim::topology::parse_sndlib, data, size);
}
