// Units: the groups of interchangeable ads a gang search works with. Without clustering every ad
// is its own unit. With clustering (the `clustered` matcher) ads whose every attribute that any
// Constraint or Rank of the pool can read is written alike form one unit, as HTCondor's
// negotiator groups jobs into autoclusters by their significant attributes; here resources are
// grouped too. Members of a unit evaluate every constraint and rank alike, so a search may try a
// unit once instead of each member; a gang takes a unit's smallest free members.
#pragma once

#include <string>
#include <vector>

#include "model/gang/gang.hpp"

namespace arsim::schedulers::gangmatch {

struct Units {
  std::vector<int> rep;                   // per unit: the ad the search evaluates (first member)
  std::vector<std::vector<int>> members;  // per unit: its ads, ascending
  std::vector<int> unit_of;               // per ad
  std::vector<char> root;                 // per unit: a unit of roots (never a candidate)
  std::vector<int> taken;                 // per unit: members consumed, always the smallest

  int count() const { return static_cast<int>(rep.size()); }
  int available(int u) const { return static_cast<int>(members[u].size()) - taken[u]; }
  // The k-th smallest member not consumed yet.
  int member(int u, int k) const { return members[u][taken[u] + k]; }
};

Units singleton_units(const model::gang::GangProblem& problem);

struct ClusterInfo {
  std::vector<std::string> significant;  // folded attribute names, sorted
  bool everything = false;  // some constraint reads a whole record: ads cluster only if equal
};

// Groups the ads by their significant attributes (clusters.cpp).
Units cluster_units(const model::gang::GangProblem& problem, ClusterInfo* info = nullptr);

// A port of a resource unit through which the unit can dock.
struct CandidatePort {
  int unit;
  int port;
};

// Every port of every resource unit, by unit then port.
std::vector<CandidatePort> candidate_ports(const model::gang::GangProblem& problem,
                                           const Units& units);

}  // namespace arsim::schedulers::gangmatch
