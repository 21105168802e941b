// The readers of the three network formats (docs/guide/networks.md). Each takes the whole text
// and the name of its file for messages, and throws arsim::InputError "FILE:LINE: what was
// expected" on the first thing it cannot read. They return the network as the file states it;
// normalize() (network.hpp) then names the nodes and merges parallel links.
#pragma once

#include <optional>
#include <string>

#include "topology/network.hpp"

namespace arsim::topology {

// GraphML as the Internet Topology Zoo writes it: <key> declarations naming the attributes
// (label, Latitude, Longitude, Internal, Network; LinkSpeedRaw, LinkSpeed, LinkSpeedUnits).
Network parse_graphml(const std::string& text, const std::string& source);

// GML: graph [ node [ id 0 label "X" Latitude .. Longitude .. Internal 1 ] edge [ source 0
// target 1 LinkSpeedRaw 1e10 ] ], the same attributes as the GraphML reader.
Network parse_gml(const std::string& text, const std::string& source);

// SNDlib's native format: NODES ( name ( lon lat ) ... ), LINKS ( id ( src tgt ) pre_cap cost
// routing_cost setup_cost ( module_cap module_cost ... ) ), DEMANDS (counted, not used).
Network parse_sndlib(const std::string& text, const std::string& source);

// Bits per second of a Topology Zoo link speed: LinkSpeedRaw when present, else LinkSpeed times
// LinkSpeedUnits (K, M, G, T); nothing when neither is given or the speed is 0. Shared by the
// GraphML and GML readers; a value that is not a number throws InputError at SOURCE:LINE.
struct LinkSpeed {
  std::string raw, speed, units;
};
std::optional<double> link_speed_gbps(const LinkSpeed& s, const std::string& source, int line);

// Throws arsim::InputError "SOURCE:LINE: field 'FIELD': WHAT" (without the line when it is 0,
// without the field when it is empty).
[[noreturn]] void fail_at(const std::string& source, int line, const std::string& field,
                          const std::string& what);

// Sets the Topology Zoo node attribute `key` (label, Latitude, Longitude, Internal, Network; any
// other is ignored) from its text; throws InputError at SOURCE:LINE for a bad value.
void set_zoo_attribute(Node& node, const std::string& key, const std::string& value,
                       const std::string& source, int line);

// A coordinate in degrees within [-limit, limit], or nothing (outside the range it is treated as
// missing, docs/guide/networks.md).
std::optional<double> degrees_within(double value, double limit);

}  // namespace arsim::topology
