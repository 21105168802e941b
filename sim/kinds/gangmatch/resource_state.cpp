#include "sim/kinds/gangmatch/resource_state.hpp"

#include <stdexcept>

namespace arsim::kinds::gangmatch {

ResourceState::ResourceState(ResourceSpec spec) : spec_(std::move(spec)) {
  if (spec_.id.kind == MemberKind::Job)
    throw std::invalid_argument("ResourceState: a job is no resource");
  if (spec_.available.empty() || spec_.unavailable.empty())
    throw std::invalid_argument("ResourceState: " + member_name(spec_.id) + " lacks an ad");
}

const classad::ClassAd& ResourceState::current_ad() const {
  return available_ ? spec_.available : spec_.unavailable;
}

bool ResourceState::become_unavailable() {
  if (!available_) return false;
  if (spec_.id.kind == MemberKind::License && hold_ != Hold::Free) return false;
  available_ = false;
  return true;
}

bool ResourceState::become_available() {
  if (available_) return false;
  available_ = true;
  return true;
}

std::optional<classad::ClassAd> ResourceState::advertisement() const {
  if (spec_.id.kind == MemberKind::License && !available_) return std::nullopt;
  return current_ad();
}

Verdict ResourceState::check(const GangOffer& offer, int node, double now) {
  if (node <= 0 || node >= static_cast<int>(offer.members.size()) ||
      offer.members[node] != spec_.id)
    throw std::logic_error("ResourceState: " + member_name(spec_.id) +
                           " asked to check a node that is not its own");
  if (hold_ != Hold::Free) return {false, "held", ""};
  model::gang::GangProblem now_problem = offer.problem;
  now_problem.ads[node] = current_ad();
  now_problem.clock = now;
  if (auto e = model::gang::check_gang(now_problem, offer.gang)) {
    const char* reason = available_                                 ? "constraint"
                         : spec_.id.kind == MemberKind::Workstation ? "owner"
                                                                    : "in-use";
    return {false, reason, *e};
  }
  hold_ = Hold::Held;
  gang_ = offer.id;
  return {true, "", ""};
}

void ResourceState::commit(int gang) {
  if (hold_ != Hold::Held || gang_ != gang)
    throw std::logic_error("ResourceState: " + member_name(spec_.id) + " commits gang " +
                           std::to_string(gang) + " it does not hold");
  hold_ = Hold::Busy;
}

bool ResourceState::release(int gang) {
  if (hold_ == Hold::Free || gang_ != gang) return false;
  hold_ = Hold::Free;
  gang_ = -1;
  return true;
}

}  // namespace arsim::kinds::gangmatch
