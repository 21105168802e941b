// The network a reader or the generator produces, before it becomes an annotated platform
// (docs/guide/networks.md): nodes with optional coordinates, a network (domain) attribute and an
// external mark, and undirected links with an optional capacity. Pure C++, no SimGrid.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace arsim::topology {

struct Node {
  std::string id;     // the file's node id (GraphML id, GML id, SNDlib name)
  std::string label;  // the file's label, or the id where it has none
  std::optional<double> latitude, longitude;  // degrees
  std::string network;                        // the file's own network attribute, or ""
  bool external = false;                      // Topology Zoo Internal=0
  int line = 0;                               // where the file declares it, 0 if unknown
  std::string name;                           // set by normalize(): unique, [A-Za-z0-9_.]
};

struct Link {
  int a = 0, b = 0;            // node indices
  std::optional<double> gbps;  // the file's capacity, Gbit/s
  int line = 0;
};

struct Network {
  std::string source;   // the file read, or "generated"
  std::string format;   // graphml | gml | sndlib | generated
  std::string network;  // the graph's own network name, or ""
  std::vector<Node> nodes;
  std::vector<Link> links;
  int demands = 0;         // SNDlib DEMANDS read (not used in the platform)
  int self_loops = 0;      // links dropped by normalize()
  int parallel_links = 0;  // links merged into an earlier one by normalize()
};

// Gives every node a unique name made of its label (characters other than letters, digits, '_'
// and '.' become '_'; an empty label becomes "n"; a name already taken gets "_2", "_3", ... in
// file order), drops self-loops and merges parallel links (the capacities add up; a link without
// a capacity counts as `default_gbps`). Links end up ordered by their ends' indices.
void normalize(Network& net, double default_gbps);

// A name of [A-Za-z0-9_.] made of `text` (used for node and domain names).
std::string plain_name(const std::string& text);

// The number of links of each node, after normalize().
std::vector<int> degrees(const Network& net);

// Reads `path` in `format` (graphml, gml or sndlib; "" picks it from the extension: .graphml,
// .gml, .txt or .sndlib). Throws arsim::InputError naming the file and line.
Network read_network(const std::string& path, const std::string& format = "");

}  // namespace arsim::topology
