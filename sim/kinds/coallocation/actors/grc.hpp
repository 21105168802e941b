// The Global Resource Coordinator (GridARS §3.1): for each request, asks every RM for availability
// in the laddered frames, takes the verified plans from the Coordinator (coordinator.hpp) one at a
// time in their order, and tries each with the two-phase hold -> commit protocol, aborting on any
// refusal, until one commits. Then it answers the user, starts the plan's transfers (when given a
// TransferStarter) and reports the decision.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sim/actors/courier.hpp"
#include "sim/kinds/coallocation/actors/run_context.hpp"
#include "sim/kinds/coallocation/actors/transfer_starter.hpp"
#include "sim/kinds/coallocation/coordinator.hpp"

namespace arsim::kinds::coallocation {

class Grc {
 public:
  // `transfers`: null when transfers are off; otherwise it must outlive the run.
  Grc(RunContext ctx, std::shared_ptr<schedulers::CoallocationPlanner> planner, GrcConfig config,
      TransferStarter* transfers = nullptr);
  void operator()();

 private:
  void handle(const protocol::Submit& submit);
  std::vector<model::Availability> query(const std::vector<model::TimeFrame>& frames);
  // Phase one on every RM of the plan, then phase two or abort. True when committed.
  bool reserve(const model::Request& r, const model::Plan& p);
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
};

}  // namespace arsim::kinds::coallocation
