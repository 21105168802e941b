// A greedy co-allocation baseline: no optimisation, one pass per
// frame, deterministic. It answers "how much does the 0-1 IP of GridARS §3.2 gain over placing
// the largest components on the emptiest sites and routing each network on the widest path?".
//
// Per frame, independently of the others:
//  0. every pinned component (model::Component::site) goes to its site; if that site lacks its
//     cores or holds another pinned component of the request, the frame has no plan;
//  1. the other components in order of cpus descending (ties: lower index first); each goes to
//     the compute site with the most free cores that has enough and holds no other component of
//     the request (eq. 5, 6; ties: lowest vertex id);
//  2. every pair with bandwidth > 0, in pair order, is routed from the site of pair.a to the site
//     of pair.b on the widest feasible path: the largest bottleneck of the bandwidth still free
//     (at least the pair's bandwidth, eq. 8), ties broken by fewest edges, then by the
//     lexicographically smallest sequence of edge ids. Any vertex may be an intermediate (sites
//     and exchange points, Fig. 4). A pair with a latency bound (Pair::max_latency) takes the
//     widest path among those whose latency meets it (routing::widest_path_within,
//     schedulers/routing/latency_path.hpp), a pair without one exactly the path above. The pair's
//     bandwidth is then deducted from every edge of the path, so later pairs see what is left.
// If a component or a pair cannot be placed, the frame yields no plan. Plan.cost is
// model::plan_value (objective (3)), so plans compare with those of the IP planners.
//
// Parameter max_hops (default 0 = unlimited) caps the edges of each path, like N_max of eq. (11).
#pragma once

#include <optional>
#include <vector>

#include "schedulers/planner.hpp"
#include "schedulers/routing/latency_path.hpp"
#include "schedulers/routing/widest_path.hpp"

namespace arsim::schedulers::greedy {

// The sites of the components (per component index) chosen by steps 0 and 1, or nothing.
std::optional<std::vector<int>> place_components(const model::ResourceGraph& graph,
                                                 const model::Request& request,
                                                 const std::vector<int>& free_cores);

// Steps 1 and 2 for one frame; nothing when the frame has no greedy plan.
std::optional<model::Plan> plan_frame(const model::ResourceGraph& graph,
                                      const model::Request& request,
                                      const model::Availability& avail, int max_hops = 0);

// The parameters of "greedy".
struct GreedyOptions {
  int max_hops = 0;  // edges per network path at most, 0 = unlimited
};

class GreedyPlanner : public CoallocationPlanner {
 public:
  explicit GreedyPlanner(int max_hops = GreedyOptions{}.max_hops) : max_hops_(max_hops) {}

  std::vector<model::Plan> plan(const model::ResourceGraph& graph, const model::Request& request,
                                const std::vector<model::Availability>& frames,
                                PlannerStats& stats) override;

 private:
  int max_hops_;
};

// Registers "greedy".
void register_planner(PlannerRegistry& registry);

}  // namespace arsim::schedulers::greedy
