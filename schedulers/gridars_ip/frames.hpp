// Answering frames of one request without the solver, where the answer is exact (planner.cpp,
// parameter frame_shortcuts). The frames of a request differ only in their free capacities, so:
//   - a frame whose free cores cannot host the components, or whose links cannot carry a
//     requested bandwidth at all, has no plan (obviously_infeasible);
//   - a frame with no more free capacity anywhere than a frame without a plan (covered by it) has
//     no plan either.
// Only "no plan" is ever answered this way: a frame with a plan gets the solver's own answer, so
// that the answer does not depend on which other frames were planned (planner.cpp, Session).
// Planning the frames with the most capacity first (solve_order) lets the others use this.
#pragma once

#include <cstddef>
#include <vector>

#include "model/plan.hpp"
#include "model/request.hpp"
#include "model/resource_graph.hpp"

namespace arsim::schedulers::gridars_ip {

// True when counting alone shows the frame has no plan: a pinned component's site is no compute
// site or lacks its cores, the components cannot go on distinct sites with enough free cores (the
// k-th largest component must fit the k-th largest free site, which decides eqs. (4)–(6) exactly
// when nothing is pinned), or a pair with bandwidth rb has no edge with rb free (its components
// sit on distinct sites, so its path needs at least one edge).
bool obviously_infeasible(const model::ResourceGraph& g, const model::Request& r,
                          const model::Availability& avail);

// True when `a` has at least the free cores and free bandwidth of `b` everywhere.
bool covers(const model::Availability& a, const model::Availability& b);

// Frame indices with the most free cores first, then the most free bandwidth, then by index: a
// frame comes after every other frame that covers it (unless the two are identical).
std::vector<std::size_t> solve_order(const std::vector<model::Availability>& frames);

}  // namespace arsim::schedulers::gridars_ip
