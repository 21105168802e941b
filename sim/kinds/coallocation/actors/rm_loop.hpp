// The message loop shared by compute and network RMs: answer availability queries, holds, commits
// and aborts from a ReservationDesk until told to stop.
#pragma once

#include <functional>
#include <vector>

#include "sim/kinds/coallocation/actors/reservation_desk.hpp"
#include "sim/kinds/coallocation/actors/run_context.hpp"

namespace arsim::kinds::coallocation {

// on_commit receives the reservations a successful commit created. Granted holds and committed
// reservations are reported to `events`.
// on_cancel the reservations a cancel released.
using CommitHook = std::function<void(const std::vector<ReservationRecord>&)>;

void serve_reservations(ReservationDesk& desk, sg4::Mailbox* mailbox, EventSink& events,
                        const CommitHook& on_commit = {}, const CommitHook& on_cancel = {});

}  // namespace arsim::kinds::coallocation
