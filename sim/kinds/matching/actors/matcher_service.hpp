// The on-line Resource Matcher (Garbacki & Naik §4, Fig. 1): the Matcher Interface receives jobs
// from the submitters into the Job Queue, the Resource State Repository keeps the providers'
// latest reports and what running jobs hold (state.hpp), and when the matcher is idle and a job
// is due it takes a batch, calls the configured ResourceMatcher on the free capacities, verifies
// the matching with the model's checker, spends the matcher time (cost.hpp) during which messages
// wait, then starts the matched jobs (JobExecution) and answers the submitters. A batch whose
// matcher time passes the deadline ends at the deadline with the fallback answer (deadline.hpp).
// It stops when every submitter has sent all its jobs, the queue is empty and every started job
// has ended, or, stopping every other actor, when the run would pass its limit of simulated time
// (limits.hpp).
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <vector>

#include <simgrid/s4u/Host.hpp>

#include "model/matching/matching.hpp"
#include "schedulers/resource_matcher.hpp"
#include "sim/kinds/matching/actors/messages.hpp"
#include "sim/kinds/matching/cost.hpp"
#include "sim/kinds/matching/deadline.hpp"
#include "sim/kinds/matching/output/events.hpp"
#include "sim/kinds/matching/state.hpp"

namespace arsim::kinds::matching {

struct MatcherConfig {
  model::matching::Policy policy;
  QueuePolicy queue;
  double period = 0;  // least seconds between the starts of two batches (0: none)
  CostModel cost;
  std::vector<sg4::Host*> type_hosts;  // per resource type: where its provider and jobs run
  // The latest simulated instant the run may reach (limits.hpp): a batch or job that would end
  // later, or a message handled later, stops the run (LimitReached) instead.
  double limit = std::numeric_limits<double>::infinity();
  Deadline deadline{};  // the response-time deadline of a batch (none by default)
};

class MatcherService {
 public:
  // `workload` and `events` must outlive the run; `seeds` gives one matcher seed per batch.
  MatcherService(const workloads::matching::OnlineWorkload* workload, EventSink* events,
                 std::shared_ptr<schedulers::ResourceMatcher> matcher, MatcherConfig config,
                 std::mt19937_64 seeds);
  void operator()();

 private:
  bool finished() const;
  // Past the limit at `until`: reports LimitReached with `what`, stops every other actor and
  // returns true; the run then ends.
  bool stop_at_limit(double until, const std::string& what);
  void handle(const MatcherMessage& message);
  void drain();      // handles every message already arrived, then expires jobs queued too long
  bool run_batch();  // false when the run was stopped at its limit
  void dispatch(const Batch& batch, const Applied& applied, int index, double now);

  const workloads::matching::OnlineWorkload* w_;
  EventSink* events_;
  std::shared_ptr<schedulers::ResourceMatcher> matcher_;
  MatcherConfig config_;
  std::mt19937_64 seeds_;
  MatcherState state_;
  sg4::Mailbox* inbox_;
  std::vector<sg4::Mailbox*> reply_;       // per job, once submitted
  std::vector<int> announced_, received_;  // per submitter: jobs it said it sent, jobs arrived
  int batches_ = 0;
  double last_start_ = 0;
};

}  // namespace arsim::kinds::matching
