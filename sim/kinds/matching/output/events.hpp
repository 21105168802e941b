// The events of an on-line matching run (Garbacki & Naik §4) as the actors emit them, the records
// the writers read, and the Recorder that builds them. Pure: no SimGrid.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "sim/metrics/events.hpp"

namespace arsim::kinds::matching {

// One matcher call: when it took its batch, when its answer was ready (start + the matcher time
// charged), what it matched and what the matcher reported.
struct BatchRecord {
  int index = 0;
  double start = 0;
  double end = 0;
  int size = 0;
  int first_tries = 0;  // jobs of the batch tried for the first time
  int matched = 0;
  int dropped = 0;
  double matcher_time = 0;  // simulated seconds charged (cost model or measured)
  double objective = 0;
  std::string status;
  bool optimal = false;
  long iterations = 0, lp_solves = 0, lp_nodes = 0, probes = 0;
  double work = 0;
  double wall_seconds = 0;  // the call's wall clock: machine-dependent, timings.csv only
};

// What the provider of one resource type reported at `time` (when it measured and sent).
struct OfferStep {
  double time = 0;
  int type = 0;
  std::vector<std::vector<double>>
      offered;     // per resource of the type (instance order), per attribute
  int batch = -1;  // the first batch that saw it (batches begun when the matcher applied it)
};

enum class JobStatus { Pending, Completed, Dropped, Expired, Rejected };
const char* to_string(JobStatus s);

// Everything that happened to one job; times are -1 where it did not happen.
struct JobHistory {
  int submitter = -1;
  double submit = -1;
  int batch = -1;  // the batch that matched or dropped it
  double match = -1, start = -1, finish = -1;
  int attempts = 0;
  JobStatus status = JobStatus::Pending;
  std::vector<int> resources;  // instance indices, dependency order
  bool started = false, finished = false;
};

struct JobSubmitted {
  int job = -1;
  int submitter = -1;
  double time = 0;
};
// The job could never be matched (state.hpp): refused on arrival.
struct JobRejected {
  int job = -1;
  double time = 0;
};
struct JobMatched {
  int job = -1;
  int batch = -1;
  double time = 0;
  int attempts = 0;
  std::vector<int> resources;
};
struct JobDropped {
  int job = -1;
  int batch = -1;
  double time = 0;
  int attempts = 0;
};
// The job waited max_wait seconds in the queue (state.hpp).
struct JobExpired {
  int job = -1;
  double time = 0;
  int attempts = 0;
};
struct JobStarted {
  int job = -1;
  double time = 0;
};
struct JobFinished {
  int job = -1;
  double time = 0;
};
struct BatchMatched {
  BatchRecord batch;
};
struct OfferReported {
  OfferStep step;
};
// The matcher applied the report of `type` measured at `time` before batch `batch` began.
struct OfferApplied {
  int type = -1;
  double time = 0;
  int batch = 0;
};
// The run reached its limit of simulated time (limits.hpp) and was stopped: `what` says how.
struct LimitReached {
  double time = 0;
  std::string what;
};

using Event =
    std::variant<JobSubmitted, JobRejected, JobMatched, JobDropped, JobExpired, JobStarted,
                 JobFinished, BatchMatched, OfferReported, OfferApplied, LimitReached>;
using EventSink = metrics::EventSink<Event>;

struct RunRecord {
  std::vector<JobHistory> jobs;      // per workload job
  std::vector<BatchRecord> batches;  // in time order
  std::vector<OfferStep> offers;     // in time order
  double end_time = 0;
};

// Collects the events of a run of `jobs` jobs. on() throws std::logic_error on an event that
// contradicts the job's history so far (a job matched twice, started before matched, ...).
class Recorder : public EventSink {
 public:
  explicit Recorder(int jobs);
  void on(const Event& event) override;
  // What stopped the run at its limit of simulated time, "" when nothing did.
  const std::string& limit_reached() const { return limit_; }
  // The record with the simulated end set. Throws std::logic_error when a job was never decided,
  // or a matched job never started or never finished.
  RunRecord finish(double end_time);

 private:
  JobHistory& job(int j);
  RunRecord record_;
  std::string limit_;
};

}  // namespace arsim::kinds::matching
