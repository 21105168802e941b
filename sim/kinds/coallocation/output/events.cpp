#include "sim/kinds/coallocation/output/events.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace arsim::kinds::coallocation {

namespace {
// The record of the last reservation of `r`'s request on `r`'s resource under `r`'s commit, from
// the back: a cancel
// or a break follows its commit.
std::vector<ReservationRecord>::iterator find_committed(std::vector<ReservationRecord>& list,
                                                        const ReservationRecord& r,
                                                        const char* what) {
  const auto it = std::find_if(list.rbegin(), list.rend(), [&](const ReservationRecord& x) {
    return x.request_id == r.request_id && x.kind == r.kind && x.resource == r.resource &&
           x.reservation == r.reservation;
  });
  if (it == list.rend())
    throw std::logic_error("a reservation of request " + std::to_string(r.request_id) + " was " +
                           what + " but never committed");
  return std::next(it).base();
}

}  // namespace

void Recorder::on(const Event& event) {
  if (const auto* d = std::get_if<RequestDecided>(&event))
    record_.requests.push_back(d->record);
  else if (const auto* a = std::get_if<AttemptFailed>(&event))
    record_.attempts.push_back(a->attempt);
  else if (std::holds_alternative<HoldGranted>(event))
    ++holds_granted_;
  else if (const auto* c = std::get_if<ReservationCommitted>(&event))
    record_.reservations.push_back(c->reservation);
  else if (const auto* x = std::get_if<ReservationCancelled>(&event))
    cancel(x->reservation);
  else if (std::holds_alternative<JobStarted>(event))
    ++jobs_started_;
  else if (const auto* j = std::get_if<JobCancelled>(&event))
    jobs_started_ -= j->started ? 1 : 0;
  else if (const auto* f = std::get_if<FlowFinished>(&event))
    record_.flows.push_back(f->flow);
  else if (const auto* t = std::get_if<TransferFinished>(&event))
    record_.transfers_done.push_back(t->transfer);
  else if (const auto* r = std::get_if<Resubmitted>(&event))
    record_.resubmissions.push_back(r->link);
  else if (const auto* job = std::get_if<JobFinished>(&event))
    record_.jobs.push_back(job->job);
  else
    failure_event(event);
}

void Recorder::failure_event(const Event& event) {
  if (const auto* f = std::get_if<ResourceFailed>(&event)) {
    record_.failures.push_back(f->failure);
  } else if (const auto* r = std::get_if<ResourceRepaired>(&event)) {
    auto& list = record_.failures;
    const auto it = std::find_if(list.rbegin(), list.rend(), [&](const FailureRecord& x) {
      return x.resource == r->resource && !x.up;
    });
    if (it == list.rend())
      throw std::logic_error("'" + r->resource + "' came back up but never failed");
    it->up = r->time;
  } else if (const auto* x = std::get_if<ReservationReleased>(&event)) {
    find_committed(record_.reservations, x->reservation, "released")->released_at = x->time;
  } else if (const auto* q = std::get_if<RequestReleased>(&event)) {
    record_.releases.push_back(q->release);
  } else if (const auto* m = std::get_if<RequestRepaired>(&event)) {
    record_.repairs.push_back(m->repair);
  } else {
    const auto& broken = std::get<ReservationBroken>(event).reservation;
    find_committed(record_.reservations, broken, "broken")->broken_at = broken.broken_at;
  }
}

void Recorder::cancel(const ReservationRecord& r) {
  record_.reservations.erase(find_committed(record_.reservations, r, "cancelled"));
}

RunRecord Recorder::finish(double end_time) {
  if (static_cast<long>(record_.jobs.size()) != jobs_started_)
    throw std::logic_error("the run ended with " + std::to_string(jobs_started_) +
                           " jobs started and " + std::to_string(record_.jobs.size()) +
                           " finished");
  std::sort(record_.requests.begin(), record_.requests.end(),
            [](const auto& a, const auto& b) { return a.request.id < b.request.id; });
  std::sort(record_.releases.begin(), record_.releases.end(),
            [](const auto& a, const auto& b) { return a.request_id < b.request_id; });
  std::stable_sort(record_.repairs.begin(), record_.repairs.end(),
                   [](const auto& a, const auto& b) { return a.request_id < b.request_id; });
  std::sort(record_.resubmissions.begin(), record_.resubmissions.end(),
            [](const auto& a, const auto& b) { return a.request_id < b.request_id; });
  record_.end_time = end_time;
  return std::move(record_);
}

}  // namespace arsim::kinds::coallocation
