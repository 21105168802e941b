// The reservation tables of one RM and its answers to the GRC's queries, holds, commits and aborts.
// Both compute and network RMs use it; they differ in what they do once a reservation is committed.
#pragma once

#include <map>
#include <vector>

#include "model/reservation_table.hpp"
#include "sim/kinds/coallocation/actors/messages.hpp"
#include "sim/kinds/coallocation/output/records.hpp"

namespace arsim::kinds::coallocation {

namespace sg4 = simgrid::s4u;

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
  // Monitoring (failures/board.hpp): the GRC to tell when a committed reservation of `request_id`
  // breaks (the hold's `monitor`; null when none asked), and the host the RM tells it from.
  sg4::Mailbox* monitor_of(int request_id) const;
  sg4::Host* host() const { return host_; }
  void set_host(sg4::Host* host) { host_ = host; }
  // Releases what is left of the request's committed reservations here (after a failure broke a
  // part of it); returns them.
  std::vector<ReservationRecord> release(int request_id);
  // Releases the request's committed reservations of commit `id` on `resources` (a modification
  // no longer needs them); returns them.
  std::vector<ReservationRecord> release_part(int request_id, model::ReservationId id,
                                              const std::vector<int>& resources);
  ResourceKind kind() const { return kind_; }
  bool owns(int resource) const { return tables_.count(resource) > 0; }

  // Failures (failures/board.hpp). Resource `r` went down at `now`: the committed reservations
  // on it whose frame holds `now` are broken from `now` on and returned (each once). While it is
  // down its free capacity is 0 and holds on it are refused: its repair time is unknown, so the
  // RM assumes it stays down.
  std::vector<ReservationRecord> resource_down(int r, double now);
  // `r` is back up at `now` (+inf: still down when the run ends): the committed reservations
  // that began while it was down are broken from their start and returned.
  std::vector<ReservationRecord> resource_up(int r, double now);
  // resource_up(r, +inf) for every resource still down.
  std::vector<ReservationRecord> close_failures();
  // The distinct starts, in order, of the unbroken committed reservations on `r` that begin
  // after `now`: the instants a failure under way breaks them (failures/board.hpp).
  std::vector<double> starts_after(int r, double now) const;

 private:
  ResourceKind kind_;
  std::vector<int> resources_;
  std::map<int, model::ReservationTable> tables_;
  struct HoldInfo {
    int request_id;
    std::vector<int> resources;
    sg4::Mailbox* monitor;
    int repair;
  };
  std::map<model::ReservationId, HoldInfo> holds_;  // live holds of this desk
  bool down(int resource) const { return down_since_.count(resource) > 0; }
  // Marks every unbroken committed reservation on `r` whose frame overlaps [from, to) broken
  // from max(its start, from), and returns them.
  std::vector<ReservationRecord> break_overlapping(int r, double from, double to);

  struct Monitored {
    model::ReservationId id;
    sg4::Mailbox* monitor;
    double end;  // of its frame: dropped with the ended reservations
  };
  // Committed requests whose GRC asked to hear of failures, one entry per commit (a modified
  // request has several).
  std::multimap<int, Monitored> monitored_;
  sg4::Host* host_ = nullptr;
  std::map<int, double> down_since_;  // resources down, since when
  // Committed reservations not cancelled, the ones a failure may break (and some that ended).
  std::vector<ReservationRecord> committed_;
  std::size_t prune_at_ = 64;
};

}  // namespace arsim::kinds::coallocation
