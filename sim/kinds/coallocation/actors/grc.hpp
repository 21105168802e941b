// The Global Resource Coordinator (GridARS §3.1): for each request, asks every RM for availability
// in the laddered frames, takes the verified plans from the Coordinator (coordinator.hpp) one at a
// time in their order, and tries each with the two-phase hold -> commit protocol, aborting on any
// refusal, until one commits. Then it answers the user, starts the plan's transfers (when given a
// TransferStarter) and reports the decision.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "sim/actors/courier.hpp"
#include "sim/kinds/coallocation/actors/run_context.hpp"
#include "sim/kinds/coallocation/actors/transfer_starter.hpp"
#include "sim/kinds/coallocation/coordinator.hpp"
#include "sim/kinds/coallocation/modification.hpp"

namespace arsim::kinds::coallocation {

class Grc {
 public:
  // `transfers`: null when transfers are off; otherwise it must outlive the run.
  Grc(RunContext ctx, std::shared_ptr<schedulers::CoallocationPlanner> planner, GrcConfig config,
      TransferStarter* transfers = nullptr);
  // The GRC's loop. A coordinator's crash (failures/coordinator_crashes.hpp) kills the actor and
  // starts it again with the same object: its log (accepted requests, ids, the commit under way)
  // survives, and recover() settles what the crash interrupted before it reads its inbox again.
  void operator()();
  // Whether a crash may land now: not while the GRC records a decision, a release or a repair
  // (steps that take no simulated time, so a crash waits for them at the same instant).
  bool interruptible() const { return !atomic_; }

 private:
  // Marks a step a crash must not cut in two.
  class Atomic {
   public:
    explicit Atomic(Grc& g) : g_(g) { g_.atomic_ = true; }
    ~Atomic() { g_.atomic_ = false; }
    Atomic(const Atomic&) = delete;
    Atomic& operator=(const Atomic&) = delete;

   private:
    Grc& g_;
  };
  // grc_recovery.cpp (docs/design/coallocation.md, Control-plane faults): presumed abort. The
  // commit under way is cancelled on every RM it involved (what was committed is given back,
  // holds expire); the request being decided is rejected and its user told; a notice being
  // handled is handled again.
  void recover();
  // Sends what must reach RM mailbox `box` (a cancel or a release of reservations that end by
  // `until`): with control-plane faults again and again until it arrives or `until` has passed;
  // otherwise posted.
  void tell(const std::string& box, protocol::RmMessage message, double until);
  void handle(const protocol::Submit& submit);
  // Monitoring (GridARS §5; docs/design/coallocation.md, Failures): what the GRC does when an RM
  // reports a broken part of an accepted request. A site's or a path's failure is repaired by a
  // modification (modify) when one commits; otherwise the whole reservation is released on every
  // RM holding a part of it and the user told, once per request.
  void on_broken(const protocol::BrokenNotice& notice);
  std::vector<model::Availability> query(const std::vector<model::TimeFrame>& frames);
  // Phase one on every RM of the plan, then phase two or abort. The commit's id, or nothing.
  std::optional<model::ReservationId> reserve(const model::Request& r, const model::Plan& p);
  // Amounts per RM mailbox name.
  using HoldPlan = std::map<std::string, std::vector<protocol::Amount>>;
  static HoldPlan split_by_rm(const model::ResourceGraph& g, const Amounts& a);
  // The two-phase commit of `holds` over `frame` (reserve; modify with repair > 0, whose refusals
  // are not attempts of the request and are not reported).
  std::optional<model::ReservationId> commit_holds(const model::Request& r, model::TimeFrame frame,
                                                   const HoldPlan& holds, int repair);
  struct Accepted;
  // grc_modification.cpp: plans, reserves and commits the modification of `a` after the failure
  // of site or path `notice.resource`; false (nothing changed) when there is no plan or it did not
  // commit.
  bool modify(Accepted& a, const protocol::BrokenNotice& notice);
  // The RMs told to give back the parts of `a` that modification `m` no longer needs.
  void give_back(const Accepted& a, const Modification& m);
  struct Votes {
    int refused = 0;
    int started = 0;  // refusals because the frame had begun
  };
  // With control-plane faults a vote that has not come by `deadline` is lost: a refusal.
  Votes collect_votes(std::size_t expected, model::ReservationId id, double deadline);
  void report_failure(const model::Request& r, const model::Plan& p, AttemptPhase phase,
                      std::size_t rms, const Votes& votes);
  // Decisions go through one courier per user mailbox (sim/actors/courier.hpp): users read them
  // only after their last submission.
  actors::Courier<protocol::Decision>& courier(sg4::Mailbox* user);

  RunContext ctx_;
  std::shared_ptr<schedulers::CoallocationPlanner> planner_;  // also the coordinator's
  Coordinator coordinator_;
  TransferStarter* transfers_;
  std::string name_;
  double hold_timeout_;
  double planning_delay_;
  model::ReservationId next_id_;  // one id per attempt, never reused in a run
  int attempt_ = 0;               // plans tried for the request being decided
  sg4::Mailbox* inbox_;
  sg4::Mailbox* availability_box_;
  sg4::Mailbox* vote_box_;
  std::map<sg4::Mailbox*, std::shared_ptr<actors::Courier<protocol::Decision>>> couriers_;
  // With failures only: the accepted requests an RM may report broken, by id (their reservations
  // as they stand, every RM holding a part, the user's mailbox), until released.
  struct Accepted {
    ReservedRequest reserved;
    std::set<std::string> rms;
    sg4::Mailbox* user;
    int repairs = 0;  // modifications committed
  };
  std::map<int, Accepted> accepted_;
  std::size_t prune_at_ = 64;

  // Control-plane faults (RunContext::control_faults): answers are awaited until a deadline.
  bool faults_;
  double retry_;
  std::uint64_t query_ = 0;  // the last availability query: replies to older ones are stale
  bool started_ = false;     // operator() ran before: this run of it is a restart
  bool atomic_ = false;
  // The GRC's log, what a crash cannot erase: the commit under way (its id and RMs), and what
  // the GRC was doing (deciding a submission or handling a notice).
  struct OpenCommit {
    model::ReservationId id = 0;
    int request_id = -1;
    model::TimeFrame frame;
    int repair = 0;           // as HoldRequest::repair
    bool committing = false;  // phase two began
    std::vector<std::string> rms;
  };
  std::optional<OpenCommit> open_;
  std::optional<protocol::Submit> deciding_;
  PlanningTally tally_;  // of the request being decided, as of its last plan tried
  std::optional<protocol::BrokenNotice> repairing_;
};

}  // namespace arsim::kinds::coallocation
