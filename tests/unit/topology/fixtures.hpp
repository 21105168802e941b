// The hand-written networks of data/ (one per format) and a way to read a variant of one.
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "base/input_error.hpp"
#include "tests/support/temp_dir.hpp"
#include "topology/network.hpp"
#include "topology/readers.hpp"

namespace arsim::topology::testing {

inline const std::string kData = "tests/unit/topology/data/";
inline const std::string kGraphml = kData + "two_networks.graphml";
inline const std::string kGml = kData + "tiny.gml";
inline const std::string kSndlib = kData + "four_nodes.txt";

// `file` with its first `from` replaced by `to` (which must occur).
inline std::string variant(const std::string& file, const std::string& from,
                           const std::string& to) {
  std::string text = arsim::testing::slurp(file);
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// The message of the InputError `parse` throws on `text`, or "" when it throws none.
template <class Parse>
std::string error_of(Parse parse, const std::string& text, const std::string& source) {
  try {
    parse(text, source);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

inline int index_of(const Network& net, const std::string& name) {
  for (std::size_t i = 0; i < net.nodes.size(); ++i)
    if (net.nodes[i].name == name) return static_cast<int>(i);
  return -1;
}

// The link between two named nodes after normalize(), or nullptr.
inline const Link* link_between(const Network& net, const std::string& a, const std::string& b) {
  const int ia = index_of(net, a), ib = index_of(net, b);
  for (const auto& l : net.links)
    if ((l.a == ia && l.b == ib) || (l.a == ib && l.b == ia)) return &l;
  return nullptr;
}

}  // namespace arsim::topology::testing
