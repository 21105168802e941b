// A seeded synthetic network of K domains of S nodes each (docs/guide/networks.md, Generator):
// inside a domain a Waxman graph on random coordinates, made connected; between domains a random
// tree plus Waxman edges on the domains' centres, each joining the closest pair of border nodes.
// The same options give the same network, link for link.
#pragma once

#include <cstdint>
#include <string>

#include "topology/network.hpp"

namespace arsim::topology {

struct GenerateOptions {
  int domains = 1;
  int nodes_per_domain = 1;
  std::uint64_t seed = 1;
  double alpha = 0.4;  // Waxman: P(u, v) = beta * exp(-d(u, v) / (alpha * L))
  double beta = 0.4;   // L: the largest distance between two nodes of the domain (or centres)
  int borders = 2;     // nodes of a domain that may join other domains
  std::string intra_gbps = "10,40,100";  // a link inside a domain: one of these, uniformly
  std::string inter_gbps = "100";        // a link between domains: one of these, uniformly
};

// Domain centres: uniform in latitude [35, 60] and longitude [-10, 30] (a continent the size of
// Europe); a domain's nodes: uniform within +-2 degrees of its centre.
inline constexpr double kLatitudeLow = 35, kLatitudeHigh = 60, kLongitudeLow = -10,
                        kLongitudeHigh = 30, kDomainSpread = 2;

// Throws arsim::InputError naming the option for values out of range (domains and nodes per
// domain in [1, 100000], at most 10^6 nodes; alpha > 0; beta in [0, 1]; borders >= 1; capacity
// lists of positive numbers).
Network generate_network(const GenerateOptions& options);

}  // namespace arsim::topology
