#include "sim/kinds/coallocation/failures/coordinator_crashes.hpp"

#include <stdexcept>
#include <utility>

#include <xbt/log.h>
#include <simgrid/s4u/Engine.hpp>

#include "sim/kinds/coallocation/failures/process.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_coordinator_crashes, arsim, "Crashes of coordinators");

namespace arsim::kinds::coallocation {

sg4::ActorPtr start_grc(const std::shared_ptr<Grc>& grc, const std::string& name, sg4::Host* host) {
  return sg4::Actor::create(name, host, [grc]() { actors::guarded([&grc] { (*grc)(); }); });
}

CoordinatorCrashes::CoordinatorCrashes(std::shared_ptr<Grc> grc, sg4::ActorPtr actor,
                                       std::string name, double ttf, double ttr, std::string law,
                                       std::mt19937_64 rng, EventSink& events)
    : grc_(std::move(grc)),
      actor_(std::move(actor)),
      name_(std::move(name)),
      host_(actor_ ? actor_->get_host() : nullptr),
      ttf_(ttf),
      ttr_(ttr),
      law_(std::move(law)),
      rng_(std::move(rng)),
      events_(events) {
  if (!grc_ || !actor_) throw std::invalid_argument("CoordinatorCrashes: no coordinator");
  if (!(ttf_ > 0) || !(ttr_ > 0))
    throw std::invalid_argument("CoordinatorCrashes: times to failure and repair must be > 0");
}

// A daemon: crashes do not keep the run going, and a GRC that is down keeps it going only as long
// as users wait for it.
void CoordinatorCrashes::operator()() {
  sg4::Actor::self()->daemonize();
  for (;;) {
    sg4::this_actor::sleep_for(draw_duration(law_, ttf_, rng_));
    // The GRC writes its decisions and releases in steps that take no simulated time; a crash
    // lands between them, never inside (Grc::interruptible).
    while (!grc_->interruptible()) sg4::this_actor::yield();
    actor_->kill();
    const double down = sg4::Engine::get_clock();
    XBT_DEBUG("coordinator %s crashed at %g", name_.c_str(), down);
    events_.on(ResourceFailed{{name_, false, FailureScope::Coordinator, down, std::nullopt}});
    sg4::this_actor::sleep_for(draw_duration(law_, ttr_, rng_));
    events_.on(ResourceRepaired{name_, sg4::Engine::get_clock()});
    actor_ = start_grc(grc_, name_, host_);
  }
}

}  // namespace arsim::kinds::coallocation
