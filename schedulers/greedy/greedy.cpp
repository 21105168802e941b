#include "schedulers/greedy/greedy.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <stdexcept>

namespace arsim::schedulers::greedy {

std::optional<std::vector<int>> place_components(const model::ResourceGraph& graph,
                                                 const model::Request& request,
                                                 const std::vector<int>& free_cores) {
  if (static_cast<int>(free_cores.size()) != graph.vertex_count())
    throw std::invalid_argument("place_components: free cores do not match the graph");
  const auto& comps = request.components;
  std::vector<int> order(comps.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int x, int y) { return comps[x].cpus > comps[y].cpus; });
  const std::vector<int> sites = graph.sites();  // ascending ids: strict '>' keeps the lowest
  std::vector<bool> taken(graph.vertex_count(), false);
  std::vector<int> placed(comps.size(), -1);
  // Pinned components first, each on its site: the others then avoid those sites (eq. 5, 6).
  for (std::size_t j = 0; j < comps.size(); ++j) {
    if (!comps[j].pinned()) continue;
    const int v = comps[j].site;
    if (v < 0 || v >= graph.vertex_count() || graph.vertex(v).role != model::VertexRole::Site ||
        taken[v] || free_cores[v] < comps[j].cpus)
      return std::nullopt;
    taken[v] = true;
    placed[j] = v;
  }
  for (int j : order) {
    if (comps[j].pinned()) continue;
    int best = -1;
    for (int v : sites)
      if (!taken[v] && free_cores[v] >= comps[j].cpus &&
          (best < 0 || free_cores[v] > free_cores[best]))
        best = v;
    if (best < 0) return std::nullopt;
    taken[best] = true;
    placed[j] = best;
  }
  return placed;
}

std::optional<model::Plan> plan_frame(const model::ResourceGraph& graph,
                                      const model::Request& request,
                                      const model::Availability& avail, int max_hops) {
  if (static_cast<int>(avail.free_bandwidth.size()) != graph.edge_count())
    throw std::invalid_argument("greedy: availability does not match the graph");
  auto sites = place_components(graph, request, avail.free_cores);
  if (!sites) return std::nullopt;
  model::Plan plan{avail.frame, std::move(*sites), {}, 0};
  plan.routes.resize(request.pairs.size());
  std::vector<double> free = avail.free_bandwidth;  // what later pairs see
  for (std::size_t l = 0; l < request.pairs.size(); ++l) {
    const model::Pair& pair = request.pairs[l];
    if (pair.bandwidth <= 0) continue;
    auto path =
        routing::route_pair(graph, free, plan.sites[pair.a], plan.sites[pair.b], pair, max_hops);
    if (!path) return std::nullopt;
    for (int e : *path) free[e] -= pair.bandwidth;
    plan.routes[l] = std::move(*path);
  }
  plan.cost = model::plan_value(graph, request, plan);
  return plan;
}

std::vector<model::Plan> GreedyPlanner::plan(const model::ResourceGraph& graph,
                                             const model::Request& request,
                                             const std::vector<model::Availability>& frames,
                                             PlannerStats& stats) {
  model::validate(request);  // pair ends index the placement below
  const auto started = std::chrono::steady_clock::now();
  std::vector<model::Plan> plans;
  for (const auto& avail : frames) {
    ++stats.solves;
    if (auto p = plan_frame(graph, request, avail, max_hops_)) plans.push_back(std::move(*p));
  }
  stats.solve_seconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return plans;
}

void register_planner(PlannerRegistry& registry) {
  registry.add({
      "greedy",
      "Greedy baseline: per frame, largest components first on the sites with the most free "
      "cores, then each network on the widest free path (no optimisation)",
      {field("max_hops", &GreedyOptions::max_hops)
           .at_least(0)
           .at_most(1000000)
           .about("maximum edges per network path (0 = unlimited), like N_max of GridARS eq. 11")},
      [](const Params& p) {
        return std::make_unique<GreedyPlanner>(p.to<GreedyOptions>().max_hops);
      },
  });
}

}  // namespace arsim::schedulers::greedy
