// The Global Resource Coordinator (GridARS §3.1): for each request, asks every RM for availability
// in the laddered frames, lets the Coordinator (coordinator.hpp) plan, check and order, and tries
// the plans in order with the two-phase hold -> commit protocol, aborting on any refusal.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sim/actors/courier.hpp"
#include "sim/kinds/coallocation/actors/run_context.hpp"
#include "sim/kinds/coallocation/coordinator.hpp"

namespace arsim::kinds::coallocation {

struct GrcConfig {
  CoordinatorConfig decision;
  double hold_timeout = 60;  // seconds a hold lives unless committed
};

class Grc {
 public:
  Grc(RunContext ctx, std::shared_ptr<schedulers::CoallocationPlanner> planner, GrcConfig config);
  void operator()();

 private:
  void handle(const protocol::Submit& submit);
  std::vector<model::Availability> query(const std::vector<model::TimeFrame>& frames);
  // Phase one on every RM of the plan, then phase two or abort. True when committed.
  bool reserve(const model::Request& r, const model::Plan& p);
  bool collect_votes(std::size_t expected, model::ReservationId id);
  // Decisions go through one courier per user mailbox (sim/actors/courier.hpp): users read them
  // only after their last submission.
  actors::Courier<protocol::Decision>& courier(sg4::Mailbox* user);

  RunContext ctx_;
  Coordinator coordinator_;
  double hold_timeout_;
  model::ReservationId next_id_ = 1;  // one id per attempt, never reused in a run
  sg4::Mailbox* availability_box_;
  sg4::Mailbox* vote_box_;
  std::map<sg4::Mailbox*, std::shared_ptr<actors::Courier<protocol::Decision>>> couriers_;
};

}  // namespace arsim::kinds::coallocation
