// CBC back-end, direct path (the settings of kCbcDirectArgs): the model is loaded into Clp through
// Osi from column-major arrays, and CbcModel::branchAndBound is set up through its API, skipping
// the command-line driver (cbc_driver.cpp) whose per-call setup costs more than these models take.
// Before any branch-and-bound, exact shortcuts: bound propagation (what CBC does at every node)
// proves many models infeasible outright; a root LP that is infeasible or has an integral optimum
// settles the model without building the search; and so does a root LP strengthened by a few
// rounds of zero-half cuts (root_cuts), which is where CbcModel's own root would end on most of
// the small GridARS models, at a fraction of its set-up cost. Single-threaded, every message
// handler at log level 0, fixed random seeds.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include <coin/CbcModel.hpp>
#include <coin/CglZeroHalf.hpp>
#include <coin/OsiClpSolverInterface.hpp>

#include "schedulers/milp/backends.hpp"

namespace arsim::schedulers::milp::detail {

namespace {

constexpr double kIntegerTolerance = 1e-7;  // CBC's default integer tolerance
constexpr double kFeasibilityTolerance = 1e-6;
// Passes of root_cuts. Measured on the GridARS IP (bench gridars-ip/cbc-st/type:N and full-run):
// 10 settles most small models at the root; more gain little; stopping when the bound stalls
// loses more than it saves (the LP is degenerate: cuts often help without moving it).
constexpr int kRootCutPasses = 10;

double to_coin(double v, double inf) {
  if (v == kInfinity) return inf;
  if (v == -kInfinity) return -inf;
  return v;
}

// The spacing of the objective over integer solutions: every variable with a cost is integer and
// every cost a multiple of it (after scaling by 2520 = lcm(1..10), as CBC's driver does), else 0.
// A solution better than an incumbent is then better by at least this much, so CBC may prune
// nodes whose bound is within it of the incumbent.
double objective_step(const Model& model) {
  constexpr double kScale = 2520;
  long step = 0;
  for (const Variable& v : model.variables()) {
    if (v.obj == 0 || v.lb == v.ub) continue;
    const double scaled = std::abs(v.obj) * kScale;
    if (v.type == VarType::Continuous || scaled > 2.1e9 ||
        std::abs(scaled - std::round(scaled)) > 1e-8)
      return 0;
    step = std::gcd(step, std::lround(scaled));
  }
  return static_cast<double>(step) / kScale;
}

Result without_solution(Status status, std::string message = {}) {
  Result r;
  r.status = status;
  r.message = std::move(message);
  r.best_bound = std::nan("");
  return r;
}

// The root LP's optimum when it is integral (integers within CBC's tolerance, rounded, every row
// still satisfied): then it is optimal for the MILP too, and no search is needed.
std::optional<Result> integral_optimum(const OsiSolverInterface& lp, const Model& model) {
  if (!lp.isProvenOptimal()) return std::nullopt;
  const double* x = lp.getColSolution();
  std::vector<double> values(x, x + model.num_vars());
  for (int i = 0; i < model.num_vars(); ++i) {
    if (model.variable(i).type == VarType::Continuous) continue;
    const double rounded = std::round(values[i]);
    if (std::abs(values[i] - rounded) > kIntegerTolerance) return std::nullopt;
    values[i] = rounded;
  }
  if (model.max_violation(values) > kFeasibilityTolerance) return std::nullopt;
  Result r;
  r.status = Status::Optimal;
  r.values = std::move(values);
  r.objective = model.objective_value(r.values);
  r.best_bound = r.objective;
  return r;
}

// Bound propagation over the rows, repeated while it tightens something (a few rounds reach the
// fixed point on these models). False when it proves the model infeasible.
bool propagate_bounds(OsiClpSolverInterface& lp) {
  for (int round = 0; round < 3; ++round) {
    const int tightened = lp.tightenBounds();
    if (tightened < 0) return false;
    if (tightened == 0) break;
  }
  return true;
}

// Zero-half cuts (the generator kCbcDirectArgs keeps at the root) added to the LP as rows, and the
// LP re-solved, while cuts are found and the optimum stays fractional. A valid cut keeps every
// integer solution, so an integral optimum of the cut LP is optimal for the model and an
// infeasible cut LP proves the model infeasible. Nothing: still fractional, search on.
std::optional<Result> root_cuts(OsiClpSolverInterface& lp, const Model& model, int max_passes) {
  CglZeroHalf zero_half;
  zero_half.refreshSolver(&lp);
  for (int pass = 0; pass < max_passes; ++pass) {
    OsiCuts cuts;
    CglTreeInfo info;
    info.level = 0;
    info.pass = pass;
    zero_half.generateCuts(lp, cuts, info);
    if (cuts.sizeRowCuts() == 0) return std::nullopt;
    lp.applyCuts(cuts);
    lp.resolve();
    if (lp.isProvenPrimalInfeasible()) return without_solution(Status::Infeasible);
    if (!lp.isProvenOptimal()) return std::nullopt;
    if (auto r = integral_optimum(lp, model)) return r;
  }
  return std::nullopt;
}

// The search: kCbcDirectArgs (no heuristics or preprocessing, zero-half cuts at the root only,
// no strong branching) plus the caller's limits. Root cut passes and the minimum drop are the
// driver's choices for models under 500 columns.
void configure(CbcModel& cbc, const Model& model, const SolveOptions& o, double root_lp) {
  auto* clp = dynamic_cast<OsiClpSolverInterface*>(cbc.solver());
  silence(*clp);
  cbc.setLogLevel(0);
  cbc.messageHandler()->setLogLevel(0);
  cbc.setNumberThreads(0);
  cbc.setRandomSeed(o.seed);
  cbc.setUseElapsedTime(true);
  if (o.time_limit > 0) cbc.setMaximumSeconds(o.time_limit);
  const int limit = o.first_feasible ? 1 : o.solution_limit;
  if (limit > 0) cbc.setMaximumSolutions(limit);
  if (o.relative_gap > 0) cbc.setAllowableFractionGap(o.relative_gap);
  if (o.node_limit > 0) cbc.setMaximumNodes(static_cast<int>(std::min(o.node_limit, 2000000000L)));
  if (const double step = objective_step(model); step > 0) cbc.setCutoffIncrement(step * 0.999);
  // Measured: strong branching costs more than the nodes it saves on these models, whose searches
  // mostly end within a few dozen nodes.
  cbc.setNumberStrong(0);
  cbc.setNumberBeforeTrust(0);
  cbc.setMaximumCutPassesAtRoot(-100);  // negative: up to 100 passes, even when they gain little
  cbc.setMaximumCutPasses(4);
  cbc.setMinimumDrop(std::min(5e-2, std::abs(root_lp) * 1e-5 + 1e-5));
}

}  // namespace

void silence(OsiClpSolverInterface& s) {
  s.messageHandler()->setLogLevel(0);
  s.getModelPtr()->messageHandler()->setLogLevel(0);
  s.setHintParam(OsiDoReducePrint, true, OsiHintTry);
}

std::unique_ptr<OsiClpSolverInterface> to_osi(const Model& model) {
  auto s = std::make_unique<OsiClpSolverInterface>();
  silence(*s);
  const double inf = s->getInfinity();
  const int n = model.num_vars(), m = model.num_constraints();
  std::vector<double> collb(n), colub(n), obj(n), rowlb(m), rowub(m);
  std::vector<int> start(n + 1, 0);  // entries per column, then where each column starts
  for (int i = 0; i < n; ++i) {
    const Variable& v = model.variable(i);
    collb[i] = to_coin(v.lb, inf);
    colub[i] = to_coin(v.ub, inf);
    obj[i] = v.obj;
  }
  for (int r = 0; r < m; ++r) {
    const Constraint& c = model.constraint(r);
    rowlb[r] = c.sense == Sense::Le ? -inf : c.rhs;
    rowub[r] = c.sense == Sense::Ge ? inf : c.rhs;
    for (const Term& t : c.terms) ++start[t.var + 1];
  }
  std::partial_sum(start.begin(), start.end(), start.begin());
  std::vector<int> next(start.begin(), start.end() - 1), index(start[n]);
  std::vector<double> value(start[n]);
  for (int r = 0; r < m; ++r)  // rows in order, so each column lists its rows sorted
    for (const Term& t : model.constraint(r).terms) {
      index[next[t.var]] = r;
      value[next[t.var]++] = t.coef;
    }
  s->loadProblem(n, m, start.data(), index.data(), value.data(), collb.data(), colub.data(),
                 obj.data(), rowlb.data(), rowub.data());
  for (int i = 0; i < n; ++i)
    if (model.variable(i).type != VarType::Continuous) s->setInteger(i);
  s->setObjSense(model.objective_sense() == ObjSense::Maximize ? -1.0 : 1.0);
  return s;
}

Result read_cbc_result(const CbcModel& cbc, const Model& model, const SolveOptions& options) {
  Result r;
  r.nodes = cbc.getNodeCount();
  r.hit_time_limit = cbc.isSecondsLimitReached();
  r.best_bound = cbc.getBestPossibleObjValue();
  if (cbc.isContinuousUnbounded()) {
    r.status = Status::Error;
    r.message = "unbounded linear relaxation";
  } else if (const double* x = cbc.bestSolution()) {
    r.values.assign(x, x + model.num_vars());
    r.objective = model.objective_value(r.values);
    r.status = cbc.isProvenOptimal() ? Status::Optimal : Status::Feasible;
    if (r.status == Status::Optimal && options.relative_gap == 0) r.best_bound = r.objective;
  } else if (cbc.isProvenInfeasible() || cbc.isInitialSolveProvenPrimalInfeasible()) {
    r.status = Status::Infeasible;
  } else if (r.hit_time_limit || cbc.isNodeLimitReached()) {
    r.status = Status::TimeLimit;
  } else {
    r.status = Status::Error;
    r.message = "CBC status " + std::to_string(cbc.status()) + ", secondary " +
                std::to_string(cbc.secondaryStatus());
  }
  if (!std::isfinite(r.best_bound) || std::abs(r.best_bound) >= 1e30) r.best_bound = std::nan("");
  return r;
}

Result solve_cbc(const Model& model, const SolveOptions& options) {
  static const std::vector<std::string> direct = split_words(kCbcDirectArgs);
  if (options.cbc_args != direct) return solve_cbc_driver(model, options);
  auto lp = to_osi(model);
  lp->getModelPtr()->setRandomSeed(options.seed);
  lp->setHintParam(OsiDoPresolveInInitial, false, OsiHintDo);  // costs more than it saves here
  if (!propagate_bounds(*lp)) return without_solution(Status::Infeasible);
  lp->initialSolve();
  if (lp->isProvenDualInfeasible())
    return without_solution(Status::Error, "unbounded linear relaxation");
  if (lp->isProvenPrimalInfeasible()) return without_solution(Status::Infeasible);
  if (auto r = integral_optimum(*lp, model)) return *std::move(r);
  std::srand(static_cast<unsigned>(options.seed));  // CglZeroHalf draws from std::rand
  if (auto r = root_cuts(*lp, model, kRootCutPasses)) return *std::move(r);

  CbcModel cbc(*lp);  // clones the solver, with its root solution and basis
  lp.reset();
  configure(cbc, model, options, cbc.solver()->getObjValue());
  if (static_cast<int>(options.start.size()) == model.num_vars() &&
      model.max_violation(options.start) <= kFeasibilityTolerance)
    cbc.setBestSolution(options.start.data(), model.num_vars(),
                        cbc.solver()->getObjSense() * model.objective_value(options.start), true);
  CglZeroHalf zero_half;
  cbc.addCutGenerator(&zero_half, -99, "ZeroHalf");  // -99: at the root node only
  std::srand(static_cast<unsigned>(options.seed));   // CglZeroHalf draws from std::rand
  cbc.branchAndBound();
  return read_cbc_result(cbc, model, options);
}

}  // namespace arsim::schedulers::milp::detail
