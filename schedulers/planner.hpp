// The CoallocationPlanner family (docs/design/architecture.md, Seams): GridARS stage 2iii. Given
// one request, the candidate time frames and the availability RMs disclosed for each, return
// reservation plans.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
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

// One request's frames planned one at a time, in the order the caller chooses, so that a plan can
// be tried before the next frame is planned. An answer depends on its own frame only, never on
// which frames were planned before it: planning any subset in any order gives each frame the plan
// CoallocationPlanner::plan gives it. Holds references to the graph, request and stats given to
// CoallocationPlanner::start, which must outlive it.
class FramePlanning {
 public:
  virtual ~FramePlanning() = default;
  // The plan for `frame` (already validated against the request by the planner), or none.
  virtual std::optional<model::Plan> plan(const model::Availability& frame) = 0;
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

  // Frame-by-frame planning of one request. The default plans each frame alone through plan(),
  // which suits planners whose plan() treats frames independently; a planner that shares work
  // across frames overrides it.
  virtual std::unique_ptr<FramePlanning> start(const model::ResourceGraph& graph,
                                               const model::Request& request, PlannerStats& stats);

  // Told once the GRC has decided `request` (GridARS §3.1 stage 2v): a plan committed or none. The
  // built-ins keep no state between requests and ignore it; a learning algorithm outside the tree
  // (docs/guide/protocol.md, `outcome`) takes its reward from it.
  virtual void decided(const model::Request& request, bool accepted) {
    static_cast<void>(request);
    static_cast<void>(accepted);
  }
};

// What bounds the size of a planner's model of one request: the reservation graph's sites and
// paths (edges), and the request's components and pairs that ask for bandwidth.
struct ModelSize {
  std::size_t sites = 0;
  std::size_t paths = 0;
  std::size_t components = 0;
  std::size_t flow_pairs = 0;
};

// A planner with limits it checks before a run (as gangmatch/limited.hpp for gang matchers): the
// run kind asks it about every request shape of the workload on the platform's graph, so that
// `arsim check` refuses what a run could not plan in bounded time. Planners without limits do not
// implement it.
class LimitedPlanner {
 public:
  virtual ~LimitedPlanner() = default;
  // What the planner cannot do for a request of `size` (a limit it would exceed), in one line
  // naming the limit, or nothing.
  virtual std::optional<std::string> refuses(const ModelSize& size) const = 0;
};

using PlannerRegistry = Registry<CoallocationPlanner>;

// User option of GridARS §3.4 deciding the order plans are tried in: (a) "time": earliest
// reservation first (our reading of "sort reservation plans by late reservation time"; "late" tries
// the latest first, the other reading); (b) "price" and (c) "quality": lowest total unit value
// (plan_value) first, the unit values being prices or quality points. Ties keep frame order.
void sort_plans(const model::ResourceGraph& graph, const model::Request& request,
                const std::string& order, std::vector<model::Plan>& plans);

// The order in which plans of `frames` would be tried, as frame indices, when it follows from the
// frames alone ("time", "late": the order sort_plans gives their plans); none when it needs the
// plans' values ("price", "quality"). Throws std::invalid_argument on an unknown order.
std::optional<std::vector<std::size_t>> trial_order(const std::string& order,
                                                    const std::vector<model::TimeFrame>& frames);

}  // namespace arsim::schedulers
