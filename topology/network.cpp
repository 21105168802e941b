#include "topology/network.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "base/files.hpp"
#include "base/input_error.hpp"
#include "topology/readers.hpp"

namespace arsim::topology {

std::string plain_name(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '_' || c == '.';
    out += keep ? c : '_';
  }
  return out.empty() ? "n" : out;
}

void normalize(Network& net, double default_gbps) {
  std::set<std::string> taken;
  for (auto& n : net.nodes) {
    const std::string base = plain_name(n.label.empty() ? n.id : n.label);
    std::string name = base;
    for (int k = 2; !taken.insert(name).second; ++k) name = fmt::format("{}_{}", base, k);
    n.name = name;
  }
  // One link per pair of nodes, in the order of the pair's indices.
  std::map<std::pair<int, int>, Link> merged;
  for (const auto& l : net.links) {
    if (l.a == l.b) {
      ++net.self_loops;
      continue;
    }
    const auto key = std::minmax(l.a, l.b);
    auto [it, fresh] = merged.emplace(key, l);
    if (fresh) {
      it->second.a = key.first, it->second.b = key.second;
      continue;
    }
    ++net.parallel_links;
    Link& kept = it->second;
    if (kept.gbps || l.gbps)
      kept.gbps = kept.gbps.value_or(default_gbps) + l.gbps.value_or(default_gbps);
  }
  net.links.clear();
  for (auto& [key, l] : merged) net.links.push_back(l);
}

std::vector<int> degrees(const Network& net) {
  std::vector<int> out(net.nodes.size(), 0);
  for (const auto& l : net.links) ++out[l.a], ++out[l.b];
  return out;
}

Network read_network(const std::string& path, const std::string& format) {
  std::string f = format;
  if (f.empty()) {
    const std::string ext = std::filesystem::path(path).extension().string();
    if (ext == ".graphml")
      f = "graphml";
    else if (ext == ".gml")
      f = "gml";
    else if (ext == ".txt" || ext == ".sndlib")
      f = "sndlib";
    else
      throw InputError(fmt::format(
          "{}: expected a .graphml, .gml, .txt or .sndlib file, or --format graphml|gml|sndlib",
          path));
  }
  if (f != "graphml" && f != "gml" && f != "sndlib")
    throw InputError(fmt::format("--format: expected graphml, gml or sndlib, got '{}'", f));
  const std::string text = base::read_file(path, "network");
  Network net = f == "graphml" ? parse_graphml(text, path)
                : f == "gml"   ? parse_gml(text, path)
                               : parse_sndlib(text, path);
  net.format = f;
  if (net.nodes.empty()) throw InputError(path + ": expected at least one node, got none");
  return net;
}

}  // namespace arsim::topology
