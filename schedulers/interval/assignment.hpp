// Minimum-cost perfect matching of a square cost matrix (the Hungarian method with potentials,
// O(n^3)): used to give the clusters of a partition to resources whose carried-over busy times
// differ (§2.3).
#pragma once

#include <vector>

namespace arsim::schedulers::interval {

// cost[row][col], n x n with n >= 0, all finite. Returns the column of every row.
std::vector<int> min_cost_assignment(const std::vector<std::vector<double>>& cost);

}  // namespace arsim::schedulers::interval
