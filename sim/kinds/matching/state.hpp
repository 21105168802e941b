// What the on-line Resource Matcher knows (Garbacki & Naik §4): the Job Queue and the Resource
// State Repository, without SimGrid, so the rules below are tested alone.
//
// Capacity. N(r,a) is fixed (the resource's capacity). A provider's report gives the offer
// O(r,a) <= N(r,a): what the resource's owner lets the grid use now, the rest being background
// load. The matcher's own bookkeeping H(r,a) (the usage of the jobs it started and has not yet
// seen released) is authoritative for grid jobs: a report says nothing about them. A batch sees
// the free capacity max(0, O(r,a) - H(r,a)) with the latest offer received. When an offer drops
// below H, running jobs keep what they hold (no preemption) and nothing more is matched there
// until it is free again. Since every admission keeps H <= O <= N and H grows only by admissions,
// the usage of the jobs running on r never exceeds N(r,a), the invariant the auditor checks.
// Before a provider's first report its resources offer nothing.
//
// Queue. A job that could never be matched (a dependency none of whose candidates E(j,t) has the
// capacity N its usage needs) is rejected on arrival. The others wait in arrival order. A queued
// job is due when (1) it fits alone now: every dependency has a candidate whose free capacity
// covers its usage, without which no matcher can place it; and (2) it was never tried, or free
// capacity rose on one of its candidates (a release there, or a report raising an offer there)
// since its last try: before that it could only lose the same way. A batch is the first
// batch_size due jobs. A job still unmatched after max_attempts batches is dropped; a job queued
// for max_wait seconds is expired (checked whenever the matcher wakes: a message, the end of a
// batch; providers report periodically, so it happens at most one report period late).
#pragma once

#include <vector>

#include "model/matching/instance.hpp"
#include "model/matching/matching.hpp"
#include "workloads/matching/online.hpp"

namespace arsim::kinds::matching {

namespace mm = arsim::model::matching;

struct QueuePolicy {
  int batch_size = 40;     // most jobs per matcher call, >= 1
  int max_attempts = 5;    // batches a job may stay unmatched in before it is dropped, >= 1
  double max_wait = 3600;  // seconds a job may stay queued before it expires, > 0
};

// One matcher call: the due jobs taken and the instance the matcher sees.
struct Batch {
  std::vector<int> jobs;  // workload job indices, in queue order
  mm::Instance instance;  // types, every resource with its free capacity, the batch's jobs
  long epoch = 0;         // the capacity epoch the batch was taken at
  int first_tries = 0;    // jobs tried for the first time
};

// What applying a batch's matching did.
struct Applied {
  std::vector<int> matched;  // workload job indices, in batch order
  std::vector<int> dropped;  // unmatched for the max_attempts-th time
};

class MatcherState {
 public:
  // `workload` must outlive the state. Throws std::invalid_argument on a bad policy.
  MatcherState(const workloads::matching::OnlineWorkload* workload, QueuePolicy policy);

  // A job arrives at `now`: queued (true), or rejected (false) when it could never be matched.
  bool submit(int job, double now);
  // The offers of the resources of `type`, in instance order of that type's resources. True when
  // an offer rose. Throws std::invalid_argument on a wrong shape or an offer outside [0, N].
  bool report(int type, const std::vector<std::vector<double>>& offered);
  // A matched job ended: its usage is free again.
  void release(int job);
  // Removes and returns the jobs queued for max_wait seconds or more at `now`, in queue order.
  std::vector<int> expire(double now);

  bool fits_now(int job) const;  // every dependency has a candidate with the free capacity
  bool due(int job) const;       // fits now, and never tried or capacity rose since its try
  bool due() const;              // some queued job is due
  Batch take() const;
  // Applies the (verified) matching of `batch`, which must be the last one taken.
  Applied apply(const Batch& batch, const mm::Matching& m);

  double offered(int r, int a) const { return offered_[r][a]; }
  double held(int r, int a) const { return held_[r][a]; }
  double free(int r, int a) const;
  const std::vector<int>& queue() const { return queue_; }
  int running() const { return running_; }
  int attempts(int job) const { return attempts_[job]; }
  // The resources of a matched job (instance indices, dependency order).
  const std::vector<int>& assigned(int job) const { return assigned_[job]; }

 private:
  void add_usage(int job, double sign);

  const workloads::matching::OnlineWorkload* w_;
  QueuePolicy policy_;
  mm::Candidates candidates_;                 // E(j,t) of every job of the workload
  std::vector<std::vector<double>> offered_;  // O(r,a)
  std::vector<std::vector<double>> held_;     // H(r,a)
  std::vector<int> queue_;                    // job indices, arrival order
  std::vector<double> arrived_;               // per job: when it was queued
  std::vector<long> rose_at_;                 // per resource: epoch of its last rise of capacity
  std::vector<long> tried_at_;                // per job: epoch of its last try, -1 if none
  std::vector<int> attempts_;
  std::vector<std::vector<int>> assigned_;
  std::vector<char> running_job_;
  long epoch_ = 0;
  int running_ = 0;
};

}  // namespace arsim::kinds::matching
