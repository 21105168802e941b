// The 0-1 IP of GridARS §3.2–3.4 (Takefusa et al.) for one request and one time frame, and the
// reading of a solution back into a reservation plan.
//
// Variables (eqs. 1–2):
//   x_{i,j}  for every compute site i (exchange points can never host a component, so they get no
//            x) and every component j; for a component pinned to vertex p (model::Component::site,
//            a modification of a broken reservation, GridARS §5) fixed by its bounds to x_{p,j} = 1
//            and x_{i,j} = 0 for i ≠ p, so the other constraints hold it there (a pin on a site
//            without rc_j free cores breaks eq. (6): no plan);
//   y_{k,l}  for each of the two orientations k of every undirected edge (path) and every requested
//            pair l with rb_l > 0. Pairs with rb_l = 0 get no y at all, which is eq. (7)'s "= 0"
//            case.
// Objective (3): minimise Σ vc'_i·rc_j·x_{i,j} + Σ vb_k·rb_l·y_{k,l}, where
//   vc'_i = vc_i + balance · used_i / wc_i   (administrator option (A), §3.4),
//   used_i = max(0, wc_i − free_i), wc_i the site's cores in the graph, free_i its free cores in
//   this frame's Availability. With balance = 0 this is exactly eq. (3); option (B) is the unit
//   values vc_i, vb_k themselves.
// Constraints, per frame with the free capacities of its Availability:
//   (4) Σ_i x_{i,j} = 1;  (5) Σ_j x_{i,j} ≤ 1;  (6) Σ_j rc_j·x_{i,j} ≤ free_i;
//   (7) Σ_k y_{k,l} ≥ 1 for rb_l > 0;
//   (8) Σ_l rb_l·(y_{k→,l} + y_{k←,l}) ≤ free_bandwidth_k — both orientations share the edge;
//   (9) for every pair l = (o, p) = (pair.a, pair.b) and every vertex m (sites and exchange
//   points):
//       Σ_{arcs into m} y − Σ_{arcs out of m} y = x_{m,o} − x_{m,p}   (x terms only at sites).
//       As printed, the net inflow is +1 at o's site, so the chosen arcs run from p's site to o's;
//       orientation does not matter for bandwidth or value, and decode() walks them backwards.
//   (10) optional: for every pair l and every two vertices m ≠ n joined by at least one edge,
//        Σ of y over all arcs between m and n, both directions, ≤ 1. With parallel edges (allowed
//        in our graphs, absent from the paper's) we sum over all of them: a simple path uses at
//        most one edge between two vertices, so this cuts no plan check_plan accepts.
//   (11) optional: Σ_k y_{k,l} ≤ N_max for every pair l.
// Not in the paper, always (latency bound): for every pair l with rb_l > 0 and a latency bound L_l
// (model::Pair::max_latency, seconds),
//       Σ_k lat_k·y_{k,l} ≤ L_l   over both orientations k of every edge, lat_k its latency
//   (model::Edge::latency). A pair without a bound gets no row, so the model of a request without
//   bounds is what it was. decode() keeps a subset of the chosen arcs (the walked path), whose
//   latency is at most the left-hand side, so the plan meets the bound; check_plan verifies it.
// Not in the paper, optional (tighten, default off): for every pair l = (o, p) and every site m,
//   Σ_{arcs into m} y_{k,l} ≥ x_{m,o}   and   Σ_{arcs out of m} y_{k,l} ≥ x_{m,p}.
// Every integer solution of (4)–(9) satisfies them (the path arrives at o's site and leaves p's),
// so the optimum is unchanged; they only forbid the linear relaxation's trick of spreading o and p
// over the same sites so that the right-hand side of (9) cancels and no flow is needed, which
// leaves the paper's relaxation far below the optimum.
#pragma once

#include <string>
#include <vector>

#include "model/plan.hpp"
#include "model/request.hpp"
#include "model/resource_graph.hpp"
#include "schedulers/milp/model.hpp"
#include "schedulers/milp/solve.hpp"

namespace arsim::schedulers::gridars_ip {

struct FormulationOptions {
  bool extra_constraints = true;  // eqs. (10) and (11)
  int n_max = 4;                  // N_max of eq. (11)
  double balance = 0;             // option (A) weight, >= 0
  bool tighten = false;           // the valid inequalities above (not in the paper)
};

struct Arc {
  int edge = -1;
  int from = -1;
  int to = -1;
};

struct Formulation {
  milp::Model model;
  std::vector<int> sites;                 // vertex ids of the rows i of x
  std::vector<std::vector<milp::Var>> x;  // x[site index][component]
  std::vector<double> site_value;         // vc'_i per site index (see above)
  std::vector<Arc> arcs;                  // arcs[2e] = a→b, arcs[2e+1] = b→a of edge e
  std::vector<int> flow_pairs;            // request pair ids with rb > 0
  std::vector<std::vector<milp::Var>> y;  // y[flow pair index][arc]
};

// Throws std::invalid_argument when the request is malformed (model::validate), the availability
// does not match the graph, or the frame does not have the request's duration inside
// [EST, LST + D].
void validate_input(const model::ResourceGraph& g, const model::Request& r,
                    const model::Availability& avail);

Formulation build_formulation(const model::ResourceGraph& g, const model::Request& r,
                              const model::Availability& avail, const FormulationOptions& o);

struct Decoded {
  model::Plan plan;
  int dropped_arcs = 0;  // chosen y's not on the walked path (zero-flow cycles), see decode()
};

// Reads a solution (has_solution() must hold) into a plan over avail.frame: each component's site
// from x, each pair's route by walking chosen arcs from the site of pair.a to the site of pair.b.
// plan.cost is the objective value of the decoded plan. Throws std::logic_error when x does not
// place every component or no walk exists (both mean the model is wrong).
Decoded decode(const Formulation& f, const model::ResourceGraph& g, const model::Request& r,
               const model::Availability& avail, const milp::Result& result);

// The objective (3) with option (A) of a plan: Σ vc'_i·rc_j + Σ vb_k·rb_l over its routes.
double plan_objective(const Formulation& f, const model::ResourceGraph& g, const model::Request& r,
                      const model::Plan& p);

}  // namespace arsim::schedulers::gridars_ip
