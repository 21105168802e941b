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
  void operator()();

 private:
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
  Votes collect_votes(std::size_t expected, model::ReservationId id);
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
};

}  // namespace arsim::kinds::coallocation
