#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/gridars_ip/formulation.hpp"
#include "schedulers/gridars_ip/frames.hpp"
#include "schedulers/gridars_ip/gridars_ip.hpp"
#include "schedulers/milp/mps.hpp"

namespace arsim::schedulers::gridars_ip {

namespace {

// Verify: check_plan did not build the model, so a plan it rejects is a bug here. Decoding only
// drops arcs, which never add negative value, so the plan is no dearer than the solver's solution.
void verify(const model::ResourceGraph& graph, const model::Request& request,
            const model::Availability& avail, std::size_t index, const model::Plan& plan,
            const milp::Result& result) {
  if (auto err = model::check_plan(graph, request, avail, plan))
    throw std::logic_error(fmt::format("gridars-ip: request {} frame {}: plan fails check: {}",
                                       request.id, index, *err));
  if (plan.cost > result.objective + 1e-6 * std::max(1.0, std::abs(result.objective)))
    throw std::logic_error(fmt::format(
        "gridars-ip: request {} frame {}: plan value {} above the solver's objective {}",
        request.id, index, plan.cost, result.objective));
}

// What is known about one frame of the request being planned.
struct Known {
  model::Availability avail;
  std::optional<model::Plan> plan;  // the plan returned for it; none: no plan
  bool exact = false;               // no plan proven (by solving or by counting)
};

bool same(const model::Availability& a, const model::Availability& b) {
  return a.free_cores == b.free_cores && a.free_bandwidth == b.free_bandwidth;
}

// What is known of `avail` from the frames answered before, or nothing when it needs the solver.
// Identical availability gives the same model, so the same answer (its plan moved to avail's
// frame); the shortcuts of frames.hpp only ever prove that there is no plan. A frame covered by one
// with a plan is solved, not given that plan: it would be optimal too, but among equally cheap
// plans maybe not the solver's, and the answer would depend on which frames were planned before.
std::optional<Known> known_answer(const model::ResourceGraph& graph, const model::Request& request,
                                  const model::Availability& avail, const std::vector<Known>& known,
                                  const Options& o) {
  if (!o.reuse_identical_frames) return std::nullopt;
  for (const Known& k : known)
    if (same(k.avail, avail)) {
      Known copy{avail, k.plan, k.exact};
      if (copy.plan) copy.plan->frame = avail.frame;
      return copy;
    }
  if (!o.frame_shortcuts) return std::nullopt;
  if (obviously_infeasible(graph, request, avail)) return Known{avail, std::nullopt, true};
  for (const Known& k : known)
    if (k.exact && covers(k.avail, avail))
      return Known{avail, std::nullopt, true};  // no plan with more room: none with less
  return std::nullopt;
}

// Build, solve, check and decode one frame's IP.
Known solve_frame(const model::ResourceGraph& graph, const model::Request& request,
                  const model::Availability& avail, std::size_t index, const Options& o,
                  PlannerStats& stats, long& dropped_arcs) {
  const FormulationOptions fo{o.extra_constraints, o.n_max, o.balance, o.tighten};
  milp::SolveOptions so;
  so.time_limit = o.time_limit;
  so.node_limit = o.node_limit;
  so.first_feasible = o.first_feasible;
  so.cbc_args = milp::split_words(o.cbc_args);
  const Formulation f = build_formulation(graph, request, avail, fo);
  const milp::Result result = milp::solve(f.model, o.backend, so);
  stats.solve_seconds += result.seconds;
  stats.nodes += result.nodes;
  stats.solves += 1;
  if (!o.dump_dir.empty())
    milp::write_model_dump(f.model, result, o.dump_dir,
                           fmt::format("request{}_frame{}", request.id, index));
  if (result.status == milp::Status::Error)
    throw std::runtime_error(fmt::format("gridars-ip: request {} frame {}: {} failed: {}",
                                         request.id, index, milp::to_string(o.backend),
                                         result.message));
  if (!result.has_solution())  // infeasible, or nothing found within the time limit
    return Known{avail, std::nullopt, result.status == milp::Status::Infeasible};
  Decoded d = decode(f, graph, request, avail, result);
  verify(graph, request, avail, index, d.plan, result);
  dropped_arcs += d.dropped_arcs;
  return Known{avail, std::move(d.plan), false};
}

// One request's frames answered one at a time: from what the frames answered before prove, or by a
// solve. Every answer depends on its own frame only (known_answer).
class Session final : public FramePlanning {
 public:
  Session(const Options& options, const model::ResourceGraph& graph, const model::Request& request,
          PlannerStats& stats, long& dropped_arcs)
      : options_(options),
        graph_(graph),
        request_(request),
        stats_(stats),
        dropped_arcs_(dropped_arcs) {}

  std::optional<model::Plan> plan(const model::Availability& avail) override {
    return answer(avail, planned_);
  }

  // `index` names the frame in dumps and messages.
  std::optional<model::Plan> answer(const model::Availability& avail, std::size_t index) {
    validate_input(graph_, request_, avail);
    ++planned_;
    auto k = known_answer(graph_, request_, avail, known_, options_);
    if (!k) {
      k = solve_frame(graph_, request_, avail, index, options_, stats_, dropped_arcs_);
    } else if (k->plan) {
      if (auto err = model::check_plan(graph_, request_, avail, *k->plan))
        throw std::logic_error(
            fmt::format("gridars-ip: request {} frame {}: reused plan fails check: {}", request_.id,
                        index, *err));
    }
    known_.push_back(std::move(*k));
    return known_.back().plan;
  }

