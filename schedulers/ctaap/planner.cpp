#include "schedulers/ctaap/planner.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/ctaap/options.hpp"
#include "schedulers/routing/latency_path.hpp"

namespace arsim::schedulers::ctaap {

namespace {

class SolverMapper : public FrameMapper {
 public:
  explicit SolverMapper(SolverOptions o) : options_(std::move(o)) {}
  Allocation map(const Instance& inst, PlannerStats& stats) override {
    const auto start = std::chrono::steady_clock::now();
    SolverResult r = solve(inst, options_);
    stats.solve_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    stats.nodes += r.rounds;
    return r.allocation;
  }

 private:
  SolverOptions options_;
};

class IpMapper : public FrameMapper {
 public:
  explicit IpMapper(IpOptions o) : options_(std::move(o)) {}
  Allocation map(const Instance& inst, PlannerStats& stats) override {
    IpResult r = solve_ip(inst, options_);
    stats.solve_seconds += r.build_seconds + r.solve_seconds;
    stats.nodes += r.nodes;
    return r.allocation;
  }

 private:
  IpOptions options_;
};

}  // namespace

std::optional<model::Plan> route_plan(const model::ResourceGraph& graph,
                                      const model::Request& request,
                                      const model::Availability& avail,
                                      const std::vector<int>& sites) {
  model::Plan plan{avail.frame, sites, {}, 0};
  plan.routes.resize(request.pairs.size());
  std::vector<int> order(request.pairs.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
    return request.pairs[x].bandwidth > request.pairs[y].bandwidth;
  });
  std::vector<double> free = avail.free_bandwidth;
  for (int l : order) {
    const model::Pair& pair = request.pairs[l];
    if (pair.bandwidth <= 0) continue;
    auto path = routing::route_pair(graph, free, sites[pair.a], sites[pair.b], pair);
    if (!path) return std::nullopt;
    for (int e : *path) free[e] -= pair.bandwidth;
    plan.routes[l] = std::move(*path);
  }
  plan.cost = model::plan_value(graph, request, plan);
  return plan;
}

std::vector<model::Plan> CtaapPlanner::plan(const model::ResourceGraph& graph,
                                            const model::Request& request,
                                            const std::vector<model::Availability>& frames,
                                            PlannerStats& stats) {
  model::validate(request);
  std::vector<model::Plan> plans;
  // One component per site (cap_j <= 1): a request of more components than the graph has sites
  // has no allocation of size n in any frame, and its n × n instance is never built (a request of
  // 5,001 components took 4 GB). Within the sites, the instance is as large as the platform.
  if (request.components.size() > graph.sites().size() || !model::pins_on_sites(graph, request))
    return plans;
  for (std::size_t f = 0; f < frames.size(); ++f) {
    if (!model::pins_fit(request, frames[f])) continue;
    const SiteProblem p = site_problem(graph, request, frames[f], candidates_);
    Allocation a;
    if (p.instance.tasks() > 0) {  // else every component is pinned: nothing to map
      ++stats.solves;
      a = mapper_->map(p.instance, stats);
      if (allocation_size(a) < p.instance.tasks()) continue;
    }
    auto plan = route_plan(graph, request, frames[f], component_sites(p, request, a));
    if (!plan) continue;
    if (auto err = model::check_plan(graph, request, frames[f], *plan))
      throw std::logic_error(
          fmt::format("{}: request {} frame {}: plan fails check: {}", name_, request.id, f, *err));
    plans.push_back(std::move(*plan));
  }
  return plans;
}

std::unique_ptr<CoallocationPlanner> make_solver_planner(SolverOptions options, int candidates) {
  return std::make_unique<CtaapPlanner>(std::make_unique<SolverMapper>(std::move(options)), "ctaap",
                                        candidates);
}

std::unique_ptr<CoallocationPlanner> make_ip_planner(IpOptions options, int candidates) {
  return std::make_unique<CtaapPlanner>(std::make_unique<IpMapper>(std::move(options)), "ctaap-ip",
                                        candidates);
}

namespace {

struct SiteOptions {
  int candidates = 32;
};

// The planners' own parameter, after the mapper's.
std::vector<ParamSpec> with_candidates(std::vector<ParamSpec> specs) {
  specs.push_back(field("candidates", &SiteOptions::candidates)
                      .at_least(0)
                      .at_most(1000000)
                      .about("sites offered as clusters: those with the most free cores in the "
                             "frame (0 = every site); the solver's cost grows with their square"));
  return specs;
}

int candidates_of(const Params& p) {
  return p.to<SiteOptions>().candidates;
}

}  // namespace

void register_planners(PlannerRegistry& registry) {
  registry.add({"ctaap",
                "CTAAP-Solver (Kravtsov et al. §3.3): components mapped onto sites by graduated "
                "assignment, weighted matching and clean-up; pairs routed on widest paths",
                with_candidates(solver_param_specs()), [](const Params& p) {
                  return make_solver_planner(solver_options_from(p), candidates_of(p));
                }});
  registry.add({"ctaap-ip",
                "Exact CTAAP 0-1 IP (Kravtsov et al. §3.2, eq. 4 linearised), CBC or GLPK; pairs "
                "routed on widest paths",
                with_candidates(ip_param_specs("", 10)), [](const Params& p) {
                  return make_ip_planner(ip_options_from(p, "", "planner 'ctaap-ip'"),
                                         candidates_of(p));
                }});
}

}  // namespace arsim::schedulers::ctaap
