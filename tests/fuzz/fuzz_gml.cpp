// libFuzzer target: the GML as the Internet Topology Zoo writes it (topology/readers.hpp,
// parse_gml). An input is a network file; network_reader.hpp says what is checked.
#include "tests/fuzz/network_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return arsim_fuzz::check_network_reader("fuzz_gml", arsim::topology::parse_gml, data, size);
}
