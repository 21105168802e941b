#include "sim/kinds/gangmatch/actors/collector.hpp"

#include <stdexcept>

#include <xbt/log.h>
#include <simgrid/s4u/Actor.hpp>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_gm_collector, arsim, "Gangmatching collector");

namespace arsim::kinds::gangmatch {

Collector::Collector(RunContext ctx) : ctx_(ctx) {
  if (!ctx_.pool) throw std::invalid_argument("Collector: no pool");
}

void Collector::operator()() {
  sg4::Actor::self()->daemonize();
  sg4::Mailbox* box = collector_mailbox();
  for (;;) {
    auto message = box->get_unique<protocol::CollectorMessage>();
    if (auto* a = std::get_if<protocol::Advertise>(message.get())) {
      const bool applied = ctx_.pool->advertise(a->member, a->version, a->ad, a->priority);
      XBT_DEBUG("%s advertises (version %ld)%s", member_name(a->member).c_str(), a->version,
                applied ? "" : ": stale, ignored");
    } else {
      const auto& w = std::get<protocol::Withdraw>(*message);
      const bool applied = ctx_.pool->withdraw(w.member, w.version);
      XBT_DEBUG("%s withdraws (version %ld)%s", member_name(w.member).c_str(), w.version,
                applied ? "" : ": stale, ignored");
    }
  }
}

}  // namespace arsim::kinds::gangmatch
