#include "model/reservation_table.hpp"

#include <stdexcept>

namespace arsim::model {

namespace {
constexpr double kEps = 1e-9;
}

ReservationTable::ReservationTable(double capacity) : capacity_(capacity) {
  if (!(capacity >= 0)) throw std::invalid_argument("ReservationTable: capacity must be >= 0");
}

void ReservationTable::expire(Time now) {
  while (!expiries_.empty() && expiries_.top().first <= now) {
    const auto [when, id] = expiries_.top();
    expiries_.pop();
    auto it = reservations_.find(id);
    // Skip stale entries: the hold was committed, aborted, or its id reused since.
    if (it == reservations_.end() || it->second.state != ReservationState::Held ||
        it->second.expiry != when)
      continue;
    reserved_.add(it->second.frame, -it->second.amount, kEps);
    reservations_.erase(it);
  }
}

double ReservationTable::min_free(TimeFrame frame, Time now) {
  expire(now);
  if (!(frame.end > frame.start)) return capacity_;
  return capacity_ - reserved_.max_over(frame);
}

std::vector<double> ReservationTable::min_free(const std::vector<TimeFrame>& frames, Time now) {
  expire(now);
  std::vector<double> out = reserved_.max_over_each(frames);
  for (std::size_t i = 0; i < frames.size(); ++i)
    out[i] = frames[i].end > frames[i].start ? capacity_ - out[i] : capacity_;
  return out;
}

bool ReservationTable::hold(TimeFrame frame, double amount, ReservationId id, Time expiry,
                            Time now) {
  expire(now);
  if (!(frame.end > frame.start) || !(amount > 0) || reservations_.count(id)) return false;
  if (amount > capacity_ - reserved_.max_over(frame) + kEps) return false;
  reserved_.add(frame, amount, kEps);
  reservations_.emplace(id, Reservation{frame, amount, ReservationState::Held, expiry});
  expiries_.emplace(expiry, id);
  return true;
}

bool ReservationTable::commit(ReservationId id, Time now) {
  expire(now);
  auto it = reservations_.find(id);
  if (it == reservations_.end() || it->second.state != ReservationState::Held) return false;
  it->second.state = ReservationState::Committed;
  return true;
}

bool ReservationTable::abort(ReservationId id) {
  auto it = reservations_.find(id);
  if (it == reservations_.end() || it->second.state != ReservationState::Held) return false;
  reserved_.add(it->second.frame, -it->second.amount, kEps);
  reservations_.erase(it);
  return true;
}

bool ReservationTable::release(ReservationId id) {
  auto it = reservations_.find(id);
  if (it == reservations_.end() || it->second.state != ReservationState::Committed) return false;
  reserved_.add(it->second.frame, -it->second.amount, kEps);
  reservations_.erase(it);
  return true;
}

double ReservationTable::reserved_at(Time t) const {
  return reserved_.at(t);
}

std::optional<Reservation> ReservationTable::find(ReservationId id) const {
  auto it = reservations_.find(id);
  if (it == reservations_.end()) return std::nullopt;
  return it->second;
}

}  // namespace arsim::model
