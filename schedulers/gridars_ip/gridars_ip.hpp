// "gridars-ip": the co-allocation planner of GridARS (Takefusa et al., §3.2–3.4), a 0-1 IP per
// candidate time frame, solved by CBC or GLPK.
//
// Per frame (each frame's Availability, used as given: option (C) scaling is the caller's):
// Validate (request, frame, availability) → Build (formulation.hpp, eqs. 1–11) → Solve →
// check status (optimal or feasible: a plan; infeasible or no solution within the time limit: no
// plan for this frame; solver error: std::runtime_error) → Verify every plan with
// model::check_plan, which did not build the model; a plan that fails is a bug and throws
// std::logic_error with the checker's message.
//
// Pins (model::Component::site, a modification of a broken reservation, GridARS §5): a pinned
// component's x variables are fixed to its site (formulation.hpp), so every plan keeps it there,
// and a frame where its site lacks its cores has no plan. Without pins the model is the paper's.
//
// Parameters:
//   backend            cbc | glpk (default cbc)
//   extra_constraints  add eqs. (10) and (11) (default true; the paper's "-st" variants)
//   n_max              N_max of eq. (11) (default 4: every ELGL pair needs at most 2 paths)
//   time_limit         wall seconds per frame's solve, 0 = none (default 10). When it binds, the
//                      plan depends on the machine and its load (docs/reference/determinism.md).
//                      It does not bound building the model or CBC's root cuts, which grow
//                      with it:
//   max_variables      the most variables of one frame's model, sites x components + 2 x paths x
//                      pairs with bandwidth (eqs. 1-2); a workload with a larger request is
//                      refused before the run (refuses()). 0 = none (default 200000). Measured on
//                      a SimGrid <cluster> with a default path per pair of hosts: 64 sites
//                      (24,000 variables) about 1 s per request, 128 sites (98,000) about 7 s,
//                      512 sites (1.6 million) no request decided in 180 s (scenarios/README.md)
//   node_limit         CBC branch-and-bound nodes per frame's solve, 0 = none (default 0): a
//                      limit that gives the same plan on every machine
//   first_feasible     stop at the first feasible solution, like the paper's MiniSat-st-1; the
//                      plan is feasible but not necessarily optimal (default false)
//   dump_dir           when not empty, every solved model is written there as
//                      request<id>_frame<index>.mps plus a .json sidecar (default empty)
//   balance            option (A) weight w >= 0 (default 0). Each site's unit value in the
//                      objective becomes vc_i + w · used_i / wc_i, where wc_i is the site's cores
//                      in the graph and used_i = max(0, wc_i − free_i) with free_i the free cores
//                      of the frame's Availability; so a component of rc_j cores costs (vc_i + w ·
//                      used_i / wc_i) · rc_j on site i, and less-loaded sites are preferred. Option
//                      (B) is the unit values vc_i, vb_k themselves.
//   tighten            add the valid inequalities of formulation.hpp (not in the paper; same
//                      optimum, much tighter linear relaxation) (default false)
//   cbc_args           CBC options as on the cbc command line (default kCbcDirectArgs of
//                      milp/solve.hpp: "-cutsOnOff off -zeroHalfCuts root -heuristicsOnOff off
//                      -preprocess off -strongBranching 0 -trustPseudoCosts 0"). The default is
//                      carried out through CBC's API directly, without its command-line driver and
//                      the ~1 ms that costs per solve; any other value (empty = CBC's defaults)
//                      runs the driver with those options. Measured on the ELGL benchmark and
//                      simulation: the paper's relaxation lets components spread fractionally over
//                      the same sites so that eq. (9) needs no flow; zero-half cuts close most of
//                      that gap at the root, and the other cut generators, heuristics,
//                      preprocessing and strong branching cost more than they save on models this
//                      small. Ignored by GLPK, which runs its defaults.
//   reuse_identical_frames  frames whose availability is identical give the same 0-1 IP, so one
//                      solve serves them all (default true; false: solve every frame, e.g. to time
//                      every solve as Table 2 does)
//   frame_shortcuts    with reuse_identical_frames, answer "no plan" without the solver where it
//                      is proven (frames.hpp): too few free cores, no link wide enough, or no more
//                      free capacity anywhere than a frame that had no plan. plan() takes frames
//                      most free capacity first so this applies, and returns plans in frame order
//                      (default true)
// Every frame's answer depends on that frame alone: a frame with a plan gets the solver's answer
// for its own model, so start() can plan frames one at a time, in any order, with the same plans.
// Stats: solves counts solver calls; frames answered without the solver add nothing.
// plan.cost is this objective (eq. 3 plus the balance term) of the returned plan.
#pragma once

#include <string>

#include "schedulers/milp/solve.hpp"
#include "schedulers/planner.hpp"

namespace arsim::schedulers::gridars_ip {

inline constexpr const char* kDefaultCbcArgs = milp::kCbcDirectArgs;

struct Options {
  milp::Backend backend = milp::Backend::Cbc;
  bool extra_constraints = true;
  int n_max = 4;
  double time_limit = 10;
  long long max_variables = 200000;
  long long node_limit = 0;
  bool first_feasible = false;
  std::string dump_dir;
  double balance = 0;
  bool tighten = false;
  std::string cbc_args = std::string(kDefaultCbcArgs);
  // Frames whose availability is identical give the same 0-1 IP, so one solve serves them all
  // (the plan is copied with its frame changed and checked again). Off to time every frame.
  bool reuse_identical_frames = true;
  bool frame_shortcuts = true;  // see above; only with reuse_identical_frames
};

std::vector<ParamSpec> param_specs();  // bound to the fields of Options
Options checked(Options options);      // ParamError when cbc_args are not CBC's options

// Variables of one frame's model for a request of `size` (eqs. 1-2).
double model_variables(const ModelSize& size);

class GridarsIpPlanner : public CoallocationPlanner, public LimitedPlanner {
 public:
  explicit GridarsIpPlanner(Options options) : options_(std::move(options)) {}

  std::vector<model::Plan> plan(const model::ResourceGraph& graph, const model::Request& request,
                                const std::vector<model::Availability>& frames,
                                PlannerStats& stats) override;
  std::unique_ptr<FramePlanning> start(const model::ResourceGraph& graph,
                                       const model::Request& request, PlannerStats& stats) override;

  std::optional<std::string> refuses(const ModelSize& size) const override;

  // Chosen arcs dropped by decoding (cycles off the walked paths) over all plans so far.
  long dropped_arcs() const { return dropped_arcs_; }

 private:
  Options options_;
  long dropped_arcs_ = 0;
};

// Registers "gridars-ip".
void register_planner(PlannerRegistry& registry);

}  // namespace arsim::schedulers::gridars_ip
