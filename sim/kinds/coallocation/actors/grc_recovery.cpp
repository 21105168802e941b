// What the GRC does after a crash, and how it sends what must arrive (docs/design/coallocation.md,
// Control-plane faults). GridARS §3.1 commits with two phases and holds that expire; a GRC that
// fails between them leaves holds that expire by themselves, and commits that only it can undo.
#include <memory>
#include <optional>
#include <utility>

#include <xbt/log.h>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include "sim/actors/delivery.hpp"
#include "sim/kinds/coallocation/actors/grc.hpp"

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(arsim_grc_recovery, arsim, "Coordinator crash recovery");

namespace arsim::kinds::coallocation {

void Grc::tell(const std::string& box, protocol::RmMessage message, double until) {
  sg4::Mailbox* to = sg4::Mailbox::by_name(box);
  if (!faults_) {
    post(to, std::move(message), kControlMessageBytes);
    return;
  }
  // One messenger per message, a regular actor: the run does not end while it is on its way.
  // After `until` what it gives back has ended: nothing is left to tell.
  sg4::Actor::create("tell:" + box, sg4::this_actor::get_host(),
                     [to, message = std::move(message), until, retry = retry_] {
                       actors::deliver(to, std::make_unique<protocol::RmMessage>(message),
                                       kControlMessageBytes, retry, until);
                     });
}

void Grc::recover() {
  const double now = sg4::Engine::get_clock();
  std::optional<Atomic> atomic(std::in_place, *this);
  // Presumed abort: the log does not say the commit succeeded, so it did not. Every RM of it
  // drops its hold (the capacity is free again at once, not at the hold's expiry) and gives back
  // what it committed.
  if (const auto open = std::exchange(open_, std::nullopt)) {
    XBT_DEBUG("restart at %g: cancelling commit %llu of request %d on %zu RM(s)", now,
              static_cast<unsigned long long>(open->id), open->request_id, open->rms.size());
    for (const auto& box : open->rms) {
      tell(box, protocol::AbortRequest{open->id}, open->frame.end);  // what is only held
      tell(box, protocol::CancelRequest{open->id, open->request_id}, open->frame.end);
    }
    // The plan failed as if every vote had been lost (collect_votes): a refusal of each RM.
    const int rms = static_cast<int>(open->rms.size());
    if (open->repair == 0)
      ctx_.events->on(AttemptFailed{{open->request_id, name_, attempt_,
                                     open->committing ? AttemptPhase::Commit : AttemptPhase::Hold,
                                     open->frame, now, rms, rms, 0}});
  }
  // The request being decided is rejected now, and its user told: its resubmission policy
  // applies as to any rejection.
  if (const auto submit = std::exchange(deciding_, std::nullopt)) {
    const model::Request& r = submit->request;
    RequestRecord rec = decided_request(r, tally_, std::nullopt, now, name_);
    coordinator_.decided(r, false);
    courier(submit->reply).send({r.id, false, rec.plan.frame, now}, kControlMessageBytes);
    ctx_.events->on(RequestDecided{std::move(rec)});
  }
  atomic.reset();
  // A notice being handled is handled again: a new modification, or the release.
  if (const auto notice = std::exchange(repairing_, std::nullopt)) on_broken(*notice);
}

}  // namespace arsim::kinds::coallocation
