#include "model/reservation_table.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace arsim::model {

namespace {
constexpr double kEps = 1e-9;
}

// delta: change of reserved capacity at `key`; sum: total delta of the subtree; best: maximum over
// the subtree's keys k of the sum of deltas at keys <= k within the subtree (0 for empty trees,
// which is harmless since callers only take max(0, best)).
struct ReservationTable::Node {
  Time key;
  double delta;
  std::uint64_t priority;
  double sum;
  double best;
  std::unique_ptr<Node> left, right;

  Node(Time k, double d, std::uint64_t p) : key(k), delta(d), priority(p), sum(d), best(d) {}
};

namespace {
using NodePtr = std::unique_ptr<ReservationTable::Node>;
}

static double sum_of(const std::unique_ptr<ReservationTable::Node>& n) {
  return n ? n->sum : 0;
}

static void update(ReservationTable::Node& n) {
  const double left_sum = sum_of(n.left);
  n.sum = left_sum + n.delta + sum_of(n.right);
  double best = left_sum + n.delta;
  if (n.left) best = std::max(best, n.left->best);
  if (n.right) best = std::max(best, left_sum + n.delta + n.right->best);
  n.best = best;
}

// Splits t into keys < key (first) and keys >= key (second); with `inclusive`, keys <= key go left.
static std::pair<NodePtr, NodePtr> split(NodePtr t, Time key, bool inclusive) {
  if (!t) return {nullptr, nullptr};
  const bool goes_left = inclusive ? t->key <= key : t->key < key;
  if (goes_left) {
    auto [l, r] = split(std::move(t->right), key, inclusive);
    t->right = std::move(l);
    update(*t);
    return {std::move(t), std::move(r)};
  }
  auto [l, r] = split(std::move(t->left), key, inclusive);
  t->left = std::move(r);
  update(*t);
  return {std::move(l), std::move(t)};
}

// All keys of a are below all keys of b.
static NodePtr merge(NodePtr a, NodePtr b) {
  if (!a) return b;
  if (!b) return a;
  if (a->priority > b->priority) {
    a->right = merge(std::move(a->right), std::move(b));
    update(*a);
    return a;
  }
  b->left = merge(std::move(a), std::move(b->left));
  update(*b);
  return b;
}

ReservationTable::ReservationTable(double capacity) : capacity_(capacity) {
  if (!(capacity >= 0)) throw std::invalid_argument("ReservationTable: capacity must be >= 0");
}
ReservationTable::~ReservationTable() = default;
ReservationTable::ReservationTable(ReservationTable&&) noexcept = default;
ReservationTable& ReservationTable::operator=(ReservationTable&&) noexcept = default;

void ReservationTable::add_step(TimeFrame frame, double amount) {
  for (auto [key, delta] : {std::pair{frame.start, amount}, std::pair{frame.end, -amount}}) {
    auto [below, rest] = split(std::move(root_), key, false);
    auto [at, above] = split(std::move(rest), key, true);
    if (at) {
      at->delta += delta;
      if (std::abs(at->delta) < kEps)
        at.reset();  // no change left at this instant
      else
        update(*at);
    } else {
      rng_state_ ^= rng_state_ << 13;  // xorshift64: a deterministic priority stream
      rng_state_ ^= rng_state_ >> 7;
      rng_state_ ^= rng_state_ << 17;
      at = std::make_unique<Node>(key, delta, rng_state_);
    }
    root_ = merge(merge(std::move(below), std::move(at)), std::move(above));
  }
}

// The largest prefix sum at a key inside (lo, hi) of subtree n, whose keys are preceded by
// deltas summing to `before`; `above_lo` / `below_hi` say that every key of n is known to be
// > lo / < hi (ancestors decided it). Read-only: only the two boundary paths are walked, so a query
// costs O(depth) without restructuring the treap. Returns -infinity when no key lies inside.
static double best_inside(const ReservationTable::Node* n, double before, Time lo, Time hi,
                          bool above_lo, bool below_hi) {
  double best = -std::numeric_limits<double>::infinity();
  while (n) {
    if (above_lo && below_hi) return std::max(best, before + n->best);
    const double at_key = before + sum_of(n->left) + n->delta;
    if (n->key <= lo) {  // n and its left subtree are not inside
      before = at_key;
      n = n->right.get();
    } else if (n->key >= hi) {  // n and its right subtree are not inside
      n = n->left.get();
    } else {  // n is inside: its left keys are < hi, its right keys are > lo
      best = std::max(best, at_key);
      best = std::max(best, best_inside(n->left.get(), before, lo, hi, above_lo, true));
      before = at_key;
      above_lo = true;
      n = n->right.get();
    }
  }
  return best;
}

double ReservationTable::max_reserved(TimeFrame frame) const {
  // reserved(t) = sum of deltas at keys <= t; its maximum over [start, end) is reached at start or
  // at a key inside (start, end).
  return std::max(reserved_at(frame.start),
                  best_inside(root_.get(), 0.0, frame.start, frame.end, false, false));
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
    add_step(it->second.frame, -it->second.amount);
    reservations_.erase(it);
  }
}

double ReservationTable::min_free(TimeFrame frame, Time now) {
  expire(now);
  if (!(frame.end > frame.start)) return capacity_;
  return capacity_ - max_reserved(frame);
}

bool ReservationTable::hold(TimeFrame frame, double amount, ReservationId id, Time expiry,
                            Time now) {
  expire(now);
  if (!(frame.end > frame.start) || !(amount > 0) || reservations_.count(id)) return false;
  if (amount > capacity_ - max_reserved(frame) + kEps) return false;
  add_step(frame, amount);
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
  add_step(it->second.frame, -it->second.amount);
  reservations_.erase(it);
  return true;
}

bool ReservationTable::release(ReservationId id) {
  auto it = reservations_.find(id);
  if (it == reservations_.end() || it->second.state != ReservationState::Committed) return false;
  add_step(it->second.frame, -it->second.amount);
  reservations_.erase(it);
  return true;
}

double ReservationTable::reserved_at(Time t) const {
  double sum = 0;
  const Node* n = root_.get();
  while (n) {
    if (n->key <= t) {
      sum += sum_of(n->left) + n->delta;
      n = n->right.get();
    } else {
      n = n->left.get();
    }
  }
  return sum;
}

std::optional<Reservation> ReservationTable::find(ReservationId id) const {
  auto it = reservations_.find(id);
  if (it == reservations_.end()) return std::nullopt;
  return it->second;
}

}  // namespace arsim::model
