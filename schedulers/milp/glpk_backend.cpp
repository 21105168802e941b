// GLPK back-end: glp_intopt with the MIP presolver on (so no LP basis has to be provided) and all
// terminal output off. GLPK's branch-and-cut has no solution limit, so a callback terminates the
// search at the requested number of improving solutions; it also records the node count and the
// best bound, which glp_intopt does not return.
#include <climits>
#include <cmath>
#include <memory>
#include <vector>

#include <glpk.h>

#include "schedulers/milp/backends.hpp"

namespace arsim::schedulers::milp::detail {

namespace {

struct ProbDeleter {
  void operator()(glp_prob* p) const { glp_delete_prob(p); }
};
using ProbPtr = std::unique_ptr<glp_prob, ProbDeleter>;

struct SearchState {
  int solution_limit = 0;
  int solutions = 0;
  long nodes = 0;
  double bound = std::nan("");
};

void callback(glp_tree* tree, void* info) {
  auto* s = static_cast<SearchState*>(info);
  int active = 0, current = 0, total = 0;
  glp_ios_tree_size(tree, &active, &current, &total);
  s->nodes = total;
  if (const int best = glp_ios_best_node(tree)) s->bound = glp_ios_node_bound(tree, best);
  if (glp_ios_reason(tree) == GLP_IBINGO && s->solution_limit > 0 &&
      ++s->solutions >= s->solution_limit)
    glp_ios_terminate(tree);
}

int bound_type(double lb, double ub) {
  if (lb == -kInfinity && ub == kInfinity) return GLP_FR;
  if (ub == kInfinity) return GLP_LO;
  if (lb == -kInfinity) return GLP_UP;
  return lb == ub ? GLP_FX : GLP_DB;
}

double finite_or_zero(double v) {
  return std::isfinite(v) ? v : 0.0;
}

ProbPtr to_glpk(const Model& model) {
  ProbPtr p(glp_create_prob());
  glp_set_prob_name(p.get(), model.name().c_str());
  glp_set_obj_dir(p.get(), model.objective_sense() == ObjSense::Maximize ? GLP_MAX : GLP_MIN);
  if (model.num_vars() > 0) glp_add_cols(p.get(), model.num_vars());
  for (int i = 0; i < model.num_vars(); ++i) {
    const Variable& v = model.variable(i);
    const int col = i + 1;
    glp_set_col_name(p.get(), col, v.name.c_str());
    glp_set_col_kind(p.get(), col, v.type == VarType::Continuous ? GLP_CV : GLP_IV);
    glp_set_col_bnds(p.get(), col, bound_type(v.lb, v.ub), finite_or_zero(v.lb),
                     finite_or_zero(v.ub));
    glp_set_obj_coef(p.get(), col, v.obj);
  }
  if (model.num_constraints() > 0) glp_add_rows(p.get(), model.num_constraints());
  std::vector<int> ind;
  std::vector<double> val;
  for (int r = 0; r < model.num_constraints(); ++r) {
    const Constraint& c = model.constraint(r);
    const int row = r + 1;
    glp_set_row_name(p.get(), row, c.name.c_str());
    const int type = c.sense == Sense::Le ? GLP_UP : c.sense == Sense::Ge ? GLP_LO : GLP_FX;
    glp_set_row_bnds(p.get(), row, type, c.rhs, c.rhs);
    ind.assign(1, 0);  // GLPK arrays are 1-based
    val.assign(1, 0.0);
    for (const Term& t : c.terms) ind.push_back(t.var + 1), val.push_back(t.coef);
    glp_set_mat_row(p.get(), row, static_cast<int>(c.terms.size()), ind.data(), val.data());
  }
  return p;
}

}  // namespace

Result solve_glpk(const Model& model, const SolveOptions& options) {
  ProbPtr p = to_glpk(model);
  SearchState state;
  state.solution_limit = options.first_feasible ? 1 : options.solution_limit;
  glp_iocp parm;
  glp_init_iocp(&parm);
  parm.presolve = GLP_ON;
  parm.msg_lev = GLP_MSG_OFF;
  parm.mip_gap = options.relative_gap;
  if (options.time_limit > 0)
    parm.tm_lim = static_cast<int>(std::min(options.time_limit * 1000.0, double(INT_MAX)));
  parm.cb_func = callback;
  parm.cb_info = &state;
  const int old_term = glp_term_out(GLP_OFF);
  const int ret = glp_intopt(p.get(), &parm);
  glp_term_out(old_term);

  Result r;
  r.nodes = state.nodes;
  r.best_bound = state.bound;
  r.hit_time_limit = ret == GLP_ETMLIM;
  const int mip = glp_mip_status(p.get());
  const bool ok = ret == 0 || ret == GLP_ETMLIM || ret == GLP_ESTOP || ret == GLP_EMIPGAP;
  if (ok && (mip == GLP_OPT || mip == GLP_FEAS)) {
    r.values.resize(model.num_vars());
    for (int i = 0; i < model.num_vars(); ++i) r.values[i] = glp_mip_col_val(p.get(), i + 1);
    r.objective = model.objective_value(r.values);
    // GLP_EMIPGAP: optimal within the requested relative gap, as CBC reports it.
    const bool optimal = (ret == 0 && mip == GLP_OPT) || ret == GLP_EMIPGAP;
    r.status = optimal ? Status::Optimal : Status::Feasible;
    if (ret == 0 && mip == GLP_OPT) r.best_bound = r.objective;
  } else if (ret == GLP_ENOPFS || (ret == 0 && mip == GLP_NOFEAS)) {
    r.status = Status::Infeasible;
  } else if (ret == GLP_ETMLIM) {
    r.status = Status::TimeLimit;
  } else {
    r.status = Status::Error;
    r.message = ret == GLP_ENODFS ? "unbounded linear relaxation"
                                  : "glp_intopt returned " + std::to_string(ret);
  }
  return r;
}

}  // namespace arsim::schedulers::milp::detail
