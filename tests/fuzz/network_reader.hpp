// What fuzz_graphml, fuzz_gml and fuzz_sndlib check of a network reader (topology/readers.hpp):
// it rejects an input only with one InputError of one line naming the file; what it accepts
// normalizes to links between distinct known nodes with unique plain names, attaches sites to
// every internal node and prints as a platform naming every host its paths end at.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

#include "base/input_error.hpp"
#include "topology/attach.hpp"
#include "topology/platform_writer.hpp"
#include "topology/readers.hpp"

namespace arsim_fuzz {

[[noreturn]] inline void broken(const char* target, const std::string& what) {
  std::fprintf(stderr, "%s: %s\n", target, what.c_str());
  std::abort();
}

template <class Parse>
int check_network_reader(const char* target, Parse parse, const std::uint8_t* data,
                         std::size_t size) {
  namespace topo = arsim::topology;
  const std::string text(reinterpret_cast<const char*>(data), size);
  topo::Network net;
  try {
    net = parse(text, "fuzz.net");
  } catch (const arsim::InputError& e) {
    const std::string message = e.what();
    if (message.rfind("fuzz.net", 0) != 0) broken(target, "the message names no file: " + message);
    if (message.find('\n') != std::string::npos) broken(target, "a message of several lines");
    return 0;
  }
  topo::normalize(net, 10);
  std::set<std::string> names;
  for (const auto& n : net.nodes)
    if (!names.insert(n.name).second ||
        n.name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                 "0123456789_.") != std::string::npos)
      broken(target, "a node name is not unique and plain: " + n.name);
  const int count = static_cast<int>(net.nodes.size());
  for (const auto& l : net.links)
    if (l.a < 0 || l.b >= count || l.a >= l.b || (l.gbps && !(*l.gbps > 0)))
      broken(target, "a link after normalize() is not a pair of distinct nodes with a capacity");
  const topo::Plan plan = topo::attach(net, {});
  std::set<std::string> hosts;
  for (const auto& h : plan.hosts) hosts.insert(h.name);
  for (const auto& p : plan.paths)
    if (!hosts.count(p.a) || !hosts.count(p.b) || !(p.gbps > 0) || !(p.latency_s >= 0))
      broken(target, "a path ends at no host or has no capacity: " + p.id);
  if (topo::platform_text(plan, "fuzz").find("</platform>") == std::string::npos)
    broken(target, "the platform text is not closed");
  return 0;
}

}  // namespace arsim_fuzz
