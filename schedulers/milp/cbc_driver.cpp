// CBC through its own command-line driver (CbcMain0/CbcMain1, the code behind the cbc program:
// preprocessing, cut generators, heuristics), for option lists other than the direct settings of
// cbc_backend.cpp. Single-threaded, time measured as elapsed time, with every message handler at
// log level 0 and printing and the signal handler off, so nothing reaches stdout and no SIGINT
// handler is left behind. SolveOptions::cbc_args are passed to the driver before "-solve", as on
// the cbc command line. Calls into the driver hold one process-wide mutex (it keeps global
// state). The driver's setup costs about 1 ms per call, which dominates on small models.
#include <algorithm>
#include <charconv>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <coin/CbcModel.hpp>
#include <coin/CbcSolver.hpp>
#include <coin/OsiClpSolverInterface.hpp>

#include "schedulers/milp/backends.hpp"

namespace arsim::schedulers::milp::detail {

namespace {

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

Result solve_cbc_driver(const Model& model, const SolveOptions& options) {
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
    Result r;
    r.status = Status::Error;
    r.message = "CbcMain1 returned " + std::to_string(rc);
    return r;
  }
  return read_cbc_result(cbc, model, options);
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
