#include "sim/actors/core_allocator.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace arsim::actors {

CoreAllocator::CoreAllocator(std::vector<int> host_cores)
    : cores_(std::move(host_cores)), used_(cores_.size(), 0) {
  if (cores_.empty()) throw std::invalid_argument("CoreAllocator: no hosts");
  for (int c : cores_)
    if (c <= 0) throw std::invalid_argument("CoreAllocator: a host without cores");
}

void CoreAllocator::release_ended(double t) {
  for (auto it = held_.begin(); it != held_.end();) {
    if (it->second.frame.end <= t) {
      for (const auto& [h, n] : it->second.placement) used_[h] -= n;
      it = held_.erase(it);
    } else {
      ++it;
    }
  }
}

CoreAllocator::Placement CoreAllocator::take(int job, int cores, model::TimeFrame frame) {
  if (cores <= 0) throw std::invalid_argument("CoreAllocator: cores must be > 0");
  if (held_.count(job))
    throw std::logic_error("CoreAllocator: job " + std::to_string(job) + " already holds cores");
  release_ended(frame.start);
  int free = 0;
  for (std::size_t h = 0; h < cores_.size(); ++h) free += cores_[h] - used_[h];
  if (free < cores)
    throw std::logic_error("CoreAllocator: job " + std::to_string(job) + " needs " +
                           std::to_string(cores) + " cores at t=" + std::to_string(frame.start) +
                           ", the site's hosts have " + std::to_string(free) + " free");
  Placement placement;
  // One host when one can hold the whole job (the first such), else the free cores in host order.
  for (std::size_t h = 0; h < cores_.size(); ++h)
    if (cores_[h] - used_[h] >= cores) {
      placement.emplace_back(static_cast<int>(h), cores);
      break;
    }
  int left = placement.empty() ? cores : 0;
  for (std::size_t h = 0; h < cores_.size() && left > 0; ++h) {
    const int here = std::min(left, cores_[h] - used_[h]);
    if (here <= 0) continue;
    placement.emplace_back(static_cast<int>(h), here);
    left -= here;
  }
  for (const auto& [h, n] : placement) used_[h] += n;
  held_.emplace(job, Holding{frame, placement});
  return placement;
}

void CoreAllocator::release(int job) {
  const auto it = held_.find(job);
  if (it == held_.end()) return;
  for (const auto& [h, n] : it->second.placement) used_[h] -= n;
  held_.erase(it);
}

int CoreAllocator::free_cores(int host) const {
  return cores_.at(static_cast<std::size_t>(host)) - used_.at(static_cast<std::size_t>(host));
}

}  // namespace arsim::actors
