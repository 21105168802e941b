// "ctaap" and "ctaap-ip" as CoallocationPlanners in the simulator (GridARS stage 2iii): per
// candidate frame, the request is cast as a CTAAP instance (§3.2), mapped by CTAAP-Solver (§3.3)
// or by the exact IP (ip.hpp), and the mapped pairs are then routed on the reservation graph.
//
// The instance of one frame (site_problem):
//  - tasks = the request's components: c_i = cores asked for, m_i = 0 (memory is not requested);
//    b_ik = b_ki = the bandwidth of the pair (a, b) = (i, k), summed if a pair is listed twice,
//    0 when the components need no path.
//  - clusters = the compute sites (at most `candidates` of them, those with the most free cores:
//    site_problem.hpp): ĉ_j = the site's free cores in the frame, m̂_j = 0.
//  - One component per site (cap_j = 1 when the site has a free core, else 0). CTAAP lets a
//    cluster hold several tasks, but a GridARS plan and model::check_plan allow one component per
//    site (GridARS eq. 6): a component asks for `cpus` cores of one site, so a site is one CTAAP
//    "machine" of ĉ_j cores, and two components on one site would be one larger component. With
//    cap_j = 1 eq. (3) says exactly "the site has the cores" and the self-loops b̂_jj never matter.
//  - b̂_jl = the widest-path bandwidth between sites j and l: the largest bottleneck of free
//    bandwidth over the paths of the graph (through sites and exchange points, any number of
//    edges), read off a maximum spanning forest (site_problem.hpp). Not the maximum
//    flow: a plan routes each pair on one chain of edges (model::Plan), so what the network can
//    carry for one pair is the widest path's bottleneck; a max flow would promise bandwidth only
//    split routes can deliver.
//
// Pins (model::Component::site, a modification of a broken reservation, GridARS §5): a pinned
// component is no task of the instance but stays on its site, which is no cluster; the tasks may
// only take clusters whose widest path to each pinned partner carries what they exchange
// (site_problem.hpp). A pin that is no compute site leaves every frame without a plan, and so does
// a frame where a pinned site lacks its component's cores. Without pins the instance is the one
// described above.
//
// A frame yields a plan only if every task is allocated (allocation size n); a request of
// more components than the graph has sites is answered without building any instance. The pairs are
// then routed like greedy's step 2 (routing::route_pair, schedulers/routing/latency_path.hpp: the
// widest path, within the pair's latency bound when it has one), largest bandwidth first (ties:
// pair order), each path's bandwidth deducted from the frame's free bandwidth before the next.
// The instance itself knows no latency (b̂_jl is a bandwidth): a mapping whose pair cannot meet
// its bound on any wide enough path leaves that frame without a plan. Eq. (4) checks each pair
// against the bandwidth alone, while pairs sharing an edge must fit together, so routing can still
// fail: then the frame has no plan. Plans are verified with model::check_plan (a failure is a bug:
// std::logic_error); plan.cost is model::plan_value.
//
// Parameters: "ctaap" takes solver_param_specs() (options.hpp); "ctaap-ip" takes backend,
// time_limit (default 10 s per frame), linearisation, cbc_args; both take candidates (32). ctaap-ip
// maximises Σ x like the paper's IP; a time-limited incumbent that allocates every component is a
// plan too.
#pragma once

#include <optional>
#include <vector>

#include "schedulers/ctaap/ip.hpp"
#include "schedulers/ctaap/site_problem.hpp"
#include "schedulers/ctaap/solver.hpp"
#include "schedulers/planner.hpp"

namespace arsim::schedulers::ctaap {

// The plan placing component i on vertex sites[i], its pairs routed as above; nothing when a pair
// finds no path.
std::optional<model::Plan> route_plan(const model::ResourceGraph& graph,
                                      const model::Request& request,
                                      const model::Availability& avail,
                                      const std::vector<int>& sites);

// Maps one frame's instance to an allocation; returns it and adds to the stats.
class FrameMapper {
 public:
  virtual ~FrameMapper() = default;
  virtual Allocation map(const Instance& inst, PlannerStats& stats) = 0;
};

// The CoallocationPlanner around a FrameMapper.
class CtaapPlanner : public CoallocationPlanner {
 public:
  // `candidates`: site_problem's bound on the clusters (0 = every site).
  CtaapPlanner(std::unique_ptr<FrameMapper> mapper, std::string name, int candidates)
      : mapper_(std::move(mapper)), name_(std::move(name)), candidates_(candidates) {}

  std::vector<model::Plan> plan(const model::ResourceGraph& graph, const model::Request& request,
                                const std::vector<model::Availability>& frames,
                                PlannerStats& stats) override;

 private:
  std::unique_ptr<FrameMapper> mapper_;
  std::string name_;
  int candidates_;
};

std::unique_ptr<CoallocationPlanner> make_solver_planner(SolverOptions options, int candidates);
std::unique_ptr<CoallocationPlanner> make_ip_planner(IpOptions options, int candidates);

// Registers "ctaap" and "ctaap-ip".
void register_planners(PlannerRegistry& registry);

}  // namespace arsim::schedulers::ctaap
