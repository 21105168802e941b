// The events of a co-allocation run (GridARS §3.1) as the actors emit them, and the Recorder that
// turns them into the RunRecord the writers read. Pure: no SimGrid.
#pragma once

#include <variant>

#include "model/reservation_table.hpp"
#include "sim/kinds/coallocation/output/records.hpp"
#include "sim/metrics/events.hpp"
#include "sim/metrics/job_record.hpp"

namespace arsim::kinds::coallocation {

// The GRC answered a request (accepted with its plan, or rejected).
struct RequestDecided {
  RequestRecord record;
};
// A coordinator's plan failed in phase one or two; the coordinator tries its next plan.
struct AttemptFailed {
  AttemptRecord attempt;
};
// An RM granted phase one: `amount` held on each resource until commit, abort or expiry.
struct HoldGranted {
  int request_id = -1;
  model::ReservationId id = 0;
  ResourceKind kind = ResourceKind::Cores;
  int resources = 0;  // how many of the RM's resources the hold covers
};
// An RM committed its part of a plan: one reservation per resource.
struct ReservationCommitted {
  ReservationRecord reservation;
};
// An RM gave back a committed reservation: another RM of the plan refused its commit.
struct ReservationCancelled {
  ReservationRecord reservation;
};
// A reserved component job started, or finished, on its site.
struct JobStarted {
  metrics::JobRecord job;
};
struct JobFinished {
  JobRecord job;
};
// A job whose reservation was cancelled was stopped before it finished (started: after its start).
struct JobCancelled {
  int request_id = -1;
  bool started = false;
};

// A flow of data ended (a hop of a transfer, or background traffic), and a pair's transfer ended.
struct FlowFinished {
  FlowRecord flow;
};
struct TransferFinished {
  TransferRecord transfer;
};

// A user resubmits a rejected request (resubmit.hpp); only with a resubmission policy.
struct Resubmitted {
  ResubmissionRecord link;
};

// A host or path link went down (the record's `up` unset), or came back up at `time`.
struct ResourceFailed {
  FailureRecord failure;
};
struct ResourceRepaired {
  std::string resource;
  double time = 0;
};
// The RM owning a failed resource broke one of its committed reservations (failures/board.hpp);
// `reservation.broken_at` says from when.
struct ReservationBroken {
  ReservationRecord reservation;
};

// After a break, the GRC had the request released: the RM gave back the reservation at `time`.
struct ReservationReleased {
  ReservationRecord reservation;
  double time = 0;
};
// The GRC heard of a break of an accepted request and released it (once per request).
struct RequestReleased {
  ReleaseRecord release;
};

// The GRC committed a modification of an accepted request a failure broke (instead of releasing
// it).
struct RequestRepaired {
  RepairRecord repair;
};

using Event =
    std::variant<RequestDecided, AttemptFailed, HoldGranted, ReservationCommitted,
                 ReservationCancelled, JobStarted, JobFinished, JobCancelled, FlowFinished,
                 TransferFinished, Resubmitted, ResourceFailed, ResourceRepaired, ReservationBroken,
                 ReservationReleased, RequestReleased, RequestRepaired>;
using EventSink = metrics::EventSink<Event>;
using EventBus = metrics::EventBus<Event>;

// Collects the events into a RunRecord (requests, reservations in commit order, jobs in completion
// order) and counts holds granted and jobs started, so the end of a run can tell every started job
// finished.
class Recorder : public EventSink {
 public:
  void on(const Event& event) override;

  // The record with requests sorted by id and the simulated end time set. Throws std::logic_error
  // when a started job never finished.
  RunRecord finish(double end_time);
  long holds_granted() const { return holds_granted_; }

 private:
  void cancel(const ReservationRecord& r);
  void failure_event(const Event& event);

  RunRecord record_;
  long holds_granted_ = 0;
  long jobs_started_ = 0;
};

}  // namespace arsim::kinds::coallocation
