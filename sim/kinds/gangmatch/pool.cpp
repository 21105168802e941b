#include "sim/kinds/gangmatch/pool.hpp"

#include <algorithm>

namespace arsim::kinds::gangmatch {

bool AdPool::newer(Member m, long version) {
  auto [it, fresh] = versions_.emplace(m, version);
  if (fresh) return true;
  if (version <= it->second) return false;
  it->second = version;
  return true;
}

bool AdPool::advertise(Member m, long version, classad::ClassAd ad, double priority) {
  if (!newer(m, version)) return false;
  ads_[m] = Entry{std::move(ad), priority};
  return true;
}

bool AdPool::withdraw(Member m, long version) {
  if (!newer(m, version)) return false;
  ads_.erase(m);
  return true;
}

void AdPool::remove(Member m) {
  ads_.erase(m);
}

std::size_t AdPool::roots() const {
  return static_cast<std::size_t>(std::count_if(
      ads_.begin(), ads_.end(), [](const auto& e) { return e.first.kind == MemberKind::Job; }));
}

AdPool::Snapshot AdPool::snapshot(double clock) const {
  std::vector<std::pair<double, Member>> jobs;
  for (const auto& [m, e] : ads_)
    if (m.kind == MemberKind::Job) jobs.push_back({e.priority, m});
  std::sort(jobs.begin(), jobs.end());
  Snapshot s;
  s.problem.clock = clock;
  for (const auto& [priority, m] : jobs) {
    s.problem.roots.push_back(static_cast<int>(s.members.size()));
    s.problem.ads.push_back(ads_.at(m).ad);
    s.members.push_back(m);
  }
  for (const auto& [m, e] : ads_) {
    if (m.kind == MemberKind::Job) continue;
    s.problem.ads.push_back(e.ad);
    s.members.push_back(m);
  }
  return s;
}

}  // namespace arsim::kinds::gangmatch
