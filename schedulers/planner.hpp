// The CoallocationPlanner family (docs/ARCHITECTURE.md, Seams): GridARS stage 2iii. Given one
// request, the candidate time frames and the availability RMs disclosed for each, return
// reservation plans.
#pragma once

#include <string>
#include <vector>

#include "model/plan.hpp"
#include "model/request.hpp"
#include "model/resource_graph.hpp"
#include "schedulers/registry.hpp"

namespace arsim::schedulers {

struct PlannerStats {
  double solve_seconds = 0;  // wall time spent in the planner (not charged to simulated time)
  long nodes = 0;            // branch-and-bound nodes or search steps, where meaningful
  int solves = 0;            // subproblems solved (one per frame for per-frame planners)
};

class CoallocationPlanner {
 public:
  virtual ~CoallocationPlanner() = default;
  // At most one plan per frame, in frame order; frames where the planner finds none are skipped.
  // The caller verifies every plan with model::check_plan and sorts them (stage 2iv).
  virtual std::vector<model::Plan> plan(const model::ResourceGraph& graph,
                                        const model::Request& request,
                                        const std::vector<model::Availability>& frames,
                                        PlannerStats& stats) = 0;
};

using PlannerRegistry = Registry<CoallocationPlanner>;

// User option of GridARS §3.4 deciding the order plans are tried in: (a) "time": earliest
// reservation first (our reading of "sort reservation plans by late reservation time"; "late" tries
// the latest first, the other reading); (b) "price" and (c) "quality": lowest total unit value
// (plan_value) first, the unit values being prices or quality points. Ties keep frame order.
void sort_plans(const model::ResourceGraph& graph, const model::Request& request,
                const std::string& order, std::vector<model::Plan>& plans);

}  // namespace arsim::schedulers
