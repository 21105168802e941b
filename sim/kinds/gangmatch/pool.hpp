// The collector's pool (Raman et al. §2, §5): the ads the agents advertised, one per member,
// replaced when an agent re-advertises and dropped when it withdraws or when a gang consumes it.
// Every advertisement carries the agent's version number, so a message overtaken by a later one
// of the same agent changes nothing. A snapshot is one negotiation cycle's pool
// (model/gang/gang.hpp): the jobs first, as roots in priority order (submit time, then index),
// then the workstations and the licenses by index. Pure: no SimGrid.
#pragma once

#include <map>
#include <vector>

#include "classad/ad.hpp"
#include "model/gang/gang.hpp"
#include "sim/kinds/gangmatch/members.hpp"

namespace arsim::kinds::gangmatch {

class AdPool {
 public:
  // The member's ad becomes `ad` unless an advertisement or withdrawal with a version >= this one
  // was seen. `priority` orders the roots (jobs: their submit time). True when applied.
  bool advertise(Member m, long version, classad::ClassAd ad, double priority = 0);
  // Drops the member's ad, with the same rule on versions. True when applied.
  bool withdraw(Member m, long version);
  // Drops the ad of a member a gang consumed (whatever its version).
  void remove(Member m);

  bool contains(Member m) const { return ads_.count(m) != 0; }
  std::size_t size() const { return ads_.size(); }
  std::size_t roots() const;

  struct Snapshot {
    model::gang::GangProblem problem;
    std::vector<Member> members;  // per ad of the problem
  };
  Snapshot snapshot(double clock) const;

 private:
  struct Entry {
    classad::ClassAd ad;
    double priority = 0;
  };
  bool newer(Member m, long version);

  std::map<Member, Entry> ads_;  // ordered by kind, then index
  std::map<Member, long> versions_;
};

}  // namespace arsim::kinds::gangmatch
