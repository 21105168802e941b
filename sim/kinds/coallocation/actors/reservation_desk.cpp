#include "sim/kinds/coallocation/actors/reservation_desk.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace arsim::kinds::coallocation {

ReservationDesk::ReservationDesk(ResourceKind kind,
                                 const std::vector<std::pair<int, double>>& resources)
    : kind_(kind) {
  if (resources.empty()) throw std::invalid_argument("ReservationDesk: no resources");
  for (const auto& [id, capacity] : resources) {
    resources_.push_back(id);
    tables_.emplace(id, model::ReservationTable(capacity));
  }
}

protocol::AvailabilityReply ReservationDesk::availability(const protocol::AvailabilityQuery& q,
                                                          double now) {
  protocol::AvailabilityReply reply;
  reply.query = q.query;
  reply.cores = kind_ == ResourceKind::Cores;
  reply.resources = resources_;
  reply.free.assign(q.frames.size(), std::vector<double>(resources_.size()));
  for (std::size_t k = 0; k < resources_.size(); ++k) {
    if (down(resources_[k])) continue;  // free 0 in every frame: the repair time is unknown
    const auto free = tables_.at(resources_[k]).min_free(q.frames, now);  // all frames at once
    for (std::size_t f = 0; f < free.size(); ++f) reply.free[f][k] = free[f];
  }
  return reply;
}

ReservationDesk::HoldAnswer ReservationDesk::hold(const protocol::HoldRequest& h, double now) {
  if (holds_.count(h.id)) return HoldAnswer::Refused;
  if (h.frame.start < now) return HoldAnswer::Started;
  std::vector<int> done;
  for (const auto& a : h.amounts) {
    auto it = tables_.find(a.resource);
    if (it == tables_.end() || down(a.resource) ||
        !it->second.hold(h.frame, a.amount, h.id, h.expiry, now)) {
      for (int r : done) tables_.at(r).abort(h.id);
      return HoldAnswer::Refused;
    }
    done.push_back(a.resource);
  }
  holds_[h.id] = {h.request_id, done, h.monitor, h.repair};
  return HoldAnswer::Granted;
}

bool ReservationDesk::commit(model::ReservationId id, double now,
                             std::vector<ReservationRecord>& out) {
  auto it = holds_.find(id);
  if (it == holds_.end()) return false;
  const HoldInfo info = it->second;
  holds_.erase(it);
  std::vector<ReservationRecord> committed;
  for (int r : info.resources) {
    auto& table = tables_.at(r);
    auto held = table.find(id);
    if (!held || !table.commit(id, now)) {
      // A part expired: give back every part, so nothing half-committed remains.
      for (int other : info.resources) {
        tables_.at(other).release(id);
        tables_.at(other).abort(id);
      }
      return false;
    }
    committed.push_back({info.request_id, kind_, r, held->frame, held->amount, std::nullopt,
                         std::nullopt, id, info.repair});
  }
  out.insert(out.end(), committed.begin(), committed.end());
  if (info.monitor)
    monitored_.insert({info.request_id, {id, info.monitor, committed.front().frame.end}});
  // Reservations that ended cannot break any more: dropped whenever the list has doubled, so it
  // stays as long as the reservations under way, at amortised constant cost per commit.
  if (committed_.size() >= prune_at_) {
    std::erase_if(committed_, [&](const ReservationRecord& c) { return c.frame.end <= now; });
    std::erase_if(monitored_, [&](const auto& m) { return m.second.end <= now; });
    prune_at_ = std::max<std::size_t>(64, 2 * committed_.size());
  }
  committed_.insert(committed_.end(), committed.begin(), committed.end());
  return true;
}

std::vector<ReservationRecord> ReservationDesk::cancel(model::ReservationId id, int request_id) {
  std::vector<int> all;
  for (const auto& [r, table] : tables_) all.push_back(r);
  auto released = release_part(request_id, id, all);
  std::erase_if(monitored_, [&](const auto& m) { return m.second.id == id; });
  return released;
}

std::vector<ReservationRecord> ReservationDesk::release_part(int request_id,
                                                             model::ReservationId id,
                                                             const std::vector<int>& resources) {
  std::vector<ReservationRecord> released;
  for (int r : resources) {
    const auto it = tables_.find(r);
    if (it == tables_.end()) continue;
    const auto held = it->second.find(id);
    if (!held || held->state != model::ReservationState::Committed || !it->second.release(id))
      continue;
    const auto c = std::find_if(committed_.begin(), committed_.end(), [&](const auto& x) {
      return x.reservation == id && x.resource == r;
    });
    // Its record as committed (repair, broken_at), or rebuilt when pruned already.
    released.push_back(c != committed_.end()
                           ? *c
                           : ReservationRecord{request_id, kind_, r, held->frame, held->amount,
                                               std::nullopt, std::nullopt, id});
    if (c != committed_.end()) committed_.erase(c);
  }
  return released;
}

sg4::Mailbox* ReservationDesk::monitor_of(int request_id) const {
  const auto it = monitored_.find(request_id);
  return it == monitored_.end() ? nullptr : it->second.monitor;
}

std::vector<ReservationRecord> ReservationDesk::release(int request_id) {
  std::vector<model::ReservationId> ids;  // every commit of the request (modifications too)
  const auto [first, last] = monitored_.equal_range(request_id);
  for (auto it = first; it != last; ++it) ids.push_back(it->second.id);
  std::vector<ReservationRecord> out;
  for (const auto id : ids)
    for (auto& x : cancel(id, request_id)) out.push_back(std::move(x));
  return out;
}

std::vector<ReservationRecord> ReservationDesk::break_overlapping(int r, double from, double to) {
  std::vector<ReservationRecord> out;
  for (auto& c : committed_)
    if (c.resource == r && !c.broken_at && c.frame.start < to && c.frame.end > from) {
      c.broken_at = std::max(c.frame.start, from);
      out.push_back(c);
    }
  return out;
}

std::vector<ReservationRecord> ReservationDesk::resource_down(int r, double now) {
  if (!owns(r)) throw std::invalid_argument("ReservationDesk: not a resource of this RM");
  down_since_.emplace(r, now);
  return break_overlapping(r, now, std::nextafter(now, std::numeric_limits<double>::infinity()));
}

std::vector<ReservationRecord> ReservationDesk::resource_up(int r, double now) {
  const auto it = down_since_.find(r);
  if (it == down_since_.end()) return {};
  const double since = it->second;
  down_since_.erase(it);
  return break_overlapping(r, since, now);
}

std::vector<ReservationRecord> ReservationDesk::close_failures() {
  std::vector<ReservationRecord> out;
  const auto down = down_since_;
  for (const auto& [r, since] : down)
    for (auto& x : resource_up(r, std::numeric_limits<double>::infinity())) out.push_back(x);
  return out;
}

std::vector<double> ReservationDesk::starts_after(int r, double now) const {
  std::vector<double> out;
  for (const auto& c : committed_)
    if (c.resource == r && !c.broken_at && c.frame.start > now) out.push_back(c.frame.start);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void ReservationDesk::abort(model::ReservationId id) {
  auto it = holds_.find(id);
  if (it == holds_.end()) return;
  for (int r : it->second.resources) tables_.at(r).abort(id);
  holds_.erase(it);
}

}  // namespace arsim::kinds::coallocation
