// The GRC's decision logic (GridARS §3.1, stages 2i–2v) without SimGrid: laddered frames, the
// user's share of availability (option C), the planner, an independent check of every plan, the
// plan order of the user option, and trying the plans in order. The simulated Grc actor
// (actors/grc.hpp) fetches availability and holds through messages; tests and benchmarks call it
// directly with reservation tables.
#pragma once

#include <functional>
#include <memory>
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

// What the planner made of one request: verified plans in the order they are tried.
struct Planning {
  std::vector<model::Plan> plans;
  schedulers::PlannerStats stats;
  double wall_seconds = 0;  // in the planner: not deterministic
  // CPU time of this thread in the planner: not deterministic either, but it does not count what
  // other processes of the machine do while the planner waits for a core.
  double cpu_seconds = 0;
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

  // Stage 2v: `reserve` runs the two-phase protocol for one plan and says whether it committed;
  // plans are tried in order until one does. The record's decision_time is left to the caller.
  RequestRecord decide(const model::Request& request, int frames, Planning planning,
                       const std::function<bool(const model::Plan&)>& reserve) const;

  // Stages 2iii–2v for one request: plan() then decide(), or, where the order allows it and
  // plan_all is off, frame by frame with planning stopped at the first plan that commits. Then
  // plans_found counts the plans found up to that one, and solves and CPU time only what ran.
  RequestRecord plan_and_decide(const model::ResourceGraph& graph, const model::Request& request,
                                std::vector<model::Availability> availability,
                                const std::function<bool(const model::Plan&)>& reserve) const;

 private:
  std::shared_ptr<schedulers::CoallocationPlanner> planner_;
  CoordinatorConfig config_;
};

// The availability of each frame as RMs holding `cores` (per vertex id) and `bandwidth` (per edge
// id) disclose it at time `now`: the minimum free capacity over the frame, cores rounded down.
std::vector<model::Availability> availability_from_tables(
    const std::vector<model::TimeFrame>& frames, std::vector<model::ReservationTable>& cores,
    std::vector<model::ReservationTable>& bandwidth, double now);

}  // namespace arsim::kinds::coallocation
