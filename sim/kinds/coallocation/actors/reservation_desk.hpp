// The reservation tables of one RM and its answers to the GRC's queries, holds, commits and aborts.
// Both compute and network RMs use it; they differ in what they do once a reservation is committed.
#pragma once

#include <map>
#include <vector>

#include "model/reservation_table.hpp"
#include "sim/kinds/coallocation/actors/messages.hpp"
#include "sim/kinds/coallocation/output/records.hpp"

namespace arsim::kinds::coallocation {

class ReservationDesk {
 public:
  // resources: vertex ids (kind Cores) or edge ids (kind Bandwidth) with their capacities.
  ReservationDesk(ResourceKind kind, const std::vector<std::pair<int, double>>& resources);

  protocol::AvailabilityReply availability(const protocol::AvailabilityQuery& q, double now);
  // All amounts held, or none (a partial hold is rolled back at once). A frame that begins before
  // `now` is refused: its reservation could no longer be honoured from its start.
  enum class HoldAnswer { Granted, Refused, Started };
  HoldAnswer hold(const protocol::HoldRequest& h, double now);
  // Commits every table's part of hold `id`; the committed reservations are appended to `out`.
  bool commit(model::ReservationId id, double now, std::vector<ReservationRecord>& out);
  void abort(model::ReservationId id);
  // Releases the reservations a commit of `id` made; returns them (none if it made none here).
  std::vector<ReservationRecord> cancel(model::ReservationId id, int request_id);
  ResourceKind kind() const { return kind_; }

 private:
  ResourceKind kind_;
  std::vector<int> resources_;
  std::map<int, model::ReservationTable> tables_;
  struct HoldInfo {
    int request_id;
    std::vector<int> resources;
  };
  std::map<model::ReservationId, HoldInfo> holds_;  // live holds of this desk
};

}  // namespace arsim::kinds::coallocation
