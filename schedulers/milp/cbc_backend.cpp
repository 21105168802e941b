// CBC back-end: the model is loaded into Clp through Osi and solved by CBC's own driver
// (CbcMain0/CbcMain1, the code behind the cbc program: preprocessing, cut generators, heuristics),
// single-threaded, time measured as elapsed time, with every message handler at log level 0 and
// printing and the signal handler off, so nothing reaches stdout and no SIGINT handler is left
// behind. SolveOptions::cbc_args are passed to the driver before "-solve", as on the cbc command
// line. Calls into the driver hold one process-wide mutex (it keeps global state).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <coin/CbcModel.hpp>
#include <coin/CbcSolver.hpp>
#include <coin/CoinPackedMatrix.hpp>
#include <coin/OsiClpSolverInterface.hpp>

#include "schedulers/milp/backends.hpp"

namespace arsim::schedulers::milp::detail {

namespace {

double to_coin(double v, double inf) {
  if (v == kInfinity) return inf;
  if (v == -kInfinity) return -inf;
  return v;
}

void silence(OsiClpSolverInterface& s) {
  s.messageHandler()->setLogLevel(0);
  s.getModelPtr()->messageHandler()->setLogLevel(0);
  s.setHintParam(OsiDoReducePrint, true, OsiHintTry);
}

std::vector<std::string> driver_args(const SolveOptions& o) {
  std::vector<std::string> args = {"arsim",
                                   "-log",
                                   "0",
                                   "-slog",
                                   "0",
                                   "-threads",
                                   "0",
                                   "-timeMode",
                                   "elapsed",
                                   "-randomCbcSeed",
                                   std::to_string(o.seed),
                                   "-randomSeed",
                                   std::to_string(o.seed)};
  auto add = [&](const char* name, const std::string& value) {
    args.push_back(name);
    args.push_back(value);
  };
  if (o.time_limit > 0) add("-seconds", fmt::format("{}", o.time_limit));
  const int limit = o.first_feasible ? 1 : o.solution_limit;
  if (limit > 0) add("-maxSolutions", std::to_string(limit));
  if (o.relative_gap > 0) add("-ratioGap", fmt::format("{}", o.relative_gap));
  args.insert(args.end(), o.cbc_args.begin(), o.cbc_args.end());
  args.push_back("-solve");
  args.push_back("-quit");
  return args;
}

int no_callback(CbcModel*, int) {
  return 0;
}

// CbcMain1 parses its arguments through global variables (CbcOrClpRead_mode and friends), so
// driver calls are serialised; the solves themselves are short.
std::mutex& driver_mutex() {
  static std::mutex m;
  return m;
}

// CbcMain1 prints "No match for ..." to stdout and carries on when an option is unknown, so the
// caller's options are checked first: each must name a numeric or keyword parameter (not an
// action such as -solve) and be followed by a valid value.
void check_args(const std::vector<CbcOrClpParam>& params, const std::vector<std::string>& args) {
  auto fail = [](const std::string& what) { throw std::invalid_argument("CBC options: " + what); };
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i].size() < 2 || args[i][0] != '-') fail("expected -name, got '" + args[i] + "'");
    const std::string name = args[i].substr(1);
    auto it = std::find_if(params.begin(), params.end(),
                           [&](const CbcOrClpParam& p) { return p.matches(name) == 1; });
    if (it == params.end()) fail("unknown option -" + name);
    const int type = it->type();
    if (type < 1 || type > 400) fail("-" + name + " is an action, not a parameter");
    if (i + 1 == args.size()) fail("-" + name + " needs a value");
    const std::string& value = args[++i];
    if (type > 200 && it->parameterOption(value) < 0)
      fail(fmt::format("-{} {}: valid values are {}", name, value,
                       fmt::join(it->definedKeywords(), ", ")));
    double number = 0;
    const char* end = value.data() + value.size();
    if (type <= 200 && std::from_chars(value.data(), end, number).ptr != end)
      fail("-" + name + " needs a number, got '" + value + "'");
  }
}

}  // namespace

std::unique_ptr<OsiClpSolverInterface> to_osi(const Model& model) {
  auto s = std::make_unique<OsiClpSolverInterface>();
  silence(*s);
  const double inf = s->getInfinity();
  const int n = model.num_vars();
  std::vector<double> collb(n), colub(n), obj(n);
  for (int i = 0; i < n; ++i) {
    const Variable& v = model.variable(i);
    collb[i] = to_coin(v.lb, inf);
    colub[i] = to_coin(v.ub, inf);
    obj[i] = v.obj;
  }
  CoinPackedMatrix matrix(false, 0, 0);  // row-ordered
  matrix.setDimensions(0, n);
  std::vector<double> rowlb, rowub;
  for (const Constraint& c : model.constraints()) {
    std::vector<int> ind;
    std::vector<double> val;
    for (const Term& t : c.terms) ind.push_back(t.var), val.push_back(t.coef);
    matrix.appendRow(static_cast<int>(ind.size()), ind.data(), val.data());
    rowlb.push_back(c.sense == Sense::Le ? -inf : c.rhs);
    rowub.push_back(c.sense == Sense::Ge ? inf : c.rhs);
  }
  s->loadProblem(matrix, collb.data(), colub.data(), obj.data(), rowlb.data(), rowub.data());
  for (int i = 0; i < n; ++i)
    if (model.variable(i).type != VarType::Continuous) s->setInteger(i);
  s->setObjSense(model.objective_sense() == ObjSense::Maximize ? -1.0 : 1.0);
  return s;
}

Result solve_cbc(const Model& model, const SolveOptions& options) {
  Result r;
  auto solver = to_osi(model);
  CbcModel cbc(*solver);  // CbcModel clones the solver
  silence(*dynamic_cast<OsiClpSolverInterface*>(cbc.solver()));
  cbc.setLogLevel(0);
  cbc.messageHandler()->setLogLevel(0);
  const std::lock_guard<std::mutex> lock(driver_mutex());
  CbcSolverUsefulData data;
  data.noPrinting_ = true;
  data.useSignalHandler_ = false;
  CbcMain0(cbc, data);
  check_args(data.parameters_, options.cbc_args);
  const std::vector<std::string> args = driver_args(options);
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  const int rc = CbcMain1(static_cast<int>(argv.size()), argv.data(), cbc, no_callback, data);
  if (rc != 0) {
    r.status = Status::Error;
    r.message = "CbcMain1 returned " + std::to_string(rc);
    return r;
  }

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
  } else if (r.hit_time_limit) {
    r.status = Status::TimeLimit;
  } else {
    r.status = Status::Error;
    r.message = "CBC status " + std::to_string(cbc.status()) + ", secondary " +
                std::to_string(cbc.secondaryStatus());
  }
  if (!std::isfinite(r.best_bound) || std::abs(r.best_bound) >= 1e30) r.best_bound = std::nan("");
  return r;
}

void check_cbc_args(const std::vector<std::string>& args) {
  OsiClpSolverInterface empty;  // CbcMain0 needs a solver to attach its parameters to
  silence(empty);
  CbcModel cbc(empty);
  const std::lock_guard<std::mutex> lock(driver_mutex());
  CbcSolverUsefulData data;
  data.noPrinting_ = true;
  data.useSignalHandler_ = false;
  CbcMain0(cbc, data);
  check_args(data.parameters_, args);
}

}  // namespace arsim::schedulers::milp::detail
