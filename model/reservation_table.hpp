// The advance-reservation table of one resource (a site's cores or a path's bandwidth): a step
// function of reserved capacity over time, with two-phase reservations (GridARS §3.1 stage 3).
//
// A hold takes capacity at once but expires unless committed, so a coordinator that fails between
// the two phases leaks nothing. Committed reservations stay until released.
//
// The step function is kept as a treap keyed by time whose nodes carry the change of reserved
// capacity at that instant, augmented with the subtree sum and the maximum prefix sum. Every
// operation is O(log n) expected in the number of reservations (expiry is amortised over the holds
// that expire).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <queue>
#include <vector>

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
  ~ReservationTable();
  ReservationTable(ReservationTable&&) noexcept;
  ReservationTable& operator=(ReservationTable&&) noexcept;

  double capacity() const { return capacity_; }

  // Minimum free capacity over the frame, after dropping the holds expired at `now`.
  double min_free(TimeFrame frame, Time now);
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

 public:
  struct Node;  // a treap node; defined in the .cpp

 private:
  void add_step(TimeFrame frame, double amount);
  double max_reserved(TimeFrame frame) const;

  double capacity_;
  std::unique_ptr<Node> root_;
  std::uint64_t rng_state_ = 0x9e3779b97f4a7c15ULL;  // treap priorities; fixed for determinism
  std::map<ReservationId, Reservation> reservations_;
  using Expiry = std::pair<Time, ReservationId>;
  std::priority_queue<Expiry, std::vector<Expiry>, std::greater<>> expiries_;
};

}  // namespace arsim::model
