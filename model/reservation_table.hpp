// The advance-reservation table of one resource (a site's cores or a path's bandwidth): a step
// function of reserved capacity over time, with two-phase reservations (GridARS §3.1 stage 3).
//
// A hold takes capacity at once but expires unless committed, so a coordinator that fails between
// the two phases leaks nothing. Committed reservations stay until released.
//
// The reserved capacity is a StepFunction (step_function.hpp): a query finds its frame by binary
// search and reads only the steps inside it, an update changes only those, so the reservations
// elsewhere in time cost nothing but the search. Reservations are found by id in O(log n); expiry
// is amortised over the holds that expire.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <queue>
#include <vector>

#include "model/step_function.hpp"
#include "model/time.hpp"

namespace arsim::model {

using ReservationId = std::uint64_t;

enum class ReservationState { Held, Committed };

struct Reservation {
  TimeFrame frame;
  double amount = 0;
  ReservationState state = ReservationState::Held;
  Time expiry = 0;  // meaningful while held
};

class ReservationTable {
 public:
  explicit ReservationTable(double capacity);

  double capacity() const { return capacity_; }

  // Minimum free capacity over the frame, after dropping the holds expired at `now`.
  double min_free(TimeFrame frame, Time now);
  // The same for each frame; laddered frames in one pass (StepFunction::max_over_each).
  std::vector<double> min_free(const std::vector<TimeFrame>& frames, Time now);
  // Reserves `amount` over the frame until `expiry` unless committed. Fails (false) when the id is
  // in use, the frame is empty, the amount is not positive or exceeds the minimum free capacity.
  bool hold(TimeFrame frame, double amount, ReservationId id, Time expiry, Time now);
  // Turns a live hold into a committed reservation. False if there is no such live hold.
  bool commit(ReservationId id, Time now);
  // Drops a hold; false if there is no such hold.
  bool abort(ReservationId id);
  // Drops a committed reservation; false if there is none with that id.
  bool release(ReservationId id);

  // Drops the holds whose expiry is <= now.
  void expire(Time now);
  // Capacity reserved (held or committed) at instant t.
  double reserved_at(Time t) const;
  std::optional<Reservation> find(ReservationId id) const;
  std::size_t size() const { return reservations_.size(); }

 private:
  double capacity_;
  StepFunction reserved_;
  std::map<ReservationId, Reservation> reservations_;
  using Expiry = std::pair<Time, ReservationId>;
  std::priority_queue<Expiry, std::vector<Expiry>, std::greater<>> expiries_;
};

}  // namespace arsim::model
