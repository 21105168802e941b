// From a network to the hosts and paths of an annotated platform (docs/guide/networks.md,
// Mapping): every node an exchange point, compute sites attached to chosen nodes, domains, path
// bandwidths, latencies and unit values. The platform writer (platform_writer.hpp) adds the
// control hosts and prints the XML.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "topology/network.hpp"

namespace arsim::topology {

struct AttachOptions {
  std::string sites = "all";                // all | top:N | list:A,B,C (node names)
  std::string cores = "choice:8,16,32,64";  // cores per site: drawn uniformly from the list
  std::string cores_file;                   // lines "NODE CORES" instead of `cores`
  std::uint64_t seed = 1;                   // the draws of `cores`
  std::string domain;                       // nodes without a network attribute; "" = see domain_of
  double default_gbps = 10;                 // a link whose file gives no capacity
  double site_gbps = 100;                   // the path joining a site to its node
  double default_latency_s = 1e-3;          // a link with an end that lacks coordinates
  double site_latency_s = 1e-4;             // the path joining a site to its node (20 km of fibre)
};

// Unit values (GridARS Table 1, as in platforms/elgl.xml): a core 1, a path inside one domain 5,
// a path between two domains 3.
inline constexpr double kCoreUnitValue = 1, kInDomainPathValue = 5, kInterDomainPathValue = 3;

struct PlanHost {
  std::string name, role, domain;  // role: site | exchange | control
  int cores = 0;                   // sites only
};

struct PlanLink {
  std::string id, a, b, domain;
  double gbps = 0, latency_s = 0, unit_value = 0;
};

struct Plan {
  std::vector<PlanHost> hosts;  // exchange points, then sites, then control hosts
  std::vector<PlanLink> paths;  // role=path links
  std::vector<std::string> domains;
  int sites = 0, external = 0, missing_coordinates = 0;
};

// The plan of `net` after normalize(). Throws arsim::InputError naming the option (or the cores
// file and line) for a bad --sites, --cores or --cores-file.
Plan attach(const Network& net, const AttachOptions& options);

// The domain of a node: plain_name() of its own network attribute, else of options.domain, else
// of the graph's network attribute, else "net".
std::string domain_of(const Network& net, const Node& node, const AttachOptions& options);

// Host names: "x_NODE" for the exchange point of a node, "s_NODE" for its site.
std::string exchange_host(const Node& node);
std::string site_host(const Node& node);

}  // namespace arsim::topology
