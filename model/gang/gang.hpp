// Gangs of classads (Raman et al. §4.2): a gang is a tree whose root is a request ad (a job) and
// whose every other node is an ad docked, by one of its ports, to a port of its parent, until
// every port of every ad in the tree is bound and every Constraint on both sides of every dock is
// true. Types shared by the gang matchers (schedulers/gangmatch/), the command line and, later,
// the simulated matchmaker; pure C++ on the classad library.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "classad/ad.hpp"

namespace arsim::model::gang {

// One negotiation cycle's pool: the ads present, which of them are roots (in priority order;
// every other ad is a resource a gang may consume) and the clock DayTime() reads. A periodic
// matchmaker builds one per cycle from its current ads; ids are positions in `ads`.
struct GangProblem {
  std::vector<classad::ClassAd> ads;
  std::vector<int> roots;
  std::optional<double> clock;
};

struct GangNode {
  int ad = -1;
  int parent = -1;       // index of the parent node in Gang::nodes; -1 for the root
  int parent_port = -1;  // the parent's port this node is docked to
  int port = -1;         // this ad's port docked to the parent
};

// nodes[0] is the root; a node's parent comes before it.
struct Gang {
  std::vector<GangNode> nodes;
};

// Roots in range and distinct. Returns the first problem found.
std::optional<std::string> validate(const GangProblem& problem);

// Checks one gang independently of whatever built it: a root of the problem at nodes[0],
// resources elsewhere, no ad twice, parents before children, every port of every node bound
// exactly once (a non-root node's docking port to its parent, every other port to a child), and
// every Constraint of every port of every node true with the whole gang bound. Returns the first
// violation, or nothing.
std::optional<std::string> check_gang(const GangProblem& problem, const Gang& gang);

// Every gang passes check_gang, and no ad is in two gangs.
std::optional<std::string> check_gangs(const GangProblem& problem, const std::vector<Gang>& gangs);

// "job.ad:3" or the ad's Name attribute when it has one; for messages and listings.
std::string ad_name(const GangProblem& problem, int ad);

}  // namespace arsim::model::gang