 private:
  const Options& options_;
  const model::ResourceGraph& graph_;
  const model::Request& request_;
  PlannerStats& stats_;
  long& dropped_arcs_;
  std::vector<Known> known_;
  std::size_t planned_ = 0;
};

}  // namespace

std::vector<ParamSpec> param_specs() {
  using O = Options;
  return {
      choice("backend", &O::backend, {{"cbc", milp::Backend::Cbc}, {"glpk", milp::Backend::Glpk}})
          .about("MILP solver"),
      field("extra_constraints", &O::extra_constraints).about("add GridARS eqs. (10) and (11)"),
      field("n_max", &O::n_max)
          .at_least(1)
          .at_most(1e6)
          .about("N_max of eq. (11): most paths per requested network"),
      field("time_limit", &O::time_limit)
          .at_least(0)
          .in("s")
          .about("wall seconds per frame's solve (0 = none); machine-dependent when it binds"),
      field("max_variables", &O::max_variables)
          .at_least(0)
          .at_most(2e9)
          .about("most variables of one frame's model (sites x components + 2 x paths x pairs); a "
                 "larger request is refused before the run (0 = none)"),
      field("node_limit", &O::node_limit)
          .at_least(0)
          .at_most(2e9)
          .about("CBC branch-and-bound nodes per frame's solve (0 = none); deterministic"),
      field("first_feasible", &O::first_feasible)
          .about("stop at the first feasible solution (MiniSat-st-1 of Table 2)"),
      field("dump_dir", &O::dump_dir)
          .path()
          .may_be_empty()
          .about("write every solved model here as MPS + JSON"),
      field("balance", &O::balance)
          .at_least(0)
          .about("option (A) weight w: site unit value += w * used cores / cores"),
      field("tighten", &O::tighten)
          .about("add valid inequalities flow into o's site >= x, out of p's site >= x (not in "
                 "paper)"),
      field("cbc_args", &O::cbc_args)
          .may_be_empty()
          .about("CBC options as on the cbc command line: the default runs through CBC's API, any "
                 "other value (empty = CBC defaults) through its command-line driver"),
      field("reuse_identical_frames", &O::reuse_identical_frames)
          .about("solve once for frames with identical availability (false: solve every frame)"),
      field("frame_shortcuts", &O::frame_shortcuts)
          .about("answer frames without the solver where there is provably no plan: too few free "
                 "cores, no link wide enough, or no more capacity than a frame without one; needs "
                 "reuse_identical_frames"),
  };
}

Options checked(Options o) {
  try {
    milp::check_cbc_args(milp::split_words(o.cbc_args));
  } catch (const std::invalid_argument& e) {
    throw ParamError(std::string("planner 'gridars-ip': parameter 'cbc_args': ") + e.what());
  }
  return o;
}

double model_variables(const ModelSize& size) {
  return static_cast<double>(size.sites) * static_cast<double>(size.components) +
         2.0 * static_cast<double>(size.paths) * static_cast<double>(size.flow_pairs);
}

std::optional<std::string> GridarsIpPlanner::refuses(const ModelSize& size) const {
  const double variables = model_variables(size);
  if (options_.max_variables == 0 || variables <= static_cast<double>(options_.max_variables))
    return std::nullopt;
  return fmt::format(
      "planner 'gridars-ip': a request of {} components ({} with bandwidth) on {} sites and {} "
      "paths makes a model of {:.4g} variables per frame; the limit is max_variables={} (raise "
      "it, or give the platform fewer paths)",
      size.components, size.flow_pairs == 1 ? "1 pair" : fmt::format("{} pairs", size.flow_pairs),
      size.sites, size.paths, variables, options_.max_variables);
}

std::vector<model::Plan> GridarsIpPlanner::plan(const model::ResourceGraph& graph,
                                                const model::Request& request,
                                                const std::vector<model::Availability>& frames,
                                                PlannerStats& stats) {
  for (const auto& avail : frames) validate_input(graph, request, avail);
  std::vector<std::size_t> order(frames.size());
  std::iota(order.begin(), order.end(), 0);
  // Frames with the most room first, so that the no-plan shortcuts apply to the others.
  if (options_.reuse_identical_frames && options_.frame_shortcuts) order = solve_order(frames);
  Session session(options_, graph, request, stats, dropped_arcs_);
  std::vector<std::optional<model::Plan>> answers(frames.size());
  for (const std::size_t index : order) answers[index] = session.answer(frames[index], index);
  std::vector<model::Plan> plans;
  for (auto& answer : answers)
    if (answer) plans.push_back(std::move(*answer));
  return plans;
}

std::unique_ptr<FramePlanning> GridarsIpPlanner::start(const model::ResourceGraph& graph,
                                                       const model::Request& request,
                                                       PlannerStats& stats) {
  model::validate(request);
  return std::make_unique<Session>(options_, graph, request, stats, dropped_arcs_);
}

void register_planner(PlannerRegistry& registry) {
  registry.add({"gridars-ip",
                "GridARS 0-1 IP co-allocation (Takefusa et al. §3.2-3.4), one solve per frame, "
                "CBC or GLPK",
                param_specs(), [](const Params& p) -> std::unique_ptr<CoallocationPlanner> {
                  return std::make_unique<GridarsIpPlanner>(checked(p.to<Options>()));
                }});
}

}  // namespace arsim::schedulers::gridars_ip
