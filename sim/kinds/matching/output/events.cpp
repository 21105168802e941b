#include "sim/kinds/matching/output/events.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace arsim::kinds::matching {

const char* to_string(JobStatus s) {
  switch (s) {
    case JobStatus::Pending:
      return "pending";
    case JobStatus::Completed:
      return "completed";
    case JobStatus::Dropped:
      return "dropped";
    case JobStatus::Expired:
      return "expired";
    case JobStatus::Rejected:
      return "rejected";
  }
  return "?";
}

Recorder::Recorder(int jobs) {
  if (jobs < 0) throw std::invalid_argument("Recorder: negative job count");
  record_.jobs.resize(jobs);
}

JobHistory& Recorder::job(int j) {
  if (j < 0 || j >= static_cast<int>(record_.jobs.size()))
    throw std::logic_error(fmt::format("event of unknown job {}", j));
  return record_.jobs[j];
}

namespace {
[[noreturn]] void contradiction(int j, const char* what) {
  throw std::logic_error(fmt::format("job {}: {}", j, what));
}
}  // namespace

void Recorder::on(const Event& event) {
  if (const auto* e = std::get_if<JobSubmitted>(&event)) {
    auto& h = job(e->job);
    if (h.submit >= 0) contradiction(e->job, "submitted twice");
    h.submitter = e->submitter;
    h.submit = e->time;
  } else if (const auto* e = std::get_if<JobRejected>(&event)) {
    auto& h = job(e->job);
    if (h.status != JobStatus::Pending) contradiction(e->job, "rejected after a decision");
    h.status = JobStatus::Rejected;
  } else if (const auto* e = std::get_if<JobMatched>(&event)) {
    auto& h = job(e->job);
    if (h.status != JobStatus::Pending) contradiction(e->job, "matched after a decision");
    h.status = JobStatus::Completed;  // until the end proves it started and finished
    h.batch = e->batch;
    h.match = e->time;
    h.attempts = e->attempts;
    h.resources = e->resources;
  } else if (const auto* e = std::get_if<JobDropped>(&event)) {
    auto& h = job(e->job);
    if (h.status != JobStatus::Pending) contradiction(e->job, "dropped after a decision");
    h.status = JobStatus::Dropped;
    h.batch = e->batch;
    h.attempts = e->attempts;
  } else if (const auto* e = std::get_if<JobExpired>(&event)) {
    auto& h = job(e->job);
    if (h.status != JobStatus::Pending) contradiction(e->job, "expired after a decision");
    h.status = JobStatus::Expired;
    h.attempts = e->attempts;
  } else if (const auto* e = std::get_if<JobStarted>(&event)) {
    auto& h = job(e->job);
    if (h.status != JobStatus::Completed || h.started) contradiction(e->job, "started unmatched");
    h.started = true;
    h.start = e->time;
  } else if (const auto* e = std::get_if<JobFinished>(&event)) {
    auto& h = job(e->job);
    if (!h.started || h.finished) contradiction(e->job, "finished without a start");
    h.finished = true;
    h.finish = e->time;
  } else if (const auto* e = std::get_if<BatchMatched>(&event)) {
    record_.batches.push_back(e->batch);
  } else if (const auto* e = std::get_if<OfferReported>(&event)) {
    record_.offers.push_back(e->step);
  } else if (const auto* e = std::get_if<OfferApplied>(&event)) {
    // the latest report of that type measured then (a report is applied after it was sent)
    for (auto it = record_.offers.rbegin(); it != record_.offers.rend(); ++it)
      if (it->type == e->type && it->time == e->time) {
        it->batch = e->batch;
        return;
      }
    throw std::logic_error(fmt::format("applied a report of type {} never sent", e->type));
  } else {
    limit_ = std::get<LimitReached>(event).what;
  }
}

RunRecord Recorder::finish(double end_time) {
  for (std::size_t j = 0; j < record_.jobs.size(); ++j) {
    const auto& h = record_.jobs[j];
    if (h.status == JobStatus::Pending)
      throw std::logic_error(fmt::format("the run ended with job {} undecided", j));
    if (h.status == JobStatus::Completed && !(h.started && h.finished))
      throw std::logic_error(fmt::format("the run ended with matched job {} {}", j,
                                         h.started ? "unfinished" : "never started"));
  }
  record_.end_time = end_time;
  return std::move(record_);
}

}  // namespace arsim::kinds::matching
