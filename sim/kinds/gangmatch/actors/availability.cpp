#include "sim/kinds/gangmatch/actors/availability.hpp"

#include <functional>
#include <queue>
#include <stdexcept>
#include <tuple>

#include <xbt/log.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_gm_availability, arsim,
                                "Workstation owners and outside license users");

namespace arsim::kinds::gangmatch {

Availability::Availability(RunContext ctx, std::vector<ResourcePeriods> resources)
    : ctx_(ctx), resources_(std::move(resources)) {
  if (!ctx_.events) throw std::invalid_argument("Availability: incomplete context");
  for (const auto& [state, periods] : resources_) {
    if (!state) throw std::invalid_argument("Availability: no resource");
    double last = 0;
    for (const auto& p : periods) {
      if (!(p.start >= last && p.end > p.start))
        throw std::invalid_argument("Availability: periods must be ordered and non-empty");
      last = p.end;
    }
  }
}

void Availability::operator()() {
  sg4::Actor::self()->daemonize();
  // (time, resource, period, is the period's end): the next change of each resource, earliest
  // first, ties in resource order.
  using Change = std::tuple<double, std::size_t, std::size_t, bool>;
  std::priority_queue<Change, std::vector<Change>, std::greater<>> next;
  for (std::size_t r = 0; r < resources_.size(); ++r)
    if (!resources_[r].second.empty()) next.push({resources_[r].second[0].start, r, 0, false});
  while (!next.empty()) {
    const auto [t, r, k, is_end] = next.top();
    next.pop();
    sg4::this_actor::sleep_until(t);
    ResourceState& state = *resources_[r].first;
    const auto& periods = resources_[r].second;
    if (!is_end && !state.become_unavailable()) {  // a held license: the outside user gives up
      if (k + 1 < periods.size()) next.push({periods[k + 1].start, r, k + 1, false});
      continue;
    }
    if (is_end) state.become_available();
    ctx_.events->on(AvailabilityChanged{state.id(), is_end, sg4::Engine::get_clock()});
    advertise(state);
    if (!is_end)
      next.push({periods[k].end, r, k, true});
    else if (k + 1 < periods.size())
      next.push({periods[k + 1].start, r, k + 1, false});
  }
}

}  // namespace arsim::kinds::gangmatch
