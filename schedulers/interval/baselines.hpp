// The interval-scheduling baselines of SCS §6.2, in the soft framework of §2.2 (shift, never
// reject) except hard Maxima IS, which defers.
//
// - "maxima-is" (§6.2.2, [33], [37]): tasks by requested start; a task goes to a resource free at
//   its start (best fit: the one that freed latest); when every resource is busy, of the task and
//   the last task of each resource the one with the latest requested finish is removed and
//   deferred to the next period (resource kDeferred). Work carried over from an earlier period
//   cannot be removed. Tasks whose predecessor is deferred are deferred too.
// - "soft-maxima-is" (§6.2.3): the same conflicts resolved by shifting: the task Maxima IS would
//   remove is instead placed on the resource of earliest completion, after the others. Our
//   reading: the removal candidates are compared by requested finish, and a task with a placed
//   successor is not displaced (its successor already waits for it).
// - "ect" (§6.2.2): each task, in input order, on the resource of earliest completion.
// - "est-ect", "edf-ect", "si-ect", "llf-ect" (§6.2.3): the queue orders earliest start, earliest
//   deadline (deadline = 2 x finish), shortest interval, least laxity (deadline - duration), each
//   followed by earliest-completion assignment. The origin of time does not change these orders.
//
// Earliest completion: a task starts at the latest of its ready time, its predecessor's actual
// finish and its resource's free time; among resources free by the first two the best fit wins
// (ties: highest index), else the earliest free. Tasks are appended, never inserted into gaps.
// With dependencies, a task enters the queue once its predecessor is placed (list scheduling).
#pragma once

#include <string>

#include "schedulers/interval_scheduler.hpp"

namespace arsim::schedulers::interval {

enum class QueueOrder { Input, EarliestStart, EarliestDeadline, ShortestInterval, LeastLaxity };

class EctScheduler : public IntervalScheduler {
 public:
  explicit EctScheduler(QueueOrder order) : order_(order) {}
  IntervalSchedule schedule(const IntervalProblem& problem, IntervalStats& stats) override;

 private:
  QueueOrder order_;
};

class MaximaIsScheduler : public IntervalScheduler {
 public:
  explicit MaximaIsScheduler(bool soft) : soft_(soft) {}
  // stats.values: "deferred" (hard) or "displaced" (soft) task counts.
  IntervalSchedule schedule(const IntervalProblem& problem, IntervalStats& stats) override;

 private:
  bool soft_;
};

// Registers maxima-is, soft-maxima-is, ect, est-ect, edf-ect, si-ect, llf-ect.
void register_baselines(IntervalRegistry& registry);

}  // namespace arsim::schedulers::interval
