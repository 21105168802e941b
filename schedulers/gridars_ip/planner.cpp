#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "schedulers/gridars_ip/formulation.hpp"
#include "schedulers/gridars_ip/gridars_ip.hpp"
#include "schedulers/milp/mps.hpp"

namespace arsim::schedulers::gridars_ip {

namespace {

ParamSpec spec(std::string name, ParamType type, std::string value, std::string description,
               double min = -1e300, double max = 1e300, std::vector<std::string> choices = {}) {
  return {std::move(name),
          type,
          std::move(value),
          std::move(description),
          std::move(choices),
          min,
          max};
}

std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

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

}  // namespace

std::vector<ParamSpec> param_specs() {
  using T = ParamType;
  return {
      spec("backend", T::String, "cbc", "MILP solver", -1e300, 1e300, {"cbc", "glpk"}),
      spec("extra_constraints", T::Bool, "true", "add GridARS eqs. (10) and (11)"),
      spec("n_max", T::Int, "4", "N_max of eq. (11): most paths per requested network", 1, 1e6),
      spec("time_limit", T::Double, "10", "seconds per frame's solve (0 = none)", 0),
      spec("first_feasible", T::Bool, "false",
           "stop at the first feasible solution (MiniSat-st-1 of Table 2)"),
      spec("dump_dir", T::String, "", "write every solved model here as MPS + JSON"),
      spec("balance", T::Double, "0",
           "option (A) weight w: site unit value += w * used cores / cores", 0),
      spec("tighten", T::Bool, "false",
           "add valid inequalities flow into o's site >= x, out of p's site >= x (not in paper)"),
      spec("cbc_args", T::String, kDefaultCbcArgs,
           "CBC driver options as on the cbc command line (empty = CBC defaults)"),
      spec("reuse_identical_frames", T::Bool, "true",
           "solve once for frames with identical availability (false: solve every frame)"),
  };
}

Options options_from(const Params& params) {
  Options o;
  o.backend = milp::parse_backend(params.get_string("backend"));
  o.extra_constraints = params.get_bool("extra_constraints");
  o.n_max = params.get_int("n_max");
  o.time_limit = params.get_double("time_limit");
  o.first_feasible = params.get_bool("first_feasible");
  o.dump_dir = params.get_string("dump_dir");
  o.balance = params.get_double("balance");
  o.tighten = params.get_bool("tighten");
  o.cbc_args = params.get_string("cbc_args");
  o.reuse_identical_frames = params.get_bool("reuse_identical_frames");
  try {
    milp::check_cbc_args(split_words(o.cbc_args));
  } catch (const std::invalid_argument& e) {
    throw ParamError(std::string("planner 'gridars-ip': parameter 'cbc_args': ") + e.what());
  }
  return o;
}

std::vector<model::Plan> GridarsIpPlanner::plan(const model::ResourceGraph& graph,
                                                const model::Request& request,
                                                const std::vector<model::Availability>& frames,
                                                PlannerStats& stats) {
  const FormulationOptions fo{options_.extra_constraints, options_.n_max, options_.balance,
                              options_.tighten};
  milp::SolveOptions so;
  so.time_limit = options_.time_limit;
  so.first_feasible = options_.first_feasible;
  so.cbc_args = split_words(options_.cbc_args);
  std::vector<model::Plan> plans;
  // Availability -> the plan found for it (nullopt: none), for reuse_identical_frames.
  std::map<std::pair<std::vector<int>, std::vector<double>>, std::optional<model::Plan>> solved;
  for (std::size_t index = 0; index < frames.size(); ++index) {
    const model::Availability& avail = frames[index];
    validate_input(graph, request, avail);
    const auto key = std::make_pair(avail.free_cores, avail.free_bandwidth);
    if (auto hit = solved.find(key); options_.reuse_identical_frames && hit != solved.end()) {
      if (!hit->second) continue;
      model::Plan copy = *hit->second;
      copy.frame = avail.frame;
      if (auto err = model::check_plan(graph, request, avail, copy))
        throw std::logic_error(fmt::format("gridars-ip: request {} frame {}: reused plan fails "
                                           "check: {}", request.id, index, *err));
      plans.push_back(std::move(copy));
      continue;
    }
    const Formulation f = build_formulation(graph, request, avail, fo);
    const milp::Result result = milp::solve(f.model, options_.backend, so);
    stats.solve_seconds += result.seconds;
    stats.nodes += result.nodes;
    stats.solves += 1;
    if (!options_.dump_dir.empty())
      milp::write_model_dump(f.model, result, options_.dump_dir,
                             fmt::format("request{}_frame{}", request.id, index));
    if (result.status == milp::Status::Error)
      throw std::runtime_error(fmt::format("gridars-ip: request {} frame {}: {} failed: {}",
                                           request.id, index, milp::to_string(options_.backend),
                                           result.message));
    if (!result.has_solution()) {  // infeasible, or nothing found within the time limit
      solved.emplace(key, std::nullopt);
      continue;
    }
    Decoded d = decode(f, graph, request, avail, result);
    verify(graph, request, avail, index, d.plan, result);
    dropped_arcs_ += d.dropped_arcs;
    solved.emplace(key, d.plan);
    plans.push_back(std::move(d.plan));
  }
  return plans;
}

void register_planner(PlannerRegistry& registry) {
  registry.add({"gridars-ip",
                "GridARS 0-1 IP co-allocation (Takefusa et al. §3.2-3.4), one solve per frame, "
                "CBC or GLPK",
                param_specs(), [](const Params& p) -> std::unique_ptr<CoallocationPlanner> {
                  return std::make_unique<GridarsIpPlanner>(options_from(p));
                }});
}

}  // namespace arsim::schedulers::gridars_ip
