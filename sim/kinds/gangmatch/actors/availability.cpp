#include "sim/kinds/gangmatch/actors/availability.hpp"

#include <stdexcept>

#include <xbt/log.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_gm_availability, arsim,
                                "Workstation owners and outside license users");

namespace arsim::kinds::gangmatch {

Availability::Availability(RunContext ctx, std::shared_ptr<ResourceState> state,
                           std::vector<Period> periods)
    : ctx_(ctx), state_(std::move(state)), periods_(std::move(periods)) {
  if (!ctx_.events || !state_) throw std::invalid_argument("Availability: incomplete context");
  double last = 0;
  for (const auto& p : periods_) {
    if (!(p.start >= last && p.end > p.start))
      throw std::invalid_argument("Availability: periods must be ordered and non-empty");
    last = p.end;
  }
}

void Availability::operator()() {
  sg4::Actor::self()->daemonize();
  for (const auto& p : periods_) {
    sg4::this_actor::sleep_until(p.start);
    if (!state_->become_unavailable()) continue;  // a held license: the outside user gives up
    ctx_.events->on(AvailabilityChanged{state_->id(), false, sg4::Engine::get_clock()});
    advertise(*state_);
    sg4::this_actor::sleep_until(p.end);
    state_->become_available();
    ctx_.events->on(AvailabilityChanged{state_->id(), true, sg4::Engine::get_clock()});
    advertise(*state_);
  }
}

}  // namespace arsim::kinds::gangmatch
