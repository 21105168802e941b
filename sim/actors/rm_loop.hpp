// The message loop shared by compute and network RMs: answer availability queries, holds, commits
// and aborts from a ReservationDesk until told to stop.
#pragma once

#include <functional>
#include <vector>

#include "sim/actors/reservation_desk.hpp"
#include "sim/actors/run_context.hpp"

namespace arsim::actors {

// on_commit receives the reservations a successful commit created.
using CommitHook = std::function<void(const std::vector<metrics::ReservationRecord>&)>;

void serve_reservations(ReservationDesk& desk, sg4::Mailbox* mailbox, const CommitHook& on_commit);

}  // namespace arsim::actors
