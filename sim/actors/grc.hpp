// The Global Resource Coordinator (GridARS §3.1): for each request, picks N laddered frames, asks
// every RM for availability in them, lets the planner make plans, sorts them by the user option
// and tries them in order with the two-phase hold -> commit protocol, aborting on any refusal.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "sim/actors/run_context.hpp"
#include "schedulers/planner.hpp"

namespace arsim::actors {

struct GrcConfig {
  int frames = 10;              // N laddered frames (stage 2i)
  std::string order = "time";   // plan order, GridARS option (a)/(b)/(c)
  double hold_timeout = 60;     // seconds a hold lives unless committed
};

class Grc {
 public:
  Grc(RunContext ctx, std::shared_ptr<schedulers::CoallocationPlanner> planner, GrcConfig config);
  void operator()();

 private:
  void handle(const protocol::Submit& submit);
  std::vector<model::Availability> query(const std::vector<model::TimeFrame>& frames);
  // Phase one on every RM of the plan, then phase two or abort. True when committed.
  bool reserve(const model::Request& r, const model::Plan& p, model::ReservationId id);
  bool collect_votes(std::size_t expected, model::ReservationId id);

  RunContext ctx_;
  std::shared_ptr<schedulers::CoallocationPlanner> planner_;
  GrcConfig config_;
  sg4::Mailbox* availability_box_;
  sg4::Mailbox* vote_box_;
};

}  // namespace arsim::actors
