// What a workstation or license agent knows of its resource (Raman et al. §4.4): whether it is
// available (a workstation's owner is away; a license is not used outside the pool), and whether
// a gang holds it: Free, Held (it said yes in phase one of a claim) or Busy (the claim committed;
// a job runs). Its current ad follows its availability (workload.hpp), and the re-check of a
// claim evaluates the gang's constraints again with the current ad in place of the matched one.
// Pure: no SimGrid; the agent actor and the availability actor of a resource share one.
#pragma once

#include <optional>
#include <string>

#include "classad/ad.hpp"
#include "sim/kinds/gangmatch/negotiation.hpp"
#include "sim/kinds/gangmatch/workload.hpp"

namespace arsim::kinds::gangmatch {

enum class Hold { Free, Held, Busy };

// The answer to phase one. `reason`: "held" (another gang holds the resource), "owner" (the
// workstation's owner is back), "in-use" (the license is used outside the pool), "constraint"
// (the gang's constraints are false on the current ad for another reason).
struct Verdict {
  bool ok = false;
  std::string reason;
  std::string detail;  // the checker's message when the constraints failed
};

class ResourceState {
 public:
  explicit ResourceState(ResourceSpec spec);

  Member id() const { return spec_.id; }
  bool available() const { return available_; }
  Hold hold() const { return hold_; }
  int gang() const { return gang_; }  // the holding gang, -1 when free
  const classad::ClassAd& current_ad() const;

  // The owner comes back (a workstation, whatever it does) or a user outside the pool takes the
  // license (only a free one). True when the state changed.
  bool become_unavailable();
  bool become_available();

  // What the collector should hold, when free: the current ad, or nothing (a license in use
  // outside the pool withdraws its ad). Every change takes a new version number.
  std::optional<classad::ClassAd> advertisement() const;
  long next_version() { return ++version_; }

  // Phase one: node `node` of `offer` is this resource. When the verdict is yes the resource is
  // Held by the gang. `now` is DayTime()'s clock.
  Verdict check(const GangOffer& offer, int node, double now);
  // Phase two. commit: Held by `gang` -> Busy (throws std::logic_error otherwise). release: Held
  // or Busy by `gang` -> Free; false (and no change) when `gang` does not hold it.
  void commit(int gang);
  bool release(int gang);

 private:
  ResourceSpec spec_;
  bool available_ = true;
  Hold hold_ = Hold::Free;
  int gang_ = -1;
  long version_ = 0;
};

}  // namespace arsim::kinds::gangmatch
