#include "sim/kinds/coallocation/actors/rm_loop.hpp"

#include <xbt/log.h>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include "sim/actors/delivery.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_rm, arsim, "Resource manager message loop");

namespace arsim::kinds::coallocation {

void serve_reservations(ReservationDesk& desk, sg4::Mailbox* mailbox, EventSink& events,
                        const CommitHook& on_commit, const CommitHook& on_cancel) {
  desk.set_host(sg4::Host::current());  // where its monitoring notices leave from
  for (;;) {
    auto message = actors::receive<protocol::RmMessage>(mailbox);
    const double now = sg4::Engine::get_clock();
    if (std::holds_alternative<protocol::Shutdown>(*message)) return;
    if (auto* q = std::get_if<protocol::AvailabilityQuery>(message.get())) {
      auto reply = desk.availability(*q, now);
      const double bytes = kControlMessageBytes +
                           kBytesPerAvailabilityValue * reply.resources.size() * q->frames.size();
      post(q->reply, std::move(reply), bytes);
    } else if (auto* h = std::get_if<protocol::HoldRequest>(message.get())) {
      const auto answer = desk.hold(*h, now);
      const bool ok = answer == ReservationDesk::HoldAnswer::Granted;
      if (ok)
        events.on(
            HoldGranted{h->request_id, h->id, desk.kind(), static_cast<int>(h->amounts.size())});
      XBT_DEBUG("hold %llu for request %d: %s", static_cast<unsigned long long>(h->id),
                h->request_id, ok ? "granted" : "refused");
      post(h->reply, protocol::Vote{h->id, ok, answer == ReservationDesk::HoldAnswer::Started},
           kControlMessageBytes);
    } else if (auto* c = std::get_if<protocol::CommitRequest>(message.get())) {
      std::vector<ReservationRecord> created;
      const bool ok = desk.commit(c->id, now, created);
      for (const auto& r : created) events.on(ReservationCommitted{r});
      if (ok && on_commit) on_commit(created);
      post(c->reply, protocol::Vote{c->id, ok}, kControlMessageBytes);
    } else if (auto* a = std::get_if<protocol::AbortRequest>(message.get())) {
      desk.abort(a->id);
    } else if (auto* x = std::get_if<protocol::CancelRequest>(message.get())) {
      const auto released = desk.cancel(x->id, x->request_id);
      for (const auto& r : released) events.on(ReservationCancelled{r});
      if (!released.empty() && on_cancel) on_cancel(released);
    } else if (auto* rel = std::get_if<protocol::ReleaseRequest>(message.get())) {
      const auto released = desk.release(rel->request_id);
      for (const auto& r : released) events.on(ReservationReleased{r, now});
      // The jobs of a released reservation stop as a cancelled one's do.
      if (!released.empty() && on_cancel) on_cancel(released);
    } else if (auto* part = std::get_if<protocol::ReleasePartRequest>(message.get())) {
      const auto released = desk.release_part(part->request_id, part->id, part->resources);
      for (const auto& r : released) events.on(ReservationReleased{r, now});
      if (!released.empty() && on_cancel) on_cancel(released);
    }
  }
}

}  // namespace arsim::kinds::coallocation
