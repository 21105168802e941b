// The RMs' reservation tables of a benchmark that replays requests without SimGrid
// (bench_coallocation_scale.cpp, bench_planner_scale.cpp), and their two-phase reservation.
#pragma once

#include <vector>

#include "model/plan.hpp"
#include "model/request.hpp"
#include "model/reservation_table.hpp"
#include "model/resource_graph.hpp"

namespace arsim::bench {

struct Tables {
  std::vector<model::ReservationTable> cores, bandwidth;
};

// One empty table per vertex (its cores) and per edge (its bandwidth).
Tables empty_tables(const model::ResourceGraph& g);

// Two-phase reservation of plan p on the tables, as the GRC and the RMs do it: a hold on every
// resource (cores per site, bandwidth summed per edge, holds expiring after 60 s), then commit, or
// abort what was held. True when committed.
bool reserve(const model::Request& r, const model::Plan& p, model::ReservationId id, Tables& t);

}  // namespace arsim::bench
