// The GRC's decision logic (GridARS §3.1, stages 2i–2v) without SimGrid: laddered frames, the
// user's share of availability (option C), the planner, an independent check of every plan, the
// plan order of the user option, and the plans handed out one at a time in that order. The
// simulated Grc actor (actors/grc.hpp) fetches availability and holds through messages; tests and
// benchmarks use it directly with reservation tables.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/reservation_table.hpp"
#include "schedulers/planner.hpp"
#include "sim/kinds/coallocation/output/records.hpp"

namespace arsim::kinds::coallocation {

struct CoordinatorConfig {
  int frames = 10;             // N laddered frames (stage 2i)
  std::string order = "time";  // plan order, GridARS option (a)/(b)/(c) (schedulers::sort_plans)
  // Plan every frame before trying any. Otherwise, where the order follows from the frames alone
  // (schedulers::trial_order), frames are planned as their plans are tried: the same plans tried
  // in the same order (planners' answers depend on their own frame only), fewer solves.
  bool plan_all = false;
};

// The name of the coordinator of <grc>; <coordinator name=...> elements add others (GridARS
// §2.1: several GRCs compete for the same resources on behalf of their users).
inline const std::string kDefaultCoordinator = "grc";

// The GRC's timing in the two-phase commit (grc.hold_timeout, grc.planning_delay).
struct GrcTiming {
  double hold_timeout = 60;   // seconds a hold lives unless committed
  double planning_delay = 0;  // simulated seconds between availability and the first hold
};

// What one GRC actor (actors/grc.hpp) is given.
struct GrcConfig {
  CoordinatorConfig decision;
  GrcTiming timing;
  std::string name = kDefaultCoordinator;  // names its mailboxes (grc_mailbox) and its records
  // Reservation ids of coordinator `index` are index * 2^40 + 1, + 2, ...: disjoint between the
  // coordinators sharing the RMs, as an RM refuses a hold whose id it already holds.
  int index = 0;
};

// What the planner made of one request: verified plans in the order they are tried.
struct Planning {
  std::vector<model::Plan> plans;
  schedulers::PlannerStats stats;
  double wall_seconds = 0;  // in the planner: not deterministic
  // CPU time of this thread in the planner: not deterministic either, but it does not count what
  // other processes of the machine do while the planner waits for a core.
  double cpu_seconds = 0;
};

class Coordinator;

// One request's verified plans, handed out one at a time in the order they are tried (stage 2v).
// The caller tries each plan (the GRC's two-phase commit) and asks for the next only when it did
// not commit: the coordinator never calls back. Where the order allows it and plan_all is off,
// each frame is planned when its plan is asked for, so planning stops at the plan that commits;
// then plans_found counts the plans found up to the last one handed out, and solves and CPU time
// only what ran. Holds references to the graph it was made with, which must outlive it.
class RequestPlans {
 public:
  RequestPlans(const Coordinator& coordinator, const model::ResourceGraph& graph,
               const model::Request& request, std::vector<model::Availability> availability);
  // Not movable: the planner's frame-by-frame state refers to the request and stats held here.
  RequestPlans(const RequestPlans&) = delete;
  RequestPlans& operator=(const RequestPlans&) = delete;

  // The next plan to try, or none when every plan was handed out. Throws std::logic_error as
  // Coordinator::plan does.
  std::optional<model::Plan> next_plan();
  // What the planning has done so far: the counts and times of the request's record.
  PlanningTally tally() const;

 private:
  const model::ResourceGraph* graph_;
  model::Request request_;
  int frames_;
  std::vector<model::Plan> plans_;  // every plan, when planned all at once
  std::vector<model::Availability> availability_;
  std::optional<std::vector<std::size_t>> order_;  // frame by frame: the frames in trial order
  std::size_t next_ = 0;                           // in plans_ or in *order_
  int found_ = 0, tried_ = 0;
  schedulers::PlannerStats stats_;
  std::shared_ptr<schedulers::CoallocationPlanner> planner_;  // outlives planning_
  std::unique_ptr<schedulers::FramePlanning> planning_;
  double wall_ = 0, cpu_ = 0;
};

class Coordinator {
 public:
  // Throws std::invalid_argument on a null planner or frames < 1.
  Coordinator(std::shared_ptr<schedulers::CoallocationPlanner> planner, CoordinatorConfig config);

  // Stage 2i.
  std::vector<model::TimeFrame> frames(const model::Request& request) const;

  // Stages 2iii–2iv on the availability of each frame (as the RMs disclosed it). Throws
  // std::logic_error when the planner returns a plan for a frame it was not given or one that
  // model::check_plan refuses: a planner bug, never a user error.
  Planning plan(const model::ResourceGraph& graph, const model::Request& request,
                std::vector<model::Availability> availability) const;

  // Stages 2iii–2v for one request: its plans, to be tried in order (RequestPlans).
  RequestPlans plans(const model::ResourceGraph& graph, const model::Request& request,
                     std::vector<model::Availability> availability) const {
    return RequestPlans(*this, graph, request, std::move(availability));
  }

  // Stage 2v's end: tells the planner whether a plan of `request` was committed.
  void decided(const model::Request& request, bool accepted) const {
    planner_->decided(request, accepted);
  }

 private:
  friend class RequestPlans;
  std::shared_ptr<schedulers::CoallocationPlanner> planner_;
  CoordinatorConfig config_;
};

// The availability of each frame as RMs holding `cores` (per vertex id) and `bandwidth` (per edge
// id) disclose it at time `now`: the minimum free capacity over the frame, cores rounded down.
std::vector<model::Availability> availability_from_tables(
    const std::vector<model::TimeFrame>& frames, std::vector<model::ReservationTable>& cores,
    std::vector<model::ReservationTable>& bandwidth, double now);

}  // namespace arsim::kinds::coallocation
