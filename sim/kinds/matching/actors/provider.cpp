#include "sim/kinds/matching/actors/provider.hpp"

#include <stdexcept>

#include <xbt/log.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include "sim/kinds/matching/actors/messages.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_match_provider, arsim, "Resource providers of the matcher");

namespace arsim::kinds::matching {

Provider::Provider(int type, Background background, double period, EventSink* events, double limit)
    : type_(type),
      background_(std::move(background)),
      period_(period),
      events_(events),
      limit_(limit) {
  if (!events_) throw std::invalid_argument("Provider: no event sink");
  if (!(period_ > 0)) throw std::invalid_argument("Provider: period must be > 0");
}

void Provider::operator()() {
  sg4::Actor::self()->daemonize();
  for (long k = 0;; ++k) {
    sg4::this_actor::sleep_until(static_cast<double>(k) * period_);  // no drift over many periods
    const double now = sg4::Engine::get_clock();
    auto offered = background_.next();
    std::size_t values = 0;
    for (const auto& o : offered) values += o.size();
    events_->on(OfferReported{{now, type_, offered, -1}});
    XBT_DEBUG("type %d: report %ld (%zu values)", type_, k, values);
    send(matcher_mailbox(), MatcherMessage{Report{type_, now, std::move(offered)}},
         kMessageBytes + kBytesPerOffer * static_cast<double>(values));
    if (now > limit_) return;  // the matcher stops the run when this report reaches it
  }
}

}  // namespace arsim::kinds::matching
